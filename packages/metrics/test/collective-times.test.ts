/** CollectiveTimes: each run's completion, the steps' shares of it, the slowest rank, and the summary per name. */
import { us } from "@losslab/engine";
import { describe, expect, it } from "vitest";
import { CollectiveTimes } from "../src/index.js";

const run = (start: number, stepEnds: number[], rankEnds: number[]) => ({
  kind: "all-to-all",
  bytes: 3000,
  hosts: ["H0", "H1", "H2"],
  start: us(start),
  end: us(Math.max(...stepEnds)),
  stepEnds: stepEnds.map(us),
  rankEnds: rankEnds.map(us),
});

describe("CollectiveTimes", () => {
  it("gives each step the time it adds to the completion, so the shares add up to it", () => {
    const times = new CollectiveTimes();
    // Step 1 ends before step 0 (a direct all-to-all's steps overlap): it adds nothing.
    times.add("a2a", run(10, [40, 30, 55], [55, 50, 55]));
    const summary = times.summary().a2a!;
    expect(summary.runs[0]!.stepsUs).toEqual([30, 0, 15]);
    expect(summary.runs[0]!.completionUs).toBe(45);
    // Ranks 0 and 2 end last: the first of them is named.
    expect(summary.runs[0]!.slowestRank).toEqual({ rank: 0, host: "H0", us: 45 });
  });

  it("summarises the runs of each name: count, mean, min, max", () => {
    const times = new CollectiveTimes();
    expect(times.empty).toBe(true);
    times.add("b", run(0, [10], [10, 10, 10]));
    times.add("a", run(0, [20], [20, 5, 20]));
    times.add("a", run(100, [140], [120, 140, 130]));
    const summary = times.summary();
    expect(Object.keys(summary)).toEqual(["a", "b"]);
    expect(summary.a).toMatchObject({
      kind: "all-to-all",
      ranks: 3,
      bytes: 3000,
      count: 2,
      meanUs: 30,
      minUs: 20,
      maxUs: 40,
    });
    expect(summary.a!.runs[1]!.slowestRank).toEqual({ rank: 1, host: "H1", us: 40 });
    expect(() => times.add("a", { ...run(50, [40], [40, 40, 40]) })).toThrow(RangeError);
  });
});
