/**
 * chrysos Figs. 2 and 3 in full (300 ms of a 10 Gb/s lossless Ethernet fan-in each, about
 * 2 s a run): every claim of the spec must pass.
 */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import type { Preset } from "../src/preset.js";
import {
  chrysosFig2a,
  chrysosFig2b,
  chrysosFig3b,
  chrysosFig3c,
  chrysosFig3d,
} from "../src/presets/chrysos-figures.js";
import { jain } from "../src/presets/chrysos-scenario.js";

const context = { seed: 1, progress: () => {} };

describe.each([chrysosFig2a, chrysosFig2b, chrysosFig3b, chrysosFig3c, chrysosFig3d])("$name", (preset: Preset) => {
  it("passes every claim of the spec", { timeout: 60_000 }, async () => {
    const result = await preset.run(context);
    assertFullGolden(preset.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    for (const chart of result.charts) expect(chart.series.length).toBeGreaterThanOrEqual(4);
  });
});

describe("Jain's fairness index", () => {
  it("is 1 for equal shares and 1/n when one flow takes everything", () => {
    expect(jain([2.5, 2.5, 2.5, 2.5])).toBe(1);
    expect(jain([10, 0, 0, 0])).toBe(0.25);
    expect(jain([1, 2])).toBe(0.9);
  });
});
