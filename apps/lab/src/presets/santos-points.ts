/**
 * Runs of scenario S on the sweep's threads (a module of its own: the sweep's task table
 * imports santos-scenario.ts, so that module may not import the sweep).
 */
import { parseScenario } from "@losslab/scenario";
import type { PresetContext } from "../preset.js";
import { runSharedPoints } from "../sweep/shared-points.js";
import type { TaskInput } from "../sweep/tasks.js";
import { santosScenario } from "./santos-scenario.js";

type SantosPoint = TaskInput<"santos">;

/**
 * Runs scenario S once per input whose run this process has not made (or is not making),
 * and returns every input's rates, in order. Points whose scenario files parse to the same
 * scenario are the same run: Fig. 5's points without an output threshold are Fig. 7's LIPD
 * points with continuous rates (the controller's default mode), so `reproduce --all` runs
 * them once.
 */
export const runSantosPoints = (inputs: SantosPoint[], context: Pick<PresetContext, "workers" | "progress">) =>
  runSharedPoints("santos", inputs, keyOf, context);

const keyOf = ({ params, seed, fromMs, toMs }: SantosPoint) =>
  JSON.stringify({ scenario: parseScenario(santosScenario(params, seed)), fromMs, toMs });
