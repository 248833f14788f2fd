/** docs/spec/turner.md, turner-spreading: TS.4 does not reproduce (see the spec's note); the others must pass. */
import { describe, expect, it } from "vitest";
import { turnerSpreading } from "../src/presets/turner-spreading.js";

const context = { seed: 1, workers: 1, progress: () => {} };

describe("turner-spreading", () => {
  it("contains congestion spreading: every claim but TS.4 passes, and TS.4 fails as the spec explains", async () => {
    const result = await turnerSpreading.run(context);
    const failed = result.checks.filter((check) => !check.pass).map((check) => check.id);
    expect(failed).toEqual(["TS.4"]);
    expect(Object.keys(result.summary)).toEqual(["none", "turner"]);
  });
});
