export { type BernoulliSpec, bernoulli } from "./bernoulli.js";
export { MAX_MESSAGE_BYTES, MAX_SPEC_TIME_US } from "./check-spec.js";
export { createGenerator, type GeneratorKind, type GeneratorSpec, generatorKinds } from "./create-generator.js";
export {
  type DestinationPatternSpec,
  destinationPatternKinds,
  type FixedDestinationSpec,
  type PermutationDestinationsSpec,
  type UniformDestinationsSpec,
} from "./destination-pattern.js";
export type { GreedyFlow } from "./greedy-flow.js";
export {
  type HotSpotDeliveredTrigger,
  type HotSpotOptions,
  type HotSpotSpec,
  type HotSpotTimeTrigger,
  type HotSpotTrigger,
  hotSpot,
} from "./hot-spot.js";
export { type InjectionProcessKind, injectionProcessKinds } from "./injection-process.js";
export type { MessageGeneratorOptions } from "./message-generator.js";
export { type FixedSizeSpec, type MessageSizeSpec, messageSizeKinds, type UniformSizeSpec } from "./message-size.js";
export { type OnOffInitialPhase, type OnOffOptions, type OnOffPair, type OnOffSpec, onOff } from "./on-off.js";
export { type PoissonSpec, poisson } from "./poisson.js";
export { type StaggeredOptions, staggered } from "./staggered.js";
export { startGenerators } from "./start-generators.js";
export { parseTraceCsv, parseTraceJson, type TraceEntry, traceCsvColumns } from "./trace-format.js";
export { type TraceReplayOptions, type TraceReplaySpec, traceReplay } from "./trace-replay.js";
export type {
  GeneratorContext,
  TrafficFlow,
  TrafficGenerator,
  TrafficMessage,
  TrafficSink,
} from "./traffic-sink.js";
export { TrafficSpecError } from "./traffic-spec-error.js";
