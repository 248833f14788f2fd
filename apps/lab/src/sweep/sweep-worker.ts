/** Entry point of a sweep worker thread: runs one named task (see tasks.ts). */
import type { MessagePort } from "node:worker_threads";
import { type TaskName, tasks } from "./tasks.js";

/** `progress`, when given, receives the fractions of its work the task reports. */
export default function runTask({
  task,
  input,
  progress,
}: {
  task: TaskName;
  input: never;
  progress?: MessagePort;
}): unknown {
  const run = tasks[task] as (input: never, onProgress?: (fraction: number) => void) => unknown;
  return run(input, progress === undefined ? undefined : (fraction) => progress.postMessage(fraction));
}
