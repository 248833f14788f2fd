export { ByteCounter } from "./byte-counter.js";
export { ByteCounters } from "./byte-counters.js";
export {
  type CollectiveRun,
  type CollectiveRunSummary,
  type CollectiveSummary,
  CollectiveTimes,
} from "./collective-times.js";
export { type CompletionSummary, CompletionTimes } from "./completion-times.js";
export { CoverageBins } from "./coverage-bins.js";
export { combineFingerprints, Fingerprint } from "./fingerprint.js";
export {
  type CutThroughPath,
  idealCompletionTime,
  type PathLink,
  type PathSwitch,
  type PathTiming,
  pathTiming,
} from "./ideal-completion-time.js";
export { LatencyBins } from "./latency-bins.js";
export { nearestRank, nearestRankIndex } from "./nearest-rank.js";
export {
  DEFAULT_TRACE_EVENTS,
  type LinkTracer,
  PacketTrace,
  type PacketTraceOptions,
  TRACE_EVENTS,
  type TracedLink,
  type TraceEvent,
} from "./packet-trace.js";
export { type PausedLink, PauseMeter, type PauseSummary } from "./pause-meter.js";
export { type QueueLengthSummary, QueueLengths, type QueueSamples } from "./queue-lengths.js";
export { ReorderBuffers, type ReorderSummary } from "./reorder-buffers.js";
export { type SlidingWindowOptions, slidingWindow } from "./sliding-window.js";
export {
  DEFAULT_SLOWDOWN_EDGES,
  Slowdown,
  type SlowdownBucket,
  type SlowdownStats,
  type SlowdownSummary,
} from "./slowdown.js";
