/**
 * Golden records of the long -large presets at the short horizon (a file of its own: it runs
 * beside the others). hpcc-websearch-large's 8 runs of 320 hosts take about a minute. The
 * uec-validate-*-large presets are checked in test/full/ instead (`pnpm test:full`): their
 * 1024-host permutations end within the 2 ms horizon, so their records take 6-17 min each.
 */

import { assertGolden, presetShortRecord } from "@losslab/test-kit/preset-golden";
import { describe, it } from "vitest";
import { presets } from "../src/presets/index.js";

/** The long presets whose short records run in test/full/. */
const fullSuiteRecords = /^uec-validate-.*-large$/;

describe.each(presets.filter((preset) => preset.long === true && !fullSuiteRecords.test(preset.name)))(
  "$name at the short horizon",
  (preset) => {
    it("matches its golden record", { timeout: 300_000 }, () => {
      assertGolden(preset.name, "short", presetShortRecord(preset));
    });
  },
);
