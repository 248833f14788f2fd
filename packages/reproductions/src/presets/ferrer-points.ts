/**
 * Runs of scenario M with the sweep's runner, each run once per process (a module of its own,
 * so that ferrer-scenario.ts, which the task table names, needs no sweep).
 */
import { runSharedPoints, type SharedPointsContext } from "../sweep/shared-points.js";
import { type FerrerMeasures, type FerrerParams, ferrerPoint, type LabelledMeasures } from "./ferrer-scenario.js";

/**
 * Runs scenario M once per labelled parameter set (with the sweep's runner, skipping points
 * this process has run or is running: Figs. 5 and 6 share their runs, as do Figs. 10 and 11)
 * and returns the measures by label, in the given order.
 */
export async function runFerrerPoints(
  points: Array<{ label: string; params: FerrerParams; seed: number }>,
  context: SharedPointsContext,
): Promise<LabelledMeasures[]> {
  const inputs = points.map(({ params, seed }) => ({ params, seed }));
  const outputs = await runSharedPoints(ferrerPoint, inputs, (input) => JSON.stringify(input), context);
  return points.map(({ label }, i) => ({ label, measures: outputs[i]! }));
}

/** The measures of `label` among `runs`. */
export const measuresOf = (runs: LabelledMeasures[], label: string): FerrerMeasures =>
  runs.find((run) => run.label === label)!.measures;
