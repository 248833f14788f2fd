/**
 * Runs of scenario M on worker threads (a module of its own: the sweep's task table imports
 * ferrer-scenario.ts, so that module may not import the sweep).
 */
import type { PresetContext } from "../preset.js";
import { runSweep } from "../sweep/run-sweep.js";
import type { FerrerMeasures, FerrerParams, LabelledMeasures } from "./ferrer-scenario.js";

/**
 * Runs already done in this process, by parameters and seed: Figs. 5 and 6 share their
 * runs, as do Figs. 10 and 11, so `reproduce --all` (and the tests) run each point once.
 * Every run is a pure function of its key, so a cached result is the result.
 */
const done = new Map<string, FerrerMeasures>();
const keyOf = (params: FerrerParams, seed: number) => JSON.stringify({ params, seed });

/**
 * Runs scenario M once per labelled parameter set (on worker threads, skipping points this
 * process has run before) and returns the measures by label, in the given order.
 */
export async function runFerrerPoints(
  points: Array<{ label: string; params: FerrerParams; seed: number }>,
  context: Pick<PresetContext, "workers" | "progress">,
): Promise<LabelledMeasures[]> {
  const todo = points.filter(({ params, seed }) => !done.has(keyOf(params, seed)));
  const outputs = await runSweep(
    "ferrer",
    todo.map(({ params, seed }) => ({ params, seed })),
    { workers: context.workers, progress: context.progress },
  );
  for (const [i, { params, seed }] of todo.entries()) done.set(keyOf(params, seed), outputs[i]!);
  return points.map(({ label, params, seed }) => ({ label, measures: done.get(keyOf(params, seed))! }));
}

/** The measures of `label` among `runs`. */
export const measuresOf = (runs: LabelledMeasures[], label: string): FerrerMeasures =>
  runs.find((run) => run.label === label)!.measures;
