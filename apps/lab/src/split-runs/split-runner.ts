/**
 * The scenario runner that splits each run over threads (`runOnThreads`): what a preset's
 * runs and its sweep's points run with under `reproduce --threads N`, in the main thread or
 * on a pool thread.
 */
import type { ScenarioRunner } from "@losslab/reproductions";
import { builtInKinds, runScenario } from "@losslab/scenario";
import { runOnThreads } from "../threads/run-on-threads.js";
import { UserError } from "../user-error.js";
import { checkThreads } from "./threads-refusal.js";

/**
 * Runs each scenario split over `threads` threads, with the built-in kinds; one that threads
 * refuse before running (`checkThreads`) runs in this thread: the caller has refused it or
 * warned of it, naming it, from the runs the preset lists. Progress as a fraction of the
 * simulated time.
 */
export const splitRunner =
  (threads: number): ScenarioRunner =>
  (scenario, onProgress) => {
    const fraction =
      onProgress === undefined ? undefined : (doneMs: number, totalMs: number) => onProgress(doneMs / totalMs);
    try {
      checkThreads("", threads, scenario, builtInKinds);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      return Promise.resolve(runScenario(scenario, fraction === undefined ? {} : { onProgress: fraction }));
    }
    return runOnThreads(scenario, builtInKinds, threads, fraction);
  };
