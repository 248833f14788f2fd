/**
 * The units of work a sweep can run on a worker thread, by name. A task takes plain JSON
 * parameters and returns plain JSON, so the same function runs in-process or on a worker
 * and gives the same numbers either way. A long task may also take a callback it calls with
 * the fraction of its work done (progress only: the result does not depend on it).
 */
import { ferrerPoint } from "../presets/ferrer-scenario.js";
import { runSantos, type SantosParams, santosAverages } from "../presets/santos-scenario.js";
import { websearchPoint } from "../presets/websearch-scenario.js";
import { runScenarioSummary } from "./scenario-task.js";

export const tasks = {
  /** One run of scenario S: its fingerprint and its rates averaged over `fromMs`-`toMs`. */
  santos: (input: { params: SantosParams; seed: number; fromMs: number; toMs: number }) => {
    const run = runSantos(input.params, input.seed);
    return { fingerprint: run.result.fingerprint, ...santosAverages(run, input.fromMs, input.toMs) };
  },
  /** One run of ferrer-2012's scenario M: its measures and the series of its charts. */
  ferrer: ferrerPoint,
  /** One run of the hpcc-websearch presets: its flows' slowdown and PAUSE frames. */
  websearch: websearchPoint,
  /** One run of a scenario object (as in a scenario file): its summary as plain JSON, or its error. */
  scenario: runScenarioSummary,
} as const;

export type TaskName = keyof typeof tasks;
export type TaskInput<T extends TaskName> = Parameters<(typeof tasks)[T]>[0];
export type TaskOutput<T extends TaskName> = Awaited<ReturnType<(typeof tasks)[T]>>;
