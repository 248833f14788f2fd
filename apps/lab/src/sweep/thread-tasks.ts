/**
 * What the lab's worker threads run, by name: the presets' point functions (`tasks` of
 * @losslab/reproductions) and the points of `losslab sweep` (one scenario each). A point goes
 * to a thread as its task's name and its input; the thread finds the function here.
 */
import { type Task, tasks } from "@losslab/reproductions";
import { runScenarioSummary } from "./scenario-task.js";

export const threadTasks: Readonly<Record<string, Task<never, unknown>>> = {
  ...tasks,
  /** One run of a scenario object (as in a scenario file): its summary as plain JSON, or its error. */
  scenario: runScenarioSummary,
};

const names = new Map(Object.entries(threadTasks).map(([name, task]) => [task, name]));

/** The name a worker thread knows `task` by; throws for a function that is not in `threadTasks`. */
export function threadTaskName(task: Task<never, unknown>): string {
  const name = names.get(task);
  if (name === undefined) throw new Error(`${task.name || "this task"} is not one of the tasks worker threads run`);
  return name;
}
