/** docs/spec/turner.md, turner-apsn: with APSN a burst of marks causes one decrease. */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { turnerApsn } from "../src/presets/turner-apsn.js";

const context = { seed: 1, progress: () => {} };

describe("turner-apsn", () => {
  it("passes every claim of the spec", async () => {
    const result = await turnerApsn.run(context);
    assertFullGolden(turnerApsn.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["hybrid", "perAck"]);
  });
});
