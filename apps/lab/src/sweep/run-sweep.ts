import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { type TaskInput, type TaskName, type TaskOutput, tasks } from "./tasks.js";

export interface SweepOptions {
  /** Worker threads; 1 runs every point in this thread. */
  workers: number;
  progress?: (done: number, total: number) => void;
  /** Called with each point's output as soon as it is ready (in completion order). */
  onResult?: (index: number, output: unknown) => void;
}

/**
 * Runs `task` once per input, on up to `workers` threads (piscina), and returns the
 * outputs in input order. Each point is a pure function of its input, so the results are
 * byte-identical for any number of workers.
 */
export async function runSweep<T extends TaskName>(
  task: T,
  inputs: ReadonlyArray<TaskInput<T>>,
  options: SweepOptions,
): Promise<Array<TaskOutput<T>>> {
  const total = inputs.length;
  let done = 0;
  const report = (index: number, output: unknown) => {
    options.onResult?.(index, output);
    options.progress?.(++done, total);
  };
  options.progress?.(0, total);
  if (options.workers <= 1 || total <= 1) {
    const run = tasks[task] as (input: TaskInput<T>) => TaskOutput<T>;
    const outputs: Array<TaskOutput<T>> = [];
    for (const [index, input] of inputs.entries()) {
      // Back to the event loop between points, so Ctrl-C (SIGINT) can be handled.
      await new Promise((resolve) => setImmediate(resolve));
      const output = run(input);
      report(index, output);
      outputs.push(output);
    }
    return outputs;
  }
  const pool = new Piscina({ ...workerFile(), maxThreads: Math.min(options.workers, total), minThreads: 1 });
  try {
    return await Promise.all(
      inputs.map(async (input, index) => {
        const output = (await pool.run({ task, input })) as TaskOutput<T>;
        report(index, output);
        return output;
      }),
    );
  } finally {
    await pool.destroy();
  }
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
