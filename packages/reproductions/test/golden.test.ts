/**
 * Golden records (packages/reproductions/golden/, rewritten by `pnpm golden:update`): every
 * preset's runs at a short horizon match their record, and the records cover every preset.
 * The full-horizon records are compared by the tests that run the presets in full
 * (`assertFullGolden`) and, for the sweep presets no other test runs in full, here.
 */
import { existsSync, readdirSync } from "node:fs";
import {
  assertGolden,
  GOLDEN_SEED,
  goldenDir,
  goldenFile,
  listedFingerprint,
  presetShortRecord,
  readGolden,
} from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { presets } from "../src/presets/index.js";

describe("golden records", () => {
  it("exist for every preset, and for nothing else", () => {
    for (const preset of presets) expect(existsSync(goldenFile(preset.name)), preset.name).toBe(true);
    const names = new Set(presets.map((preset) => `${preset.name}.json`));
    expect(readdirSync(goldenDir).filter((file) => !names.has(file))).toEqual([]);
  });

  it("name which values moved and by how much", () => {
    // What a model change looks like: a record whose runs delivered other numbers.
    const name = "santos2002-fig2b";
    const golden = readGolden(name).short;
    const moved = { ...golden, runs: golden.runs.map((run) => ({ ...run, delivered: run.delivered + 7 })) };
    expect(() => assertGolden(name, "short", moved)).toThrow(/runs\.0\.delivered: (\d+) -> \d+ \(\+7, \+[\d.]+ %\)/);
  });
});

describe.each(presets.filter((preset) => preset.long !== true))("$name at the short horizon", (preset) => {
  // uec-permutation's seven runs of 128 x 2 MB took 11 s at load 10 and a minute at load 15, past the default 20 s.
  it("matches its golden record", { timeout: 120_000 }, () => {
    assertGolden(preset.name, "short", presetShortRecord(preset));
  });
});

// A preset's fingerprint combines those of `scenarios()`: checked here on the santos and
// turner presets with full records by running their scenario files in full, which also
// shows that the files are what `run` runs (`pnpm golden:update` checks every preset so).
const quick = presets.filter(
  (preset) =>
    /^(santos2002|turner)-/.test(preset.name) &&
    readGolden(preset.name).full !== undefined &&
    preset.scenarios(GOLDEN_SEED).length > 0,
);

describe.each(quick)("$name in full", (preset) => {
  it("lists in scenarios() the runs its fingerprint combines", () => {
    expect(listedFingerprint(preset)).toBe(readGolden(preset.name).full!.fingerprint);
  });
});
