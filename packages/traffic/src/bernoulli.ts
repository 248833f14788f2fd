import type { SpecOf } from "@losslab/kinds";
import { messageGeneratorKind } from "./message-generator.js";

const bernoulliKind = messageGeneratorKind(
  "bernoulli",
  "each source injects a message at the start of each slot (one mean message time) with probability `load` (ferrer-2012 Table 3)",
);

/**
 * Bernoulli injection: time is cut into slots of one mean message time (mean size / link
 * bandwidth) from `startUs`; at the start of each slot each source injects one message with
 * probability `load`, so the offered load is `load` x the link bandwidth. The classic
 * injection process of interconnect simulators (BookSim's `bernoulli`); ferrer-2012 Table 3's
 * uniform traffic is `bernoulli` with `destinations: { kind: "uniform" }`.
 *
 * Streams per source: `traffic/<name>/<source>/arrivals`, `.../destinations`, `.../sizes`.
 * Arguments: the options, the path errors name (default `traffic`), and the destination
 * patterns and size distributions it may name (default: the built-in ones).
 *
 * @example
 * bernoulli({ load: 0.1125, size: { kind: "fixed", bytes: 278 }, destinations: { kind: "uniform" } });
 */
export const bernoulli = bernoulliKind.generate;

/** Registry entry (create-generator.ts). */
export const bernoulliDefinition = bernoulliKind.definition;

/** Scenario spec of the Bernoulli message generator. */
export type BernoulliSpec = SpecOf<typeof bernoulliDefinition>;
