/**
 * The sweep runner of the CLI: the points of a sweep on up to `workers` worker threads, or on
 * a pool that several sweeps share (`reproduce --all`). The pool (piscina) is loaded only when
 * a sweep uses it.
 */
import { inThisThread, type ScenarioRunner, type SweepRunner } from "@losslab/reproductions";
import type { TaskPool } from "./worker-pool.js";

/**
 * Runs each sweep's points on `pool`, or, without one, on a pool of up to `workers` threads of
 * its own, opened for the sweep and closed at its end: a sweep of one point, or with one
 * worker, runs in this thread. Any number of workers gives the same outputs. With `split`
 * (`reproduce --threads N`), each point's run is split over `split.threads` threads: by
 * `split.runner` in this thread, by the pool thread's own `splitRunner` on the pool.
 */
export function threadRunner(
  workers: number,
  pool?: TaskPool,
  split?: { threads: number; runner: ScenarioRunner },
): SweepRunner {
  const here = inThisThread(split?.runner);
  return async (task, inputs, events) => {
    if (pool === undefined && (workers <= 1 || inputs.length <= 1)) return here(task, inputs, events);
    const { runOnPool } = await import("./worker-pool.js");
    return runOnPool(task, inputs, events, { workers, pool, threads: split?.threads ?? 1 });
  };
}
