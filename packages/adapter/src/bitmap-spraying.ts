import type { RandomStream } from "@losslab/engine";
import { KindError } from "@losslab/kinds";
import { defineEntropyPolicy, type EntropyPolicy, entropiesParameter } from "./entropy-policy.js";

/** A path's penalty is capped at 15 (uet-htsim's `_max_penalty`, uec_mp.cpp:54). */
const MAX_PENALTY = 15;
/** Penalties per feedback: an ECN echo 1, a NACK 4 (uec_mp.cpp:81-86). */
const ECN_PENALTY = 1;
const NACK_PENALTY = 4;

/**
 * uet-htsim's `bitmap` multipath (uec_mp.cpp:47-135): the flow cycles through its N entropies
 * in an order XORed with a mask redrawn at every wrap (N a power of 2), skipping entropies
 * with a penalty. An ECN echo adds 1, a NACK 4, capped at 15; an unmarked ACK changes
 * nothing. Each call lowers the penalty of the first entropy it skips by 1 (not of the others
 * it skips), so a path comes back after a few turns. When every entropy has a penalty, the one
 * reached after N skips is taken anyway. uet-htsim also ORs random upper bits, fixed per
 * connection, into the value; losslab's ECMP hash already includes the flow, so they are left out.
 * uet-htsim's timeout penalty (15) goes to entropy 0, the timeout not knowing the packet's
 * (uec.cpp:2331-2333); losslab gives none.
 */
export class BitmapSpraying implements EntropyPolicy {
  private readonly penalties: Uint8Array;
  private readonly mask: number;
  private index = 0;
  private xor: number;

  constructor(
    entropies: number,
    private readonly stream: Pick<RandomStream, "uniformInt">,
  ) {
    this.penalties = new Uint8Array(entropies);
    this.mask = entropies - 1;
    this.xor = stream.uniformInt(0, this.mask);
  }

  /** The penalty `entropy` has now (0: not skipped). */
  penalty(entropy: number): number {
    return this.penalties[entropy & this.mask]!;
  }

  next(): number {
    let entropy = this.current();
    let skipped = 0;
    while (this.penalties[entropy]! > 0 && skipped <= this.mask) {
      if (skipped === 0) this.penalties[entropy]!--;
      skipped++;
      this.advance();
      entropy = this.current();
    }
    this.advance();
    return entropy;
  }

  acked(entropy: number, marked: boolean): void {
    if (marked) this.penalise(entropy, ECN_PENALTY);
  }

  nacked(entropy: number): void {
    this.penalise(entropy, NACK_PENALTY);
  }

  private penalise(entropy: number, penalty: number): void {
    if (entropy < 0) return;
    const at = entropy & this.mask;
    this.penalties[at] = Math.min(this.penalties[at]! + penalty, MAX_PENALTY);
  }

  private current(): number {
    return (this.index ^ this.xor) & this.mask;
  }

  private advance(): void {
    this.index++;
    if (this.index > this.mask) {
      this.index = 0;
      this.xor = this.stream.uniformInt(0, this.mask);
    }
  }
}

/** `entropies` for the masked cycles of `bitmap` and `mixed`: uet-htsim requires a power of 2 (uec_mp.cpp:31). */
export function powerOfTwoEntropies(entropies: number): number {
  if ((entropies & (entropies - 1)) !== 0) {
    throw new KindError(
      "multipath.entropies",
      `multipath.entropies must be a power of 2 (1, 2, 4, ..., 65536) for a masked cycle, got ${entropies}`,
    );
  }
  return entropies;
}

/** Registry entry (entropy-policies.ts). */
export const bitmapSprayingDefinition = defineEntropyPolicy({
  kind: "bitmap",
  description:
    "uet-htsim's bitmap: cycle through the entropies in a random XOR order, skipping those penalised by ECN (1) and NACKs (4) (uec_mp.cpp:47-135)",
  parameters: {
    entropies: entropiesParameter("entropy values to cycle through, a power of 2 (uet-htsim's -paths, default 64)"),
  },
  create: ({ entropies }) => {
    const n = powerOfTwoEntropies(entropies);
    return (stream) => new BitmapSpraying(n, stream);
  },
});
