/**
 * Sweep points that several presets share, made once per process: ferrer-2012's Figs. 5 and
 * 6 share their runs, as do Figs. 10 and 11, and santos-2002's Fig. 7 re-runs Fig. 5's
 * points without an output threshold. `reproduce --all` (and the tests) run each such point
 * once, also when the presets run at once: the second preset waits for the first's run.
 */
import type { PresetContext } from "../preset.js";
import { runSweep } from "./run-sweep.js";
import type { TaskInput, TaskName, TaskOutput } from "./tasks.js";

/**
 * Points made or under way in this process, by task and key. Every point is a pure function
 * of its key, so a kept output is the point's output.
 */
const points = new Map<string, Promise<unknown>>();

/**
 * Runs `task` once per input (on the sweep's threads) whose key (`keyOf`) this process has
 * not run and is not running, and returns every input's output, in order. Two inputs with
 * the same key must give the same output.
 */
export async function runSharedPoints<T extends TaskName>(
  task: T,
  inputs: ReadonlyArray<TaskInput<T>>,
  keyOf: (input: TaskInput<T>) => string,
  context: Pick<PresetContext, "workers" | "progress">,
): Promise<Array<TaskOutput<T>>> {
  const keys = inputs.map((input) => `${task}:${keyOf(input)}`);
  const todo = new Map<string, TaskInput<T>>();
  for (const [i, key] of keys.entries()) if (!points.has(key)) todo.set(key, inputs[i]!);
  const sweep = runSweep(task, [...todo.values()], context);
  for (const [i, key] of [...todo.keys()].entries()) {
    const point = sweep.then((outputs) => outputs[i]!);
    // A failed sweep is not kept: the next preset that needs the point runs it again.
    point.catch(() => points.delete(key));
    points.set(key, point);
  }
  await sweep;
  return Promise.all(keys.map((key) => points.get(key) as Promise<TaskOutput<T>>));
}
