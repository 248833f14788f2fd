import { describe, expect, it } from "vitest";
import { fieldDifferences, summaryDifferences } from "../src/summary-differences.js";

describe("the differences between two runs' summaries", () => {
  it("pairs every number by its path, with the difference and the ratio", () => {
    const pinned = JSON.stringify({
      delivered: 200,
      summary: { groups: { local: 0.5, remote: 0 } },
      checks: [{ value: null }],
    });
    const current = JSON.stringify({
      delivered: 300,
      summary: { groups: { local: 0.25, victim: 0.1 } },
      checks: [{ value: 2 }],
    });
    expect(summaryDifferences(pinned, current)).toEqual([
      { path: "delivered", pinned: 200, current: 300, difference: 100, ratio: 1.5 },
      { path: "summary.groups.local", pinned: 0.5, current: 0.25, difference: -0.25, ratio: 0.5 },
      { path: "summary.groups.remote", pinned: 0, current: undefined, difference: undefined, ratio: undefined },
      { path: "checks[0].value", pinned: null, current: 2, difference: undefined, ratio: undefined },
      { path: "summary.groups.victim", pinned: undefined, current: 0.1, difference: undefined, ratio: undefined },
    ]);
  });

  it("has no ratio to a pinned zero, and ignores text", () => {
    const rows = summaryDifferences('{"a":0,"name":"x"}', '{"a":3,"name":"y"}');
    expect(rows).toEqual([{ path: "a", pinned: 0, current: 3, difference: 3, ratio: undefined }]);
  });

  it("names the scenario fields that differ, with both values", () => {
    const a = { switch: { kind: "input-buffered", bufferPackets: 4 }, flows: [{ source: "B1" }] };
    const b = { switch: { kind: "input-buffered", bufferPackets: 16 }, flows: [{ source: "B2" }], seed: 2 };
    expect(fieldDifferences(a, b)).toEqual([
      { path: "switch.bufferPackets", pinned: "4", current: "16" },
      { path: "flows[0].source", pinned: '"B1"', current: '"B2"' },
      { path: "seed", pinned: "(absent)", current: "2" },
    ]);
  });
});
