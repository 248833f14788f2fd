/**
 * Runs of scenario M on worker threads (a module of its own: the sweep's task table imports
 * ferrer-scenario.ts, so that module may not import the sweep).
 */
import type { PresetContext } from "../preset.js";
import { runSharedPoints } from "../sweep/shared-points.js";
import type { FerrerMeasures, FerrerParams, LabelledMeasures } from "./ferrer-scenario.js";

/**
 * Runs scenario M once per labelled parameter set (on worker threads, skipping points this
 * process has run or is running: Figs. 5 and 6 share their runs, as do Figs. 10 and 11) and
 * returns the measures by label, in the given order.
 */
export async function runFerrerPoints(
  points: Array<{ label: string; params: FerrerParams; seed: number }>,
  context: Pick<PresetContext, "workers" | "progress">,
): Promise<LabelledMeasures[]> {
  const inputs = points.map(({ params, seed }) => ({ params, seed }));
  const outputs = await runSharedPoints("ferrer", inputs, (input) => JSON.stringify(input), context);
  return points.map(({ label }, i) => ({ label, measures: outputs[i]! }));
}

/** The measures of `label` among `runs`. */
export const measuresOf = (runs: LabelledMeasures[], label: string): FerrerMeasures =>
  runs.find((run) => run.label === label)!.measures;
