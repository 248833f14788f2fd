/**
 * Sweep points that several presets share, made once per process: ferrer-2012's Figs. 5 and
 * 6 share their runs, as do Figs. 10 and 11, and santos-2002's Fig. 7 re-runs Fig. 5's
 * points without an output threshold. `reproduce --all` (and the tests) run each such point
 * once, also when the presets run at once: the second preset waits for the first's run.
 */
import { runSweep } from "./run-sweep.js";
import type { SweepRunner, Task } from "./sweep-runner.js";

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
const pointsByTask = new Map<Task<never, unknown>, Map<string, SharedPoint>>();

/** Where the sweep of a preset runs and how it shows its progress (a `PresetContext` is one). */
export interface SharedPointsContext {
  sweepRunner?: SweepRunner | undefined;
  progress: (done: number, total: number) => void;
}

/**
 * Runs `task` once per input (with the context's runner) whose key (`keyOf`) this process has
 * not run and is not running, and returns every input's output, in order. Two inputs with
 * the same key must give the same output. Progress counts every distinct point the inputs
 * need, also those another sweep is running, so a preset that waits for another's runs
 * shows their progress.
 */
export async function runSharedPoints<I, O>(
  task: Task<I, O>,
  inputs: readonly I[],
  keyOf: (input: I) => string,
  context: SharedPointsContext,
): Promise<O[]> {
  let points = pointsByTask.get(task);
  if (points === undefined) {
    points = new Map();
    pointsByTask.set(task, points);
  }
  const known = points;
  const keys = inputs.map(keyOf);
  const todo = new Map<string, I>();
  for (const [i, key] of keys.entries()) if (!known.has(key)) todo.set(key, inputs[i]!);
  const todoKeys = [...todo.keys()];
  const moved = (key: string, fraction: number) => {
    const point = known.get(key);
    if (point === undefined || point.fraction === fraction) return;
    point.fraction = fraction;
    for (const show of point.watchers) show();
  };
  const sweep = runSweep(task, [...todo.values()], {
    sweepRunner: context.sweepRunner,
    onPointProgress: (i, fraction) => moved(todoKeys[i]!, fraction),
    onResult: (i) => moved(todoKeys[i]!, 1),
  });
  for (const [i, key] of todoKeys.entries()) {
    const output = sweep.then((outputs) => outputs[i]!);
    // A failed sweep is not kept: the next preset that needs the point runs it again.
    output.catch(() => known.delete(key));
    known.set(key, { output, fraction: 0, watchers: new Set() });
  }
  const shared = keys.map((key) => known.get(key)!);
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
    return (await Promise.all(shared.map((point) => point.output))) as O[];
  } finally {
    for (const point of needed) point.watchers.delete(show);
  }
}
