/**
 * The sweep runner of the CLI: the points of a sweep on up to `workers` worker threads, or on
 * a pool that several sweeps share (`reproduce --all`). The pool (piscina) is loaded only when
 * a sweep uses it.
 */
import { runInThisThread, type SweepRunner } from "@losslab/reproductions";
import type { TaskPool } from "./worker-pool.js";

/**
 * Runs each sweep's points on `pool`, or, without one, on a pool of up to `workers` threads of
 * its own, opened for the sweep and closed at its end: a sweep of one point, or with one
 * worker, runs in this thread. Any number of workers gives the same outputs.
 */
export function threadRunner(workers: number, pool?: TaskPool): SweepRunner {
  return async (task, inputs, events) => {
    if (pool === undefined && (workers <= 1 || inputs.length <= 1)) return runInThisThread(task, inputs, events);
    const { runOnPool } = await import("./worker-pool.js");
    return runOnPool(task, inputs, events, { workers, pool });
  };
}
