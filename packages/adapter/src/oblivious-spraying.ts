import type { RandomStream } from "@losslab/engine";
import { defineEntropyPolicy, type EntropyPolicy, entropiesParameter } from "./entropy-policy.js";

/**
 * Oblivious packet spraying (OPS, the REPS paper's baseline, arXiv:2407.21625): each packet's
 * entropy is drawn uniformly from `entropies` values, whatever the ACKs say. uet-htsim's
 * `oblivious` instead cycles through the values in an order XORed with a mask redrawn every
 * cycle (uec_mp.cpp:7-44); a draw per packet is the textbook scheme and needs no power of 2.
 */
export class ObliviousSpraying implements EntropyPolicy {
  constructor(
    private readonly entropies: number,
    private readonly stream: RandomStream,
  ) {}

  next(): number {
    return this.stream.uniformInt(0, this.entropies - 1);
  }

  acked(): void {}
}

/** Registry entry (entropy-policies.ts). */
export const obliviousSprayingDefinition = defineEntropyPolicy({
  kind: "oblivious",
  description:
    "oblivious packet spraying: every packet's entropy drawn uniformly at random from the host's seeded stream (REPS paper's OPS)",
  parameters: {
    entropies: entropiesParameter("entropy values to draw from (uet-htsim's -paths, default 64)"),
  },
  create:
    ({ entropies }) =>
    (stream) =>
      new ObliviousSpraying(entropies, stream),
});
