/**
 * The point functions the presets' sweeps run, by name: a runner that sends points to other
 * threads (the CLI's worker pool) names a point's task by its key here, and those threads
 * look the name up in this table. Each takes plain JSON and returns plain JSON, so a point
 * gives the same output on any thread; a long one may also report the fraction of its work
 * done (progress only: the output does not depend on it).
 */
import { dragonflyPoint } from "./presets/dragonfly-load.js";
import { ferrerPoint } from "./presets/ferrer-scenario.js";
import { santosPoint } from "./presets/santos-scenario.js";
import { websearchPoint } from "./presets/websearch-scenario.js";

export const tasks = {
  /** One run of scenario S: its fingerprint and its rates averaged over `fromMs`-`toMs`. */
  santos: santosPoint,
  /** One run of ferrer-2012's scenario M: its measures and the series of its charts. */
  ferrer: ferrerPoint,
  /** One run of the hpcc-websearch presets: its flows' slowdown and PAUSE frames. */
  websearch: websearchPoint,
  /** One run of the dragonfly presets: accepted throughput and latency at one load and routing. */
  dragonfly: dragonflyPoint,
} as const;
