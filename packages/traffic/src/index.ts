export { KindError } from "@losslab/kinds";
export { type AllToAllSpec, allToAll, allToAllSchedule } from "./all-to-all.js";
export { type BernoulliSpec, bernoulli } from "./bernoulli.js";
export { MAX_MESSAGE_BYTES, MAX_SPEC_TIME_US } from "./check-spec.js";
export type { CollectiveSchedule, ScheduledFlow } from "./collective.js";
export {
  type ConnectionMatrix,
  type MatrixConnection,
  type MatrixFlow,
  type MatrixTrigger,
  matrixFlows,
  matrixTraceCsv,
  parseConnectionMatrix,
} from "./connection-matrix.js";
export {
  createGenerator,
  type GeneratorKind,
  type GeneratorSpec,
  generators,
  type TrafficKinds,
  trafficKinds,
} from "./create-generator.js";
export {
  type DependentFlowEntry,
  type DependentFlowsOptions,
  type DependentFlowsSpec,
  dependentFlows,
} from "./dependent-flows.js";
export {
  type DestinationDefinition,
  type DestinationPattern,
  defineDestinationPattern,
} from "./destination-pattern.js";
export {
  type DestinationPatternSpec,
  destinationPatterns,
  type FixedDestinationSpec,
  type GroupShiftDestinationsSpec,
  type PermutationDestinationsSpec,
  type UniformDestinationsSpec,
} from "./destination-patterns.js";
export {
  defineGenerator,
  type GeneratorBuild,
  type GeneratorDefinition,
  type NestedTrafficKinds,
} from "./generator-definition.js";
export type { GreedyFlow } from "./greedy-flow.js";
export {
  type HalvingDoublingAllreduceSpec,
  halvingDoublingAllreduce,
  halvingDoublingSchedule,
} from "./halving-doubling.js";
export {
  type HotSpotDeliveredTrigger,
  type HotSpotOptions,
  type HotSpotSpec,
  type HotSpotTimeTrigger,
  type HotSpotTrigger,
  hotSpot,
} from "./hot-spot.js";
export {
  type FlowMatrix,
  formatConnectionMatrix,
  incastMatrix,
  outcastIncastMatrix,
  permutationMatrix,
} from "./htsim-generators.js";
export { type IncastOptions, type IncastSpec, incast } from "./incast.js";
export { type InjectionProcessKind, injectionProcessKinds } from "./injection-process.js";
export { type MatrixGraphFlow, matrixGraph } from "./matrix-graph.js";
export type { MessageGeneratorOptions } from "./message-generator.js";
export {
  type EmpiricalSizeSpec,
  type FixedSizeSpec,
  type MessageSizeSpec,
  sizeDistributions,
  type UniformSizeSpec,
} from "./message-size.js";
export { nestedTrafficKinds } from "./nested-kinds.js";
export { type Ns3Flow, type Ns3Flows, parseNs3Flows } from "./ns3-hpcc-flows.js";
export { type OnOffInitialPhase, type OnOffOptions, type OnOffPair, type OnOffSpec, onOff } from "./on-off.js";
export { type PipelineSpec, pipeline, pipelineSchedule } from "./pipeline.js";
export { type PoissonSpec, poisson } from "./poisson.js";
export { PythonRandom } from "./python-random.js";
export { type RingAllreduceSpec, ringAllreduce, ringSchedule } from "./ring-allreduce.js";
export type { RunScope } from "./run-scope.js";
export { defineSizeDistribution, type MessageSize, type SizeDefinition } from "./size-definition.js";
export type { SpecPath } from "./spec-path.js";
export { type StaggeredOptions, staggered } from "./staggered.js";
export { startGenerators } from "./start-generators.js";
export { parseTraceCsv, parseTraceJson, type TraceEntry, traceCsvColumns } from "./trace-format.js";
export { type TraceReplayOptions, type TraceReplaySpec, traceReplay } from "./trace-replay.js";
export type {
  CollectiveRecord,
  GeneratorContext,
  TrafficFlow,
  TrafficGenerator,
  TrafficMessage,
  TrafficSink,
} from "./traffic-sink.js";
