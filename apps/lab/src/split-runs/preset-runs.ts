/**
 * `reproduce NAME --threads N` and `reproduce --all --threads N`: the runner that splits each
 * of a preset's runs over N threads (`PresetContext.scenarioRunner`, its sweep's points
 * included), after checking every run before any starts.
 */
import type { Preset, ScenarioRunner } from "@losslab/reproductions";
import { builtInKinds, parseScenario, runScenario } from "@losslab/scenario";
import { UserError } from "../user-error.js";
import { splitRunner } from "./split-runner.js";
import { checkThreads, threadsRefusal } from "./threads-refusal.js";

/**
 * The runner that splits each of the preset's runs over `threads` threads. Every preset
 * runs each run `scenarios` lists by its context's runner, its sweep's points included (a test
 * in @losslab/reproductions checks it). Without `warn` (one preset), a run that threads
 * cannot run (`checkThreads`) refuses the preset before any run, and one refused at run time
 * (collectives) stops it, both naming the preset, the run and the reason. With `warn`
 * (`--all`), such runs run on one thread instead (same results): `warn` hears one line for
 * the preset's runs refused before running, and one for each refused at run time.
 */
export function presetRunsOnThreads(
  preset: Preset,
  seed: number,
  threads: number,
  warn?: (line: string) => void,
): ScenarioRunner {
  const listed = preset.scenarios(seed).map((input) => parseScenario(input));
  const asked = `${preset.name}: --threads ${threads}`;
  const runLabel = (index: number) => `${preset.name}, run ${index + 1} of ${listed.length}: --threads ${threads}`;
  /** The runs refused before running, by reason. */
  const refused = new Map<string, number[]>();
  for (const [index, scenario] of listed.entries()) {
    try {
      checkThreads(runLabel(index), threads, scenario, builtInKinds);
    } catch (error) {
      if (warn === undefined || !(error instanceof UserError)) throw error;
      const reason = error.message.slice(runLabel(index).length + 2);
      refused.set(reason, [...(refused.get(reason) ?? []), index + 1]);
    }
  }
  if (warn !== undefined && refused.size > 0) {
    const reasons = [...refused].map(([reason, runs]) => `${runNumbers(runs, listed.length)}: ${reason}`);
    warn(`${asked}: on one thread (the same results), ${reasons.join("; ")}`);
  }
  const texts = listed.map((scenario) => JSON.stringify(scenario));
  const split = splitRunner(threads);
  return async (scenario, onProgress) => {
    try {
      return await split(scenario, onProgress);
    } catch (error) {
      const refusal = threadsRefusal(error);
      if (refusal === undefined) throw error;
      const line = `${runLabel(texts.indexOf(JSON.stringify(scenario)))}: ${refusal}`;
      if (warn === undefined) throw new UserError(line);
      warn(`${line}; it runs again on one thread`);
      const fraction =
        onProgress === undefined
          ? {}
          : { onProgress: (doneMs: number, totalMs: number) => onProgress(doneMs / totalMs) };
      return runScenario(scenario, fraction);
    }
  };
}

/** "run 3 of 8", "runs 1, 2 and 5 of 8", "all 8 runs". */
function runNumbers(runs: readonly number[], of: number): string {
  if (runs.length === of) return runs.length === 1 ? "its run" : `all ${of} runs`;
  if (runs.length === 1) return `run ${runs[0]} of ${of}`;
  return `runs ${runs.slice(0, -1).join(", ")} and ${runs.at(-1)} of ${of}`;
}
