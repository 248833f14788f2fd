/**
 * ferrer-2012 Figs. 4, 5, 6, 10, 11 and 16 in full on the small scenario M (the spec's
 * presets; 13 distinct runs of 6 M cycles, shared between the presets, in this thread):
 * every claim must pass.
 */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import type { Preset } from "../src/preset.js";
import {
  ferrerFig4,
  ferrerFig5,
  ferrerFig6,
  ferrerFig10,
  ferrerFig11,
  ferrerFig16,
} from "../src/presets/ferrer-figures.js";

const context = { seed: 1, progress: () => {} };

describe.each([ferrerFig4, ferrerFig5, ferrerFig6, ferrerFig10, ferrerFig11, ferrerFig16])(
  "$name",
  (preset: Preset) => {
    it("passes every claim of the spec", { timeout: 120_000 }, async () => {
      const result = await preset.run(context);
      assertFullGolden(preset.name, result);
      expect(result.checks.filter((check) => !check.pass)).toEqual([]);
      expect(result.checks.length).toBeGreaterThanOrEqual(1);
      for (const chart of result.charts) expect(chart.series.length).toBeGreaterThanOrEqual(2);
    });
  },
);
