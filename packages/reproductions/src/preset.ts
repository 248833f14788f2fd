/**
 * A reproduction preset: one paper figure, regenerated. `run` returns the numbers the
 * spec (shared/spec/reproductions.md) names, the checks of the figure's claims, and the
 * charts to draw. The CLI turns this into JSON, a table, CSV and SVG/PNG files; the browser
 * lab into the same JSON and table, and the same charts drawn in the page.
 */
import { combineFingerprints } from "@losslab/metrics";
import type { ScenarioInput } from "@losslab/scenario";
import type { Chart } from "./charts/chart.js";
import type { ScenarioRunner } from "./scenario-runner.js";
import type { SweepRunner } from "./sweep/sweep-runner.js";

export interface Check {
  /** Claim id from the spec, e.g. "C2a.1". */
  id: string;
  /** The claim in words. */
  claim: string;
  /** The measured value the claim is judged on (null if it could not be measured). */
  value: number | null;
  /** What the claim expects, in words ("in [0.12, 0.20]", ">= 0.95"). */
  expected: string;
  pass: boolean;
}

export type SummaryValue = number | null | { [key: string]: SummaryValue };

export interface PresetResult {
  /** The parameters the preset ran with (printed in the JSON output). */
  params: object;
  /** The trajectory hashes of the preset's runs, combined in the order it lists them (`fingerprintOf`). */
  fingerprint: string;
  summary: Record<string, SummaryValue>;
  checks: Check[];
  charts: Chart[];
}

export interface PresetContext {
  seed: number;
  /** Progress reporting for long runs: done out of total units. No-op when quiet. */
  progress(done: number, total: number, label?: string): void;
  /**
   * Runs the points of the preset's sweep, if it has one (`sweep: true`); default
   * `runInThisThread`, one after the other. The CLI gives a runner on its worker threads. The
   * result is the same, byte for byte, with any runner.
   */
  sweepRunner?: SweepRunner | undefined;
  /**
   * Runs each of the preset's own scenarios, in the order `scenarios` lists them (`runWith`,
   * `runScenarios`); default `runScenario` in this thread. A sweep's points take theirs from
   * the `sweepRunner` (a `Task`'s third argument): every run a preset lists goes through one
   * of the two. The CLI's `reproduce --threads` splits them over threads, and refuses a
   * preset with a run that threads do not support before it runs. The result is the same,
   * byte for byte, with any runner.
   */
  scenarioRunner?: ScenarioRunner | undefined;
}

export interface Preset {
  name: string;
  /** One line for `losslab list`. */
  description: string;
  /**
   * Rough wall time on a 2-core machine, for `losslab list`: a time first ("30 s", "~2 h"),
   * then "with 2 workers" if it runs its sweep on two threads (`expectedThreadSeconds`).
   */
  expectedRuntime: string;
  /**
   * Whether the preset makes its runs through its context's `sweepRunner`: `reproduce --all`
   * on several threads runs it in the main thread, its points on the pool of threads the
   * presets share, and a preset without (its runs in the thread that calls `run`) whole on a
   * thread of that pool.
   */
  sweep?: true;
  /** Paper scale, minutes to an hour on 2 cores: `reproduce --all` skips it unless named in `--only`. */
  long?: boolean;
  /**
   * The scenario files of the runs `run` makes at this seed, in the order its fingerprint
   * combines them (the golden records run them at a short horizon; `--trace` traces a
   * preset of one run). An analytical preset has none.
   */
  scenarios(seed: number): ScenarioInput[];
  run(context: PresetContext): Promise<PresetResult>;
  /**
   * The preset's claims judged from a summary as `run` returns it, or as a kept result.json
   * holds it: `run`'s own checks are `judge(summary)`, so `reproduce --all` re-judges a kept
   * result from its numbers and never takes its PASS flags on trust. Undefined when the
   * summary lacks a number the claims need (`summaryNumbers`). Left out by a preset whose
   * claims need more than its summary (runs it compares with): a kept result of it is run again.
   */
  judge?(summary: Record<string, SummaryValue>): Check[] | undefined;
}

/** A preset's fingerprint: the fingerprints of its runs (scenario results, sweep outputs), in order. */
export const fingerprintOf = (runs: ReadonlyArray<{ readonly fingerprint: string }>): string =>
  combineFingerprints(runs.map((run) => run.fingerprint));

const SECONDS_PER_UNIT: Readonly<Record<string, number>> = { s: 1, min: 60, h: 3600 };

/**
 * The time on one thread that `expectedRuntime` implies, in seconds: its first "<n> s|min|h",
 * times N if it says "with N workers". `reproduce --all` starts the longest presets first.
 */
export function expectedThreadSeconds(expectedRuntime: string): number {
  const time = /(\d+(?:\.\d+)?)\s*(s|min|h)\b/.exec(expectedRuntime);
  if (time === null) throw new Error(`expectedRuntime "${expectedRuntime}" names no time such as "30 s"`);
  const workers = /with (\d+) workers?\b/.exec(expectedRuntime);
  return Number(time[1]) * SECONDS_PER_UNIT[time[2]!]! * (workers === null ? 1 : Number(workers[1]));
}
