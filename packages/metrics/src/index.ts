export { ByteCounter } from "./byte-counter.js";
export { type CompletionSummary, CompletionTimes } from "./completion-times.js";
export { type SlidingWindowOptions, slidingWindow } from "./sliding-window.js";
