/**
 * A datacenter workload in a scenario file (issue 20): Poisson background traffic with
 * WebSearch / Hadoop flow sizes (`cdf`) and an `incast` generator, listed side by side in
 * `traffic`, validated by parseScenario and run end to end.
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

const scenario = (traffic: unknown[]) => ({
  durationMs: 2,
  topology: { kind: "single-switch", hosts: 8 },
  traffic,
  metrics: { measureMs: [0, 2] },
});

const background = {
  kind: "poisson",
  load: 0.3,
  size: { kind: "cdf", distribution: "hadoop" },
  destinations: { kind: "uniform" },
  group: "background",
};
const incast = { kind: "incast", fanIn: 4, bytes: 16_000, intervalUs: 400, receiver: "H7" };

describe("datacenter workload: poisson + cdf, with incast", () => {
  it("runs both generators in one scenario, each delivering its own group", () => {
    const result = runScenario(parseScenario(scenario([background, incast])));
    expect(result.summary.groups.background).toBeGreaterThan(0);
    // Events at 0, 400, ..., 1600 us: 5 x 4 messages of 16,000 B toward H7, which its one link
    // drains in 5 x 64 us at most: all delivered before 2 ms.
    expect(result.summary.groups.incast).toBeGreaterThan(0);
    const again = runScenario(parseScenario(scenario([background, incast])));
    expect(again.summary).toEqual(result.summary);
  });

  it("validates the nested cdf and the incast fields with their paths", () => {
    // The schema checks each field's range when parsing; the kinds' own checks (a CDF's
    // order, a fan-in the network can hold) when the generators are built, at run.
    const badPoints = {
      ...background,
      size: {
        kind: "cdf",
        points: [
          [0, 0],
          [1000, 50],
          [2000, 100],
        ],
      },
    };
    expect(() => runScenario(parseScenario(scenario([badPoints])))).toThrow(
      "traffic[0].size.points[1][1] (a cumulative probability, not a percentage) must be <= 1, got 50",
    );
    expect(() => runScenario(parseScenario(scenario([incast, { ...incast, name: "wide", fanIn: 8 }])))).toThrow(
      "traffic[1].fanIn: 8 senders need 8 hosts besides the receiver, but the network leaves 7",
    );
    expect(() => parseScenario(scenario([{ ...incast, fanIn: 0 }]))).toThrow(/traffic\[0\]\.fanIn/);
    expect(() => parseScenario(scenario([{ ...background, size: { kind: "cdf", distribution: "storage" } }]))).toThrow(
      /traffic\[0\]\.size\.distribution/,
    );
  });
});
