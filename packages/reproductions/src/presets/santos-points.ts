/**
 * Runs of scenario S with the sweep's runner, each run once per process (a module of its own,
 * so that santos-scenario.ts, which the task table names, needs no sweep).
 */
import { parseScenario } from "@losslab/scenario";
import { runSharedPoints, type SharedPointsContext } from "../sweep/shared-points.js";
import { type SantosPoint, santosPoint, santosScenario } from "./santos-scenario.js";

/**
 * Runs scenario S once per input whose run this process has not made (or is not making),
 * and returns every input's rates, in order. Points whose scenario files parse to the same
 * scenario are the same run: Fig. 5's points without an output threshold are Fig. 7's LIPD
 * points with continuous rates (the controller's default mode), so `reproduce --all` runs
 * them once.
 */
export const runSantosPoints = (inputs: SantosPoint[], context: SharedPointsContext) =>
  runSharedPoints(santosPoint, inputs, keyOf, context);

const keyOf = ({ params, seed, fromMs, toMs }: SantosPoint) =>
  JSON.stringify({ scenario: parseScenario(santosScenario(params, seed)), fromMs, toMs });
