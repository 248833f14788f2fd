import type { GeneratorDefinition } from "./generator-definition.js";
import { withoutKind } from "./generator-definition.js";
import { type MessageGeneratorOptions, messageGenerator, messageGeneratorParameters } from "./message-generator.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/** Scenario spec of the Bernoulli message generator. */
export interface BernoulliSpec extends MessageGeneratorOptions {
  readonly kind: "bernoulli";
}

/**
 * Bernoulli injection: time is cut into slots of one mean message time (mean size / link
 * bandwidth) from `startUs`; at the start of each slot each source injects one message with
 * probability `load`, so the offered load is `load` x the link bandwidth. The classic
 * injection process of interconnect simulators (BookSim's `bernoulli`); ferrer-2012 Table 3's
 * uniform traffic is `bernoulli` with `destinations: { kind: "uniform" }`.
 *
 * Streams per source: `traffic/<name>/<source>/arrivals`, `.../destinations`, `.../sizes`.
 *
 * @example
 * bernoulli({ load: 0.1125, size: { kind: "fixed", bytes: 278 }, destinations: { kind: "uniform" } });
 */
export function bernoulli(options: MessageGeneratorOptions, path = "traffic"): TrafficGenerator {
  return messageGenerator("bernoulli", options, path);
}

/** Registry entry (create-generator.ts). */
export const bernoulliDefinition: GeneratorDefinition<BernoulliSpec> = {
  kind: "bernoulli",
  parameters: messageGeneratorParameters,
  create: (spec, path) => bernoulli(withoutKind(spec), path),
};
