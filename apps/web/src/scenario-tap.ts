/**
 * `@losslab/scenario` as the presets (@losslab/reproductions) see it inside the page's worker:
 * the package unchanged, except that `runScenario` also tells an observer how far each run is
 * and what it measured (the link and flow-group series the page draws while a preset goes on).
 *
 * The web build resolves the presets' imports of `@losslab/scenario` to this module (see
 * vite.config.ts); the run itself is the package's own, with the same options, so its
 * result and fingerprint are the ones the CLI gets.
 */
import { type RunOptions, runScenario as runInSimulator, type Scenario, type ScenarioResult } from "@losslab/scenario";

export * from "@losslab/scenario";

/** Hears about each run of a scenario, in the order they are made. */
export interface RunObserver {
  started(scenario: Scenario): void;
  progress(doneMs: number, totalMs: number): void;
  finished(result: ScenarioResult): void;
}

let observer: RunObserver | undefined;

/** Makes `next` the observer of the runs that follow (undefined: none); returns the previous one. */
export function observeRuns(next: RunObserver | undefined): RunObserver | undefined {
  const previous = observer;
  observer = next;
  return previous;
}

/** The package's runScenario, reported to the observer. */
export function runScenario(scenario: Scenario, options: RunOptions = {}): ScenarioResult {
  const watching = observer;
  if (watching === undefined) return runInSimulator(scenario, options);
  watching.started(scenario);
  const result = runInSimulator(scenario, {
    ...options,
    onProgress: (doneMs, totalMs, events) => {
      options.onProgress?.(doneMs, totalMs, events);
      watching.progress(doneMs, totalMs);
    },
  });
  watching.finished(result);
  return result;
}
