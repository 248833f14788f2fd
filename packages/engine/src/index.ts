export { Engine, EngineError, type EngineOptions, MAX_DEVICES, type RunOptions, type RunResult } from "./engine.js";
export { EventQueue, type EventQueueOptions } from "./event-queue.js";
export type { EventCallback, EventHandler, EventId, EventTarget } from "./event-target.js";
export { RandomStream, RngStreams } from "./rng.js";
export * from "./time.js";
