/** Entry point of a worker thread: runs one named task (see thread-tasks.ts), or a whole preset (preset-task.ts). */
import type { MessagePort } from "node:worker_threads";
import type { Task } from "@losslab/reproductions";
import { splitRunner } from "../split-runs/split-runner.js";
import { runPreset } from "./preset-task.js";
import { threadTasks } from "./thread-tasks.js";

const byName: Readonly<Record<string, Task<never, unknown>>> = { ...threadTasks, preset: runPreset };

/**
 * `progress`, when given, receives the fractions of its work the task reports; a point's run
 * is split over `threads` threads (`splitRunner`) when more than one.
 */
export default function runTask({
  task,
  input,
  progress,
  threads = 1,
}: {
  task: string;
  input: never;
  progress?: MessagePort;
  threads?: number;
}): unknown {
  const run = byName[task];
  if (run === undefined) throw new Error(`no task "${task}" on this thread`);
  const onProgress = progress === undefined ? undefined : (fraction: number) => progress.postMessage(fraction);
  return run(input, onProgress, threads > 1 ? splitRunner(threads) : undefined);
}
