import { describe, expect, it } from "vitest";
import { costWarnings, estimateCost, parseScenario, runScenario } from "../src/index.js";

const santos = (durationMs: number, binUs = 10) =>
  parseScenario({
    durationMs,
    topology: { kind: "two-switch", local: 5, remote: 1 },
    flows: { pattern: "santos" },
    metrics: { binUs },
  });

describe("estimateCost", () => {
  it("bounds the events of a real run within a factor of 2.5", () => {
    const scenario = santos(20);
    const estimate = estimateCost(scenario);
    const { events } = runScenario(scenario);
    expect(estimate.events).toBeGreaterThanOrEqual(events);
    expect(estimate.events).toBeLessThan(2.5 * events);
  });

  it("warns before an hours-long run and before counters that need gigabytes", () => {
    expect(costWarnings(santos(100))).toEqual([]);
    const long = costWarnings(santos(100_000, 1000));
    expect(long).toHaveLength(1);
    expect(long[0]).toMatch(/^durationMs 100000: about \d+ million events, roughly \d+ minutes/);
    const fine = costWarnings(santos(50_000, 0.01));
    expect(fine.some((w) => w.startsWith("metrics.binUs 0.01: the byte counters need about"))).toBe(true);
  });
});
