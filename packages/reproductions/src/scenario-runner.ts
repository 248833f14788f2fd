/**
 * How a preset runs its scenarios: in this thread by default; the CLI's
 * `reproduce --threads N` gives a runner that splits each run over N threads. The result is
 * the same, byte for byte, with any runner (docs/spec/parallel.md sec. 6).
 */
import { parseScenario, runScenario, type Scenario, type ScenarioInput, type ScenarioResult } from "@losslab/scenario";

/**
 * Runs a validated scenario and resolves with its result; `onProgress`, when given, hears the
 * fraction of the simulated time done (progress only: the result does not depend on it).
 */
export type ScenarioRunner = (scenario: Scenario, onProgress?: (fraction: number) => void) => Promise<ScenarioResult>;

/** Validates `input` and runs it with `runner` (a preset passes its context's), or in this thread. */
export async function runWith(
  runner: ScenarioRunner | undefined,
  input: ScenarioInput,
  onProgress?: (fraction: number) => void,
): Promise<ScenarioResult> {
  const scenario = parseScenario(input);
  if (runner !== undefined) return await runner(scenario, onProgress);
  return runScenario(
    scenario,
    onProgress === undefined ? {} : { onProgress: (doneMs, totalMs) => onProgress(doneMs / totalMs) },
  );
}

/**
 * Runs scenarios one after the other by the context's runner, in order, reporting progress by
 * label: how a preset of several runs makes them.
 */
export async function runScenarios(
  runs: ReadonlyArray<{ label: string; scenario: ScenarioInput }>,
  // The preset's context (`PresetContext`), of which this takes what it needs (preset.ts imports this file).
  {
    progress,
    scenarioRunner,
  }: { progress(done: number, total: number, label?: string): void; scenarioRunner?: ScenarioRunner | undefined },
): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const { label, scenario } of runs) {
    progress(results.length, runs.length, label);
    results.push(await runWith(scenarioRunner, scenario));
  }
  progress(runs.length, runs.length);
  return results;
}
