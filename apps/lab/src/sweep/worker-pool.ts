/**
 * The Node side of runSweep: points on a pool of worker threads (piscina). Loaded by
 * run-sweep.ts only when a sweep has more than one worker and more than one point.
 */
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import type { PresetOutcome } from "../preset.js";
import type { TaskInput, TaskName, TaskOutput } from "./tasks.js";

export interface PoolOptions<T extends TaskName> {
  workers: number;
  /** A pool to run on, left open; without, one of `workers` threads, ended at the end. */
  pool?: TaskPool | undefined;
  /** Whether the points report the fractions of their work done (to `moved`). */
  tracked: boolean;
  moved: (index: number, fraction: number) => void;
  /** Called with each point's output when it is ready; returns it. */
  finished: (index: number, output: TaskOutput<T>) => TaskOutput<T>;
  failed?: (error: unknown) => TaskOutput<T>;
}

/** Runs `task` once per input on up to `options.workers` threads; the outputs in input order. */
export async function runOnPool<T extends TaskName>(
  task: T,
  inputs: ReadonlyArray<TaskInput<T>>,
  options: PoolOptions<T>,
): Promise<Array<TaskOutput<T>>> {
  const { tracked, moved, finished: finish } = options;
  const pool = options.pool ?? openPool(Math.min(options.workers, inputs.length));
  try {
    return await Promise.all(
      inputs.map(async (input, index) =>
        finish(index, await settle(pool.run(task, input, tracked ? (fraction) => moved(index, fraction) : undefined))),
      ),
    );
  } finally {
    if (options.pool === undefined) await pool.destroy();
  }

  async function settle(run: Promise<TaskOutput<T>>): Promise<TaskOutput<T>> {
    try {
      return await run;
    } catch (error) {
      if (options.failed === undefined) throw error;
      return options.failed(error);
    }
  }
}

/** Worker threads that run tasks one at a time each, for as long as they are needed. */
export interface TaskPool {
  /** Runs one task on the next free thread; `onProgress` receives the fractions it reports. */
  run<T extends TaskName>(
    task: T,
    input: TaskInput<T>,
    onProgress?: (fraction: number) => void,
  ): Promise<TaskOutput<T>>;
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
  /** Runs `task` (a name of tasks.ts, or "preset") on the next free thread. */
  const submit = async (task: string, input: unknown, onProgress?: (fraction: number) => void) => {
    if (onProgress === undefined) return await pool.run({ task, input });
    const { port1, port2 } = new MessageChannel();
    port1.on("message", onProgress);
    try {
      return await pool.run({ task, input, progress: port2 }, { transferList: [port2] });
    } finally {
      port1.close();
    }
  };
  return {
    run: submit,
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
