/** docs/spec/turner.md, turner-spreading: every claim must pass (TS.4 as restated in issue 18). */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { turnerSpreading } from "../src/presets/turner-spreading.js";

const context = { seed: 1, progress: () => {} };

describe("turner-spreading", () => {
  it("contains congestion spreading: every claim passes", async () => {
    const result = await turnerSpreading.run(context);
    assertFullGolden(turnerSpreading.name, result);
    const failed = result.checks.filter((check) => !check.pass).map((check) => check.id);
    expect(failed).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["none", "turner"]);
  });
});
