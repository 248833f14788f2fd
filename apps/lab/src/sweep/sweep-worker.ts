/** Entry point of a worker thread: runs one named task (see tasks.ts), or a whole preset (preset-task.ts). */
import type { MessagePort } from "node:worker_threads";
import { runPreset } from "./preset-task.js";
import { tasks } from "./tasks.js";

const threadTasks = { ...tasks, preset: runPreset };

/** `progress`, when given, receives the fractions of its work the task reports. */
export default function runTask({
  task,
  input,
  progress,
}: {
  task: keyof typeof threadTasks;
  input: never;
  progress?: MessagePort;
}): unknown {
  const run = threadTasks[task] as (input: never, onProgress?: (fraction: number) => void) => unknown;
  return run(input, progress === undefined ? undefined : (fraction) => progress.postMessage(fraction));
}
