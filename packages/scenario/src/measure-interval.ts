import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/**
 * The interval a run's averages cover, [from, to) in ms: `metrics.measureMs`, else the whole
 * run. `parseScenario` checks it too; this refuses one outside the run in a scenario built in
 * code.
 */
export function measureInterval(scenario: Scenario): readonly [number, number] {
  const [fromMs, toMs] = scenario.metrics.measureMs ?? [0, scenario.durationMs];
  if (!(toMs > fromMs) || toMs > scenario.durationMs) {
    throw new ScenarioError(
      `metrics.measureMs: [${fromMs}, ${toMs}] must be an interval inside [0, durationMs=${scenario.durationMs}]`,
    );
  }
  return [fromMs, toMs];
}
