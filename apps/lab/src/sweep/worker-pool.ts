/**
 * Points on a pool of worker threads (piscina): the Node side of the CLI's sweep runner
 * (thread-runner.ts), loaded only when a sweep uses threads, and the pool of `losslab worker`.
 */
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import type { PointEvents, Task } from "@losslab/reproductions";
import { Piscina } from "piscina";
import type { PresetOutcome } from "./preset-task.js";
import { threadTaskName } from "./thread-tasks.js";

/**
 * Runs `task` once per input on `where.pool`, or on a pool of up to `where.workers` threads
 * opened for these points and closed at the end; the outputs in input order.
 */
export async function runOnPool<I, O>(
  task: Task<I, O>,
  inputs: readonly I[],
  events: PointEvents<O>,
  where: { workers: number; pool?: TaskPool | undefined; threads: number },
): Promise<O[]> {
  const { moved } = events;
  const pool = where.pool ?? openPool(Math.min(where.workers, inputs.length));
  try {
    return await Promise.all(
      inputs.map(async (input, index) => {
        const output = await settle(
          pool.run(task, input, moved === undefined ? undefined : (fraction) => moved(index, fraction), where.threads),
        );
        events.finished(index, output);
        return output;
      }),
    );
  } finally {
    if (where.pool === undefined) await pool.destroy();
  }

  async function settle(run: Promise<O>): Promise<O> {
    try {
      return await run;
    } catch (error) {
      if (events.failed === undefined) throw error;
      return events.failed(error);
    }
  }
}

/** Worker threads that run tasks one at a time each, for as long as they are needed. */
export interface TaskPool {
  /**
   * Runs one point of `task` (one of `threadTasks`) on the next free thread, its scenario split
   * over `threads` threads (default 1, `splitRunner`); `onProgress` receives the fractions it
   * reports.
   */
  run<I, O>(task: Task<I, O>, input: I, onProgress?: (fraction: number) => void, threads?: number): Promise<O>;
  /**
   * Runs the registered preset `name` at `seed` whole on the next free thread, its sweep in
   * that thread (`reproduce --all`); `onProgress` receives 0 as it starts, then the fractions done.
   */
  runPreset(name: string, seed: number, onProgress: (fraction: number) => void): Promise<PresetOutcome>;
  /** Ends the threads (a task still running rejects). */
  destroy(): Promise<void>;
}

/**
 * A pool of up to `threads` worker threads running sweep-worker.ts: the local sweep's and
 * `losslab worker`'s. `keep`: all the threads start at once and stay while idle (a worker
 * waiting for jobs), instead of piscina ending the idle ones (then the next task would
 * load the modules again).
 */
export function openPool(threads: number, keep = false): TaskPool {
  const size = Math.max(1, threads);
  const pool = new Piscina({
    ...workerFile(),
    maxThreads: size,
    minThreads: keep ? size : 1,
    ...(keep ? { idleTimeout: Number.POSITIVE_INFINITY } : {}),
    // Tasks start in the order they were submitted (by default piscina sends a task it could
    // not hand out at once to the back of its queue).
    stricterFIFO: true,
  });
  /** Runs `task` (a name of thread-tasks.ts, or "preset") on the next free thread. */
  const submit = async (task: string, input: unknown, onProgress?: (fraction: number) => void, threads = 1) => {
    if (onProgress === undefined) return await pool.run({ task, input, threads });
    const { port1, port2 } = new MessageChannel();
    port1.on("message", onProgress);
    try {
      return await pool.run({ task, input, threads, progress: port2 }, { transferList: [port2] });
    } finally {
      port1.close();
    }
  };
  return {
    run: (task, input, onProgress, threads) => submit(threadTaskName(task), input, onProgress, threads),
    runPreset: (name, seed, onProgress) => submit("preset", { name, seed }, onProgress),
    destroy: () => pool.destroy(),
  };
}

/**
 * The worker module next to this one. Running from TypeScript sources (tests, `pnpm
 * losslab`), workers need the same loader and export condition as the main thread.
 */
function workerFile(): { filename: string; execArgv?: string[] } {
  const source = import.meta.url.endsWith(".ts");
  const filename = fileURLToPath(new URL(`./sweep-worker.${source ? "ts" : "js"}`, import.meta.url));
  return source ? { filename, execArgv: ["--conditions=@losslab/source", "--import", "tsx"] } : { filename };
}
