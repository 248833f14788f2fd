import { defineEntropyPolicy, type EntropyPolicy, entropiesParameter } from "./entropy-policy.js";

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
    entropies: entropiesParameter("entropy values to cycle through (uet-htsim's -paths, default 64)"),
  },
  create:
    ({ entropies }) =>
    () =>
      new RoundRobinSpraying(entropies),
});
