/**
 * How a preset runs one of its scenarios: in this thread by default; the CLI's
 * `reproduce --threads N` gives a runner that splits each run over N threads. The result is
 * the same, byte for byte, with any runner (docs/spec/parallel.md sec. 6).
 */
import { parseScenario, runScenario, type Scenario, type ScenarioInput, type ScenarioResult } from "@losslab/scenario";

/** Runs a validated scenario and resolves with its result. */
export type ScenarioRunner = (scenario: Scenario) => Promise<ScenarioResult>;

/** Validates `input` and runs it with `runner` (a preset passes its context's), or in this thread. */
export async function runWith(runner: ScenarioRunner | undefined, input: ScenarioInput): Promise<ScenarioResult> {
  const scenario = parseScenario(input);
  return runner === undefined ? runScenario(scenario) : await runner(scenario);
}
