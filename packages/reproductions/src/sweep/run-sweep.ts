/**
 * A sweep's progress: what `runSweep` adds to a runner (sweep-runner.ts), the points done out
 * of all, counting the fractions that running points report, so a long point moves it too.
 */
import { runInThisThread, type SweepRunner, type Task } from "./sweep-runner.js";

export interface SweepOptions<O> {
  /** Runs the points (default `runInThisThread`): a preset passes its context's. */
  sweepRunner?: SweepRunner | undefined;
  /** Points done out of `total`, with the fractions of the running points that report one. */
  progress?: ((done: number, total: number) => void) | undefined;
  /** Called with each point's output as soon as it is ready (in completion order). */
  onResult?: (index: number, output: O) => void;
  /** Called with the fraction done of a running point that reports one. */
  onPointProgress?: (index: number, fraction: number) => void;
  /** Makes a failed point's error its output, so that the others go on (see `PointEvents`). */
  failed?: (error: unknown) => O;
}

/**
 * Runs `task` once per input with `options.sweepRunner` and returns the outputs in input
 * order: the same outputs, byte for byte, whatever the runner and its number of threads.
 */
export async function runSweep<I, O>(task: Task<I, O>, inputs: readonly I[], options: SweepOptions<O>): Promise<O[]> {
  const total = inputs.length;
  let done = 0;
  /** Fraction done of each point still running that reported one. */
  const partial = new Map<number, number>();
  const finished = new Set<number>();
  const show = () => {
    let running = 0;
    for (const fraction of partial.values()) running += fraction;
    options.progress?.(done + running, total);
  };
  const moved = (index: number, fraction: number) => {
    if (finished.has(index)) return; // a late message from a point already done
    partial.set(index, fraction);
    options.onPointProgress?.(index, fraction);
    show();
  };
  const report = (index: number, output: O) => {
    finished.add(index);
    partial.delete(index);
    done++;
    options.onResult?.(index, output);
    show();
  };
  const tracked = options.progress !== undefined || options.onPointProgress !== undefined;
  options.progress?.(0, total);
  const run = options.sweepRunner ?? runInThisThread;
  return run(task, inputs, {
    ...(tracked ? { moved } : {}),
    finished: report,
    ...(options.failed === undefined ? {} : { failed: options.failed }),
  });
}
