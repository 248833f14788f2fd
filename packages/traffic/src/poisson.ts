import type { SpecOf } from "@losslab/kinds";
import type { NestedTrafficKinds } from "./generator-definition.js";
import { type MessageGeneratorOptions, messageGenerator, messageGeneratorDefinition } from "./message-generator.js";
import { nestedTrafficKinds } from "./nested-kinds.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/**
 * Poisson injection: each source's messages arrive with exponentially distributed gaps of
 * mean `meanBytes / (load x bandwidth)`, from `startUs` on, so the offered load is `load` x
 * the link bandwidth. Unlike `bernoulli`, arrivals are not aligned to slots.
 *
 * Streams per source: `traffic/<name>/<source>/arrivals`, `.../destinations`, `.../sizes`.
 * `kinds`: the destination patterns and size distributions it may name (default: the built-in ones).
 *
 * @example
 * poisson({ load: 0.5, size: { kind: "uniform", minBytes: 256, maxBytes: 1024 }, destinations: { kind: "permutation" } });
 */
export function poisson(
  options: MessageGeneratorOptions,
  path = "traffic",
  kinds: NestedTrafficKinds = nestedTrafficKinds,
): TrafficGenerator {
  return messageGenerator("poisson", options, path, kinds);
}

/** Registry entry (create-generator.ts). */
export const poissonDefinition = messageGeneratorDefinition(
  "poisson",
  "each source injects messages with exponential gaps of mean `meanBytes / (load x bandwidth)`",
);

/** Scenario spec of the Poisson message generator. */
export type PoissonSpec = SpecOf<typeof poissonDefinition>;
