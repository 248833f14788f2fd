import type { Time } from "@losslab/engine";
import type { GreedyFlow } from "./greedy-flow.js";

/** Options of `staggered`: the interval between starts, the first start and a common stop. */
export interface StaggeredOptions {
  /** Time between consecutive flow starts (santos-2002: 100 us). */
  interval: Time;
  /** Start of the first flow (default 0). */
  start?: Time;
  /** When every flow stops (default: never). */
  stop?: Time;
}

/**
 * Starts the flows one after another, in the order given, one every `interval`: the start
 * pattern of the Santos experiments (santos-2002 sec. 3: "local and remote flows start
 * sequentially every 100 us, with the local flows starting before the remote flow").
 */
export function staggered(
  flows: ReadonlyArray<Omit<GreedyFlow, "start" | "stop">>,
  options: StaggeredOptions,
): GreedyFlow[] {
  if (!(options.interval >= 0)) throw new RangeError(`staggered: interval must be >= 0, got ${options.interval}`);
  const first = options.start ?? 0;
  return flows.map((flow, index) => ({
    ...flow,
    start: first + index * options.interval,
    ...(options.stop === undefined ? {} : { stop: options.stop }),
  }));
}
