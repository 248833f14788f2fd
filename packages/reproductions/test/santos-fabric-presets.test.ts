/**
 * The congestion-spreading presets of santos-2002 Figs. 2-3 in full (100 ms each, well
 * under a second): every claim of shared/spec/reproductions.md must pass.
 */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import type { Preset } from "../src/preset.js";
import { santosFig2a } from "../src/presets/santos-fig2a.js";
import { santosFig2b, santosFig3a, santosFig3b } from "../src/presets/santos-window-one.js";

const context = { seed: 1, progress: () => {} };

describe.each([santosFig2a, santosFig2b, santosFig3a, santosFig3b])("$name", (preset: Preset) => {
  it("passes every claim of the spec", async () => {
    const result = await preset.run(context);
    assertFullGolden(preset.name, result);
    const failed = result.checks.filter((check) => !check.pass);
    expect(failed).toEqual([]);
    expect(result.checks.length).toBeGreaterThanOrEqual(2);
    expect(result.charts[0]?.series.map((s) => s.name)).toEqual([
      "root link",
      "inter-switch link",
      "local (aggregate)",
      "remote (aggregate)",
      "victim",
    ]);
  });
});
