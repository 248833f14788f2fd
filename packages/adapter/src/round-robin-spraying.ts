import { defineEntropyPolicy, type EntropyPolicy } from "./entropy-policy.js";

/** The most entropy values a multipath kind takes: UEC's EV is a 16-bit field. */
export const MAX_ENTROPIES = 65536;

/** Round-robin spraying: the flow's packets take entropies 0, 1, ..., N-1, 0, ... in turn, ignoring feedback. */
export class RoundRobinSpraying implements EntropyPolicy {
  private turn = 0;

  constructor(private readonly entropies: number) {}

  next(): number {
    const entropy = this.turn;
    this.turn = entropy + 1 === this.entropies ? 0 : entropy + 1;
    return entropy;
  }

  acked(): void {}
}

/** Registry entry (entropy-policies.ts). */
export const roundRobinSprayingDefinition = defineEntropyPolicy({
  kind: "round-robin",
  description:
    "round-robin spraying: each flow's packets cycle through entropies 0..N-1 (uet-htsim's oblivious cycle without its random mask, uec_mp.cpp:29-44)",
  parameters: {
    entropies: {
      type: "integer",
      min: 1,
      max: MAX_ENTROPIES,
      default: 64,
      description: "entropy values to cycle through (uet-htsim's -paths, default 64)",
    },
  },
  create:
    ({ entropies }) =>
    () =>
      new RoundRobinSpraying(entropies),
});
