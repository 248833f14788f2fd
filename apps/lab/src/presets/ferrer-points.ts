/**
 * Runs of scenario M on worker threads (a module of its own: the sweep's task table imports
 * ferrer-scenario.ts, so that module may not import the sweep).
 */
import type { PresetContext } from "../preset.js";
import { runSweep } from "../sweep/run-sweep.js";
import type { FerrerMeasures, FerrerParams, LabelledMeasures } from "./ferrer-scenario.js";

/**
 * Runs made or under way in this process, by parameters and seed: Figs. 5 and 6 share their
 * runs, as do Figs. 10 and 11, so `reproduce --all` (and the tests) run each point once, also
 * when the presets run at once (the second waits for the first's runs). Every run is a pure
 * function of its key, so a cached result is the result.
 */
const runs = new Map<string, Promise<FerrerMeasures>>();
const keyOf = (params: FerrerParams, seed: number) => JSON.stringify({ params, seed });

/**
 * Runs scenario M once per labelled parameter set (on worker threads, skipping points this
 * process has run or is running) and returns the measures by label, in the given order.
 */
export async function runFerrerPoints(
  points: Array<{ label: string; params: FerrerParams; seed: number }>,
  context: Pick<PresetContext, "workers" | "progress">,
): Promise<LabelledMeasures[]> {
  const todo = points.filter(({ params, seed }) => !runs.has(keyOf(params, seed)));
  const sweep = runSweep(
    "ferrer",
    todo.map(({ params, seed }) => ({ params, seed })),
    context,
  );
  for (const [i, { params, seed }] of todo.entries()) {
    const run = sweep.then((outputs) => outputs[i]!);
    // A failed sweep is not kept: the next preset that needs the point runs it again.
    run.catch(() => runs.delete(keyOf(params, seed)));
    runs.set(keyOf(params, seed), run);
  }
  await sweep;
  return Promise.all(
    points.map(async ({ label, params, seed }) => ({ label, measures: await runs.get(keyOf(params, seed))! })),
  );
}

/** The measures of `label` among `runs`. */
export const measuresOf = (runs: LabelledMeasures[], label: string): FerrerMeasures =>
  runs.find((run) => run.label === label)!.measures;
