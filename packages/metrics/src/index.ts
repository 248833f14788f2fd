export { ByteCounter } from "./byte-counter.js";
export { type CompletionSummary, CompletionTimes } from "./completion-times.js";
export { CoverageBins } from "./coverage-bins.js";
export { LatencyBins } from "./latency-bins.js";
export { type SlidingWindowOptions, slidingWindow } from "./sliding-window.js";
