import type { RandomStream } from "@losslab/engine";
import { defineEntropyPolicy, type EntropyPolicy, entropiesParameter } from "./entropy-policy.js";

/**
 * REPS, recycled entropy packet spraying (Bonato et al., arXiv:2407.21625; uet-htsim's `reps`,
 * uec_mp.cpp:137-196 and buffer_reps.cpp:25-82): a circular buffer of `buffer` entropies (8)
 * that came back on ACKs without ECN. An unmarked ACK writes its entropy at the head,
 * overwriting the oldest; each packet takes the earliest entropy not yet reused (each is
 * reused once: lifetime 1, buffer_reps.cpp:6), else a fresh one drawn uniformly below
 * `entropies`. A marked ACK's entropy is dropped, so the flow moves off congested paths.
 * uet-htsim's freezing after a timeout (buffer_reps.cpp:8) is left out: a lossless fabric has
 * no timeouts (docs/spec/uec.md choice C12).
 */
export class Reps implements EntropyPolicy {
  private readonly values: Int32Array;
  /** Where the next unmarked ACK's entropy goes. */
  private head = 0;
  /** Entropies stored and not yet reused: the `fresh` slots before `head`. */
  private fresh = 0;

  constructor(
    buffer: number,
    private readonly entropies: number,
    private readonly stream: RandomStream,
  ) {
    this.values = new Int32Array(buffer);
  }

  /** Entropies waiting to be reused. */
  get stored(): number {
    return this.fresh;
  }

  next(): number {
    if (this.fresh === 0) return this.stream.uniformInt(0, this.entropies - 1);
    const size = this.values.length;
    const entropy = this.values[(this.head - this.fresh + size) % size]!;
    this.fresh--;
    return entropy;
  }

  acked(entropy: number, marked: boolean): void {
    if (marked || entropy < 0) return;
    this.values[this.head] = entropy;
    this.head = (this.head + 1) % this.values.length;
    if (this.fresh < this.values.length) this.fresh++;
  }
}

/** Registry entry (entropy-policies.ts). */
export const repsDefinition = defineEntropyPolicy({
  kind: "reps",
  description:
    "REPS: reuse the entropies of ACKs that came back without ECN, from a circular buffer, else a fresh random one (arXiv:2407.21625; uet-htsim uec_mp.cpp:137-196)",
  parameters: {
    entropies: entropiesParameter("entropy values a fresh one is drawn from (uet-htsim's -paths, default 64)"),
    buffer: {
      type: "integer",
      min: 1,
      max: 1024,
      default: 8,
      description: "entropies the circular buffer keeps (uet-htsim's repsBufferSize, buffer_reps.cpp:5)",
    },
  },
  create:
    ({ entropies, buffer }) =>
    (stream) =>
      new Reps(buffer, entropies, stream),
});
