/**
 * docs/spec/uec.md sec. 7: the golden records of uet-htsim's validation plans' 1024-host lines
 * at the short horizon (opt-in, `pnpm test:full`: 6-17 min each on a loaded 2-core machine;
 * their 16- and 128-host lines are in the default suite, test/uec-validate.test.ts).
 */
import { assertGolden, presetShortRecord } from "@losslab/test-kit/preset-golden";
import { describe, it } from "vitest";
import { presets } from "../../src/presets/index.js";

describe.each(presets.filter((preset) => /^uec-validate-.*-large$/.test(preset.name)))(
  "$name at the short horizon",
  (preset) => {
    it("matches its golden record", { timeout: 1_800_000 }, () => {
      assertGolden(preset.name, "short", presetShortRecord(preset));
    });
  },
);
