/**
 * Golden records of the presets: the trajectory fingerprint and summary values of every
 * preset (at a short horizon, and in full for the presets that run in under 30 s), checked
 * in under packages/reproductions/golden/. `pnpm golden:update` rewrites them; the tests
 * compare against them and, on a mismatch, say which values moved and by how much.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fingerprintOf, type Preset, type PresetResult, round, type SummaryValue } from "@losslab/reproductions";
import { parseScenario, runScenario, type ScenarioInput, type ScenarioResult } from "@losslab/scenario";
import { assertUnmoved } from "./golden-records.js";
import { packageDirectory } from "./repository.js";

export const goldenDir = join(packageDirectory("reproductions"), "golden");

/** The seed of every golden record. */
export const GOLDEN_SEED = 1;
/** Short horizon of scenarios timed in ms, and of those timed in cycles. */
export const SHORT_MS = 2;
export const SHORT_CYCLES = 10_000;
/** Presets whose full run takes less than this get a full-horizon record too. */
export const FULL_RECORD_SECONDS = 30;

/** The numbers a golden record keeps of one run. */
export interface RunRecord {
  fingerprint: string;
  events: number;
  delivered: number;
  transmissions: number;
  marked: number;
  groups: Record<string, number>;
  classes: Record<string, number>;
  latencyUs: number | null;
}

export interface GoldenRecord {
  name: string;
  seed: number;
  /** The preset's scenarios cut to the short horizon. */
  short: { horizon: string; runs: RunRecord[] };
  /** The preset run in full (`reproduce NAME --seed 1`): its fingerprint and summary. */
  full?: { fingerprint: string; summary: Record<string, SummaryValue> };
}

/** A scenario cut to the short horizon; measurements over the whole of it. */
export function shortened(input: ScenarioInput): ScenarioInput {
  const { metrics, ...rest } = input;
  const { measureMs: _measure, ...keptMetrics } = metrics ?? {};
  const timing =
    input.durationCycles === undefined
      ? { durationMs: Math.min(input.durationMs ?? SHORT_MS, SHORT_MS) }
      : { durationCycles: Math.min(input.durationCycles, SHORT_CYCLES) };
  return { ...rest, ...timing, metrics: keptMetrics };
}

export const shortHorizon = (input: ScenarioInput) =>
  input.durationCycles === undefined ? `${SHORT_MS} ms` : `${SHORT_CYCLES} cycles`;

/** What a golden record keeps of a run. */
export function runRecord(result: ScenarioResult): RunRecord {
  const rounded = (values: Record<string, number>) =>
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, round(value)]));
  const latency = result.summary.latencyUs.all;
  return {
    fingerprint: result.fingerprint,
    events: result.events,
    delivered: result.delivered,
    transmissions: result.transmissions,
    marked: result.marked,
    groups: rounded(result.summary.groups),
    classes: rounded(result.summary.classes),
    latencyUs: latency === undefined || Number.isNaN(latency) ? null : round(latency),
  };
}

/** Short runs already made in this process, by scenario: presets share many runs. */
const shortRuns = new Map<string, RunRecord>();

/** Runs scenarios (cut to the short horizon) and records them. */
export const shortRecord = (scenarios: ScenarioInput[]): GoldenRecord["short"] => ({
  horizon: scenarios.length === 0 ? "none" : shortHorizon(scenarios[0]!),
  runs: scenarios.map((input) => {
    const short = shortened(input);
    const key = JSON.stringify(short);
    let record = shortRuns.get(key);
    if (record === undefined) {
      record = runRecord(runScenario(parseScenario(short)));
      shortRuns.set(key, record);
    }
    return record;
  }),
});

export const presetShortRecord = (preset: Preset) => shortRecord(preset.scenarios(GOLDEN_SEED));

/** The fingerprints of the preset's scenario files, run in full, combined: what `run` must report. */
export const listedFingerprint = (preset: Preset) =>
  fingerprintOf(preset.scenarios(GOLDEN_SEED).map((input) => runScenario(parseScenario(input))));

export const goldenFile = (name: string) => join(goldenDir, `${name}.json`);

export function readGolden(name: string): GoldenRecord {
  return JSON.parse(readFileSync(goldenFile(name), "utf8")) as GoldenRecord;
}

/** Throws a readable report when `now` differs from the golden record `name`'s `part`. */
export function assertGolden(name: string, part: "short" | "full", now: unknown): void {
  const golden = readGolden(name)[part];
  if (golden === undefined) throw new Error(`${name}: the golden record has no ${part} part`);
  assertUnmoved(goldenFile(name), name, `${name} (${part} horizon)`, golden, now);
}

/** The full-horizon part of a preset's result, as the golden record keeps it. */
export const fullPart = (result: PresetResult) => ({ fingerprint: result.fingerprint, summary: result.summary });

/**
 * For a test that ran a preset in full: compares with its full-horizon golden record, if
 * it has one (presets slower than FULL_RECORD_SECONDS have only the short one).
 */
export function assertFullGolden(name: string, result: PresetResult): void {
  if (readGolden(name).full !== undefined) assertGolden(name, "full", fullPart(result));
}
