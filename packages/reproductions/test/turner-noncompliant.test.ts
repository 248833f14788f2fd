/** docs/spec/turner.md, turner-noncompliant: the subnet manager throttles a non-compliant source. */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { turnerNoncompliant } from "../src/presets/turner-noncompliant.js";

const context = { seed: 1, progress: () => {} };

describe("turner-noncompliant", () => {
  it("passes every claim of the spec", async () => {
    const result = await turnerNoncompliant.run(context);
    assertFullGolden(turnerNoncompliant.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    expect(Object.keys(result.summary)).toEqual(["without", "with"]);
  });
});
