/** staggered: the start pattern of the Santos experiments (one flow every 100 us, in the order given). */
import { us } from "@losslab/engine";
import { describe, expect, it } from "vitest";
import { staggered } from "../src/index.js";

const flows = [
  { source: "B1", destination: "BC", group: "local" },
  { source: "B2", destination: "BC", group: "local" },
  { source: "A1", destination: "BC", group: "remote" },
];

describe("staggered", () => {
  it("starts the flows one every interval from 0, in the order given", () => {
    const started = staggered(flows, { interval: us(100) });
    expect(started).toEqual([
      { source: "B1", destination: "BC", group: "local", start: 0 },
      { source: "B2", destination: "BC", group: "local", start: 100_000_000 },
      { source: "A1", destination: "BC", group: "remote", start: 200_000_000 },
    ]);
    expect(started.some((flow) => "stop" in flow)).toBe(false);
  });

  it("offsets the starts and gives every flow the common stop", () => {
    const started = staggered(flows, { interval: us(100), start: us(5), stop: us(1000) });
    expect(started.map((f) => [f.source, f.start, f.stop])).toEqual([
      ["B1", 5_000_000, 1_000_000_000],
      ["B2", 105_000_000, 1_000_000_000],
      ["A1", 205_000_000, 1_000_000_000],
    ]);
  });

  it("starts everything at once with interval 0, and returns [] for no flows", () => {
    expect(staggered(flows, { interval: 0, start: 7 }).map((f) => f.start)).toEqual([7, 7, 7]);
    expect(staggered([], { interval: us(100) })).toEqual([]);
  });

  it("returns new objects and leaves its input alone", () => {
    const input = flows.map((f) => ({ ...f }));
    const started = staggered(input, { interval: 1 });
    expect(input).toEqual(flows);
    expect(started[0]).not.toBe(input[0]);
  });

  it("rejects a negative or NaN interval", () => {
    expect(() => staggered(flows, { interval: -1 })).toThrow(RangeError);
    expect(() => staggered(flows, { interval: -1 })).toThrow("staggered: interval must be >= 0, got -1");
    expect(() => staggered(flows, { interval: Number.NaN })).toThrow(RangeError);
  });
});
