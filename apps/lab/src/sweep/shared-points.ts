/**
 * Sweep points that several presets share, made once per process: ferrer-2012's Figs. 5 and
 * 6 share their runs, as do Figs. 10 and 11, and santos-2002's Fig. 7 re-runs Fig. 5's
 * points without an output threshold. `reproduce --all` (and the tests) run each such point
 * once, also when the presets run at once: the second preset waits for the first's run.
 */
import type { PresetContext } from "../preset.js";
import { runSweep } from "./run-sweep.js";
import type { TaskInput, TaskName, TaskOutput } from "./tasks.js";

/** A point made or under way in this process: its output, and how far it is (0 to 1). */
interface SharedPoint {
  readonly output: Promise<unknown>;
  fraction: number;
  /** The progress displays of the sweeps that wait for it. */
  readonly watchers: Set<() => void>;
}

/**
 * Points made or under way in this process, by task and key. Every point is a pure function
 * of its key, so a kept output is the point's output.
 */
const points = new Map<string, SharedPoint>();

/**
 * Runs `task` once per input (on the sweep's threads) whose key (`keyOf`) this process has
 * not run and is not running, and returns every input's output, in order. Two inputs with
 * the same key must give the same output. Progress counts every distinct point the inputs
 * need, also those another sweep is running, so a preset that waits for another's runs
 * shows their progress.
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
  const todoKeys = [...todo.keys()];
  const sweep = runSweep(task, [...todo.values()], {
    workers: context.workers,
    onPointProgress: (i, fraction) => moved(todoKeys[i]!, fraction),
    onResult: (i) => moved(todoKeys[i]!, 1),
  });
  for (const [i, key] of todoKeys.entries()) {
    const output = sweep.then((outputs) => outputs[i]!);
    // A failed sweep is not kept: the next preset that needs the point runs it again.
    output.catch(() => points.delete(key));
    points.set(key, { output, fraction: 0, watchers: new Set() });
  }
  const shared = keys.map((key) => points.get(key)!);
  const needed = [...new Set(shared)];
  const show = () =>
    context.progress(
      needed.reduce((done, point) => done + point.fraction, 0),
      needed.length,
    );
  for (const point of needed) point.watchers.add(show);
  show();
  try {
    await sweep;
    return (await Promise.all(shared.map((point) => point.output))) as Array<TaskOutput<T>>;
  } finally {
    for (const point of needed) point.watchers.delete(show);
  }
}

/** Point `key` is `fraction` done: every sweep waiting for it shows it. */
function moved(key: string, fraction: number): void {
  const point = points.get(key);
  if (point === undefined || point.fraction === fraction) return;
  point.fraction = fraction;
  for (const show of point.watchers) show();
}
