/**
 * `reproduce NAME --threads N`: the runner that splits each of a preset's runs over N threads
 * (`PresetContext.scenarioRunner`), after checking every run before any starts.
 */
import type { Preset, ScenarioRunner } from "@losslab/reproductions";
import { builtInKinds, parseScenario } from "@losslab/scenario";
import { runOnThreads } from "../threads/run-on-threads.js";
import { UserError } from "../user-error.js";
import { checkThreads, threadsRefusal } from "./threads-refusal.js";

/** The runner of a preset's runs on threads, and the check that every run went through it. */
export interface PresetRunsOnThreads {
  runner: ScenarioRunner;
  /**
   * After the preset ran: a warning when it made fewer runs through `runner` than it lists
   * (a preset that runs its scenarios itself: they ran on one thread, with the same results).
   */
  unsplit(): string | undefined;
}

/**
 * Refuses, naming the preset, the run and the reason, a preset with a run that `threads`
 * threads cannot run (`checkThreads`), or whose runs are a sweep's points (they run on worker
 * threads of their own, unsplit); then returns the runner that splits each run, whose
 * refusals at run time name the run too.
 */
export function presetRunsOnThreads(preset: Preset, seed: number, threads: number): PresetRunsOnThreads {
  const listed = preset.scenarios(seed).map((input) => parseScenario(input));
  const runLabel = (index: number) => `${preset.name}, run ${index + 1} of ${listed.length}: --threads ${threads}`;
  for (const [index, scenario] of listed.entries()) checkThreads(runLabel(index), threads, scenario, builtInKinds);
  if (preset.sweep === true) {
    throw new UserError(
      `${preset.name}: --threads ${threads}: its runs are the points of a sweep, which do not split over threads yet: run it without --threads (its points spread over --workers)`,
    );
  }
  const texts = listed.map((scenario) => JSON.stringify(scenario));
  let made = 0;
  const runner: ScenarioRunner = async (scenario) => {
    // The run as `scenarios` lists it; a preset runs them in that order.
    const found = texts.indexOf(JSON.stringify(scenario));
    const index = found >= 0 ? found : made;
    made++;
    try {
      return await runOnThreads(scenario, builtInKinds, threads);
    } catch (error) {
      const refusal = threadsRefusal(error);
      throw refusal === undefined ? error : new UserError(`${runLabel(index)}: ${refusal}`);
    }
  };
  return {
    runner,
    unsplit() {
      if (made >= listed.length) return undefined;
      return `${preset.name}: --threads ${threads}: ${listed.length - made} of its ${listed.length} runs ran on one thread (this preset runs them itself; its results are the same)`;
    },
  };
}
