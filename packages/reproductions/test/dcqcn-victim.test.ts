/** docs/spec/datacenter.md, dcqcn-victim: every claim must pass. */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { dcqcnVictim } from "../src/presets/dcqcn-victim.js";

const context = { seed: 1, progress: () => {} };

describe("dcqcn-victim", () => {
  it("PFC alone spreads congestion to the victim; DCQCN contains it: every claim passes", async () => {
    const result = await dcqcnVictim.run(context);
    assertFullGolden(dcqcnVictim.name, result);
    expect(result.checks.filter((check) => !check.pass).map((check) => check.id)).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["pfc", "dcqcn"]);
  });
});
