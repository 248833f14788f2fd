/** docs/spec/turner.md, turner-root: a blocked output is not taken for a root. */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { turnerRoot } from "../src/presets/turner-root.js";

const context = { seed: 1, progress: () => {} };

describe("turner-root", () => {
  it("passes every claim of the spec", async () => {
    const result = await turnerRoot.run(context);
    assertFullGolden(turnerRoot.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["A", "B", "generatingShareA"]);
  });
});
