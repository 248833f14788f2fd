/**
 * Golden records of the long -large presets at the short horizon (a file of its own: it runs
 * beside the others). hpcc-websearch-large's 8 runs of 320 hosts take about a minute.
 */

import { assertGolden, presetShortRecord } from "@losslab/test-kit/preset-golden";
import { describe, it } from "vitest";
import { presets } from "../src/presets/index.js";

describe.each(presets.filter((preset) => preset.long === true))("$name at the short horizon", (preset) => {
  it("matches its golden record", { timeout: 300_000 }, () => {
    assertGolden(preset.name, "short", presetShortRecord(preset));
  });
});
