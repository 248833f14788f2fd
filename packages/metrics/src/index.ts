export { ByteCounter } from "./byte-counter.js";
export { type SlidingWindowOptions, slidingWindow } from "./sliding-window.js";
