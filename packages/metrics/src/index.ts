export { ByteCounter } from "./byte-counter.js";
export { type CompletionSummary, CompletionTimes } from "./completion-times.js";
export { CoverageBins } from "./coverage-bins.js";
export { combineFingerprints, Fingerprint } from "./fingerprint.js";
export { LatencyBins } from "./latency-bins.js";
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
export { type SlidingWindowOptions, slidingWindow } from "./sliding-window.js";
