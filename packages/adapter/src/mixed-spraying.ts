import type { RandomStream } from "@losslab/engine";
import { BitmapSpraying, powerOfTwoEntropies } from "./bitmap-spraying.js";
import { defineEntropyPolicy, type EntropyPolicy, entropiesParameter } from "./entropy-policy.js";

/**
 * uet-htsim's `mixed` multipath, the default of its validation plans (uec_mp.cpp:264-288,
 * `dc/main_uec.cpp:88-89`): every entropy an unmarked ACK echoes joins a first-in first-out
 * list (the legacy REPS's unbounded one, uec_mp.cpp:199-211); each packet reuses the oldest
 * listed entropy, else takes the bitmap cycle's next ({@link BitmapSpraying}). All feedback
 * also reaches the bitmap, so its penalties keep counting while entropies are recycled.
 */
export class MixedSpraying implements EntropyPolicy {
  private readonly bitmap: BitmapSpraying;
  /** The recycled entropies, oldest at `head`. */
  private readonly good: number[] = [];
  private head = 0;

  constructor(entropies: number, stream: Pick<RandomStream, "uniformInt">) {
    this.bitmap = new BitmapSpraying(entropies, stream);
  }

  /** Entropies waiting to be reused. */
  get stored(): number {
    return this.good.length - this.head;
  }

  next(): number {
    if (this.head === this.good.length) return this.bitmap.next();
    const entropy = this.good[this.head++]!;
    // Drop the used prefix now and then, so the list does not grow with the flow.
    if (this.head === this.good.length || this.head >= 1024) {
      this.good.splice(0, this.head);
      this.head = 0;
    }
    return entropy;
  }

  acked(entropy: number, marked: boolean): void {
    this.bitmap.acked(entropy, marked);
    if (!marked && entropy >= 0) this.good.push(entropy);
  }

  nacked(entropy: number): void {
    this.bitmap.nacked(entropy);
  }
}

/** Registry entry (entropy-policies.ts). */
export const mixedSprayingDefinition = defineEntropyPolicy({
  kind: "mixed",
  description:
    "uet-htsim's mixed (its default): reuse entropies of unmarked ACKs, oldest first, else the bitmap cycle (uec_mp.cpp:264-288)",
  parameters: {
    entropies: entropiesParameter("entropy values of the bitmap cycle, a power of 2 (uet-htsim's -paths, default 64)"),
  },
  create: ({ entropies }) => {
    const n = powerOfTwoEntropies(entropies);
    return (stream) => new MixedSpraying(n, stream);
  },
});
