/** docs/spec/turner.md, turner-vl: two VLs keep a victim on VL 0 clear of VL 1's congestion. */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { turnerVl } from "../src/presets/turner-vl.js";

describe("turner-vl", () => {
  it("passes every claim of docs/spec/turner.md", async () => {
    const result = await turnerVl.run({ seed: 1, progress: () => {} });
    assertFullGolden(turnerVl.name, result);
    expect(result.checks.filter((check) => !check.pass)).toEqual([]);
    expect(result.checks.map((check) => check.id)).toEqual(["TV.1", "TV.2", "TV.3", "TV.4"]);
  });
});
