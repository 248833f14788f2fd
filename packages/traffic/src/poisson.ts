import type { SpecOf } from "@losslab/kinds";
import { messageGeneratorKind } from "./message-generator.js";

const poissonKind = messageGeneratorKind(
  "poisson",
  "each source injects messages with exponential gaps of mean `meanBytes / (load x bandwidth)`",
);

/**
 * Poisson injection: each source's messages arrive with exponentially distributed gaps of
 * mean `meanBytes / (load x bandwidth)`, from `startUs` on, so the offered load is `load` x
 * the link bandwidth. Unlike `bernoulli`, arrivals are not aligned to slots.
 *
 * Streams per source: `traffic/<name>/<source>/arrivals`, `.../destinations`, `.../sizes`.
 * Arguments as `bernoulli`'s.
 *
 * @example
 * poisson({ load: 0.5, size: { kind: "uniform", minBytes: 256, maxBytes: 1024 }, destinations: { kind: "permutation" } });
 */
export const poisson = poissonKind.generate;

/** Registry entry (create-generator.ts). */
export const poissonDefinition = poissonKind.definition;

/** Scenario spec of the Poisson message generator. */
export type PoissonSpec = SpecOf<typeof poissonDefinition>;
