/**
 * Sweeps: many independent runs, in this thread or on a pool of worker threads. This module
 * needs no Node (the web app runs presets' sweeps with it, one point after another); the pool
 * (piscina) is in worker-pool.ts, loaded only when more than one worker is asked for.
 */
import { type TaskInput, type TaskName, type TaskOutput, tasks } from "./tasks.js";
import type { TaskPool } from "./worker-pool.js";

/** The pool this thread's sweeps put their points on while presets run at once (`shareSweepPool`). */
let sharedPool: TaskPool | undefined;

/**
 * Makes `pool` the one every sweep of this thread runs its points on, whatever its `workers`,
 * until called again with undefined: `reproduce --all` runs presets at once on one pool.
 */
export function shareSweepPool(pool: TaskPool | undefined): void {
  sharedPool = pool;
}

export interface SweepOptions<T extends TaskName = TaskName> {
  /** Worker threads; 1 runs every point in this thread. */
  workers: number;
  /**
   * Points done out of `total`; `done` counts the fractions of the running points that
   * report progress (a task taking a progress callback), so a long point moves the bar too.
   */
  progress?: (done: number, total: number) => void;
  /** Called with each point's output as soon as it is ready (in completion order). */
  onResult?: (index: number, output: unknown) => void;
  /** Called with the fraction done of a running point that reports one. */
  onPointProgress?: (index: number, fraction: number) => void;
  /**
   * Makes the error of a point that fails (thrown by its task, or the death of the worker
   * thread running it, e.g. out of memory) that point's output, so that the other points go
   * on. Without it the sweep rejects with the first error.
   */
  failed?: (error: unknown) => TaskOutput<T>;
}

/**
 * Runs `task` once per input, on up to `workers` threads (piscina), and returns the
 * outputs in input order. Each point is a pure function of its input, so the results are
 * byte-identical for any number of workers.
 */
export async function runSweep<T extends TaskName>(
  task: T,
  inputs: ReadonlyArray<TaskInput<T>>,
  options: SweepOptions<T>,
): Promise<Array<TaskOutput<T>>> {
  const total = inputs.length;
  let done = 0;
  /** Fraction done of each point still running that reported one. */
  const partial = new Map<number, number>();
  const show = () => {
    let running = 0;
    for (const fraction of partial.values()) running += fraction;
    options.progress?.(done + running, total);
  };
  const finished = new Set<number>();
  const moved = (index: number, fraction: number) => {
    if (finished.has(index)) return; // a late message from a point already done
    partial.set(index, fraction);
    options.onPointProgress?.(index, fraction);
    show();
  };
  const report = (index: number, output: unknown) => {
    finished.add(index);
    partial.delete(index);
    done++;
    options.onResult?.(index, output);
    show();
  };
  const tracked = options.progress !== undefined || options.onPointProgress !== undefined;
  options.progress?.(0, total);
  const pool = sharedPool;
  if (pool === undefined && (options.workers <= 1 || total <= 1)) {
    const run = tasks[task] as (input: TaskInput<T>, onProgress?: (fraction: number) => void) => TaskOutput<T>;
    const outputs: Array<TaskOutput<T>> = [];
    for (const [index, input] of inputs.entries()) {
      await yieldToEventLoop();
      let output: TaskOutput<T>;
      try {
        output = await run(input, tracked ? (fraction) => moved(index, fraction) : undefined);
      } catch (error) {
        if (options.failed === undefined) throw error;
        output = options.failed(error);
      }
      report(index, output);
      outputs.push(output);
    }
    return outputs;
  }
  const { runOnPool } = await import("./worker-pool.js");
  return runOnPool(task, inputs, {
    workers: options.workers,
    pool,
    tracked,
    moved,
    finished: finish,
    failed: options.failed,
  });

  function finish(index: number, output: TaskOutput<T>): TaskOutput<T> {
    report(index, output);
    return output;
  }
}

/** Back to the event loop (between points, so SIGINT and SIGTERM can be handled); a browser has no setImmediate. */
const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
