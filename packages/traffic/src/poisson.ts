import type { GeneratorDefinition } from "./generator-definition.js";
import { withoutKind } from "./generator-definition.js";
import { type MessageGeneratorOptions, messageGenerator, messageGeneratorParameters } from "./message-generator.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/** Scenario spec of the Poisson message generator. */
export interface PoissonSpec extends MessageGeneratorOptions {
  readonly kind: "poisson";
}

/**
 * Poisson injection: each source's messages arrive with exponentially distributed gaps of
 * mean `meanBytes / (load x bandwidth)`, from `startUs` on, so the offered load is `load` x
 * the link bandwidth. Unlike `bernoulli`, arrivals are not aligned to slots.
 *
 * Streams per source: `traffic/<name>/<source>/arrivals`, `.../destinations`, `.../sizes`.
 *
 * @example
 * poisson({ load: 0.5, size: { kind: "uniform", minBytes: 256, maxBytes: 1024 }, destinations: { kind: "permutation" } });
 */
export function poisson(options: MessageGeneratorOptions, path = "traffic"): TrafficGenerator {
  return messageGenerator("poisson", options, path);
}

/** Registry entry (create-generator.ts). */
export const poissonDefinition: GeneratorDefinition<PoissonSpec> = {
  kind: "poisson",
  parameters: messageGeneratorParameters,
  create: (spec, path) => poisson(withoutKind(spec), path),
};
