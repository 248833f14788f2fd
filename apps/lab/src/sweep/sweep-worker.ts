/** Entry point of a sweep worker thread: runs one named task (see tasks.ts). */
import { type TaskName, tasks } from "./tasks.js";

export default function runTask({ task, input }: { task: TaskName; input: never }): unknown {
  return tasks[task](input);
}
