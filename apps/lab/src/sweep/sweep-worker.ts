/** Entry point of a worker thread: runs one named task (see thread-tasks.ts), or a whole preset (preset-task.ts). */
import type { MessagePort } from "node:worker_threads";
import type { Task } from "@losslab/reproductions";
import { runPreset } from "./preset-task.js";
import { threadTasks } from "./thread-tasks.js";

const byName: Readonly<Record<string, Task<never, unknown>>> = { ...threadTasks, preset: runPreset };

/** `progress`, when given, receives the fractions of its work the task reports. */
export default function runTask({
  task,
  input,
  progress,
}: {
  task: string;
  input: never;
  progress?: MessagePort;
}): unknown {
  const run = byName[task];
  if (run === undefined) throw new Error(`no task "${task}" on this thread`);
  return run(input, progress === undefined ? undefined : (fraction) => progress.postMessage(fraction));
}
