/**
 * docs/spec/datacenter.md, dc-fan-in: every claim passes except FI.3 (TIMELY's fairness),
 * which fails as the spec's "Results" explains (TIMELY's rate has no unique fixed point) and
 * stays reported as failing.
 */

import { assertFullGolden } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { dcFanIn } from "../src/presets/dc-fan-in.js";

const context = { seed: 1, progress: () => {} };

describe("dc-fan-in", () => {
  it("DCQCN and HPCC share the receiver fairly, HPCC with a near-empty queue; TIMELY's FI.3 fails", async () => {
    const result = await dcFanIn.run(context);
    assertFullGolden(dcFanIn.name, result);
    expect(result.checks.filter((check) => !check.pass).map((check) => check.id)).toEqual(["FI.3"]);
    expect(Object.keys(result.summary)).toEqual(["dcqcn", "hpcc", "timely"]);
    expect(result.charts.map((chart) => chart.name)).toEqual([
      "dc-fan-in-dcqcn",
      "dc-fan-in-hpcc",
      "dc-fan-in-timely",
      "dc-fan-in-queue",
    ]);
  });
});
