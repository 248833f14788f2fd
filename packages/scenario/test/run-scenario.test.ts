/** runScenario end to end: determinism, link sharing, meters, series, progress and errors. */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

/** Two greedy flows, H0 -> H2 (group a) and H1 -> H2 (group b), through one switch for 5 ms. */
const fanIn = () =>
  parseScenario({
    durationMs: 5,
    topology: { kind: "single-switch", hosts: 3 },
    flows: [
      { source: "H0", destination: "H2", group: "a" },
      { source: "H1", destination: "H2", group: "b" },
    ],
    metrics: { measureMs: [1, 5] },
  });

/** Scenario S, small: L = 3, R = 2, victim 1-2 ms, 3 ms. */
const santos = () =>
  parseScenario({
    durationMs: 3,
    topology: { kind: "two-switch", local: 3, remote: 2 },
    flows: { pattern: "santos", victimMs: [1, 2] },
  });

describe("runScenario", () => {
  it("is deterministic: two runs give identical summaries and series", () => {
    const first = runScenario(santos());
    const second = runScenario(santos());
    expect(first.delivered).toBeGreaterThan(0);
    expect(second.events).toBe(first.events);
    expect(second.delivered).toBe(first.delivered);
    expect(second.summary).toEqual(first.summary);
    expect(second.meters()).toEqual(first.meters());
    for (const meter of first.meters()) expect(second.series(meter)).toEqual(first.series(meter));
  });

  it('runs the switches\' default output order, "rotate", and passes any other order on to them', () => {
    // Scenario S with windows of 1 (santos2002-fig3a's, shorter): B's ISL input often holds a
    // remote packet for the root and a victim packet for BV while both outputs are free.
    const withOrder = (outputOrder?: string) =>
      runScenario(
        parseScenario({
          durationMs: 6,
          topology: { kind: "two-switch", local: 5, remote: 5 },
          switch: { kind: "input-buffered", ...(outputOrder === undefined ? {} : { outputOrder }) },
          flows: { pattern: "santos", staggerUs: 100, victimMs: [2, 6] },
          limits: { window: 1 },
        }),
      );
    const series = (result: ReturnType<typeof runScenario>) => result.meters().map((m) => result.series(m));
    const byDefault = withOrder();
    const rotate = withOrder("rotate");
    expect(rotate.events).toBe(byDefault.events);
    expect(rotate.summary).toEqual(byDefault.summary);
    expect(series(rotate)).toEqual(series(byDefault));
    // The order reaches the switches: serving the output idle longest (BV) first changes the victim's rate.
    const longestIdle = withOrder("longest-idle");
    expect(longestIdle.rate("group:victim", 3, 6)).toBeGreaterThan(1.5 * byDefault.rate("group:victim", 3, 6));
  });

  it("gives the same result when run in 1 ms steps with progress reports", () => {
    const progress: Array<[number, number]> = [];
    const stepped = runScenario(santos(), { onProgress: (done, total) => progress.push([done, total]) });
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const whole = runScenario(santos());
    expect(stepped.events).toBe(whole.events);
    expect(stepped.summary).toEqual(whole.summary);
  });

  it("lets two greedy flows to one host share its link about equally", () => {
    // Both inputs stay backlogged and the output FIFO alternates between them, so each gets
    // half of the 1 GB/s link; over [1, 5] ms the link is busy all the time.
    const result = runScenario(fanIn());
    const { a, b } = result.summary.groups;
    expect(a! + b!).toBeGreaterThanOrEqual(0.98);
    expect(Math.abs(a! - b!)).toBeLessThanOrEqual(0.01);
    expect(result.summary.links["S->H2"]).toBeGreaterThanOrEqual(0.98);
    // The reverse direction carries only ACKs: 20 B per 2068 B of data delivered.
    expect(result.summary.links["H2->S"]).toBeCloseTo(((a! + b!) * 20) / 2068, 4);
    expect(result.summary.links["S->H1"]).toBeCloseTo((b! * 20) / 2068, 4);
    // The sources are held back by credits, not idle: H0 -> S carries what H0 gets delivered.
    expect(result.summary.links["H0->S"]).toBeCloseTo(a!, 2);
  });

  it("names its meters and measures any of them over any interval", () => {
    const result = runScenario(fanIn());
    expect(result.meters().sort()).toEqual(
      [
        "flow:0",
        "flow:1",
        "group:a",
        "group:b",
        "link:H0->S",
        "link:H1->S",
        "link:H2->S",
        "link:S->H0",
        "link:S->H1",
        "link:S->H2",
      ].sort(),
    );
    expect(result.rate("flow:0", 1, 5)).toBe(result.summary.groups.a);
    expect(result.rate("link:S->H2", 2, 3)).toBeGreaterThanOrEqual(0.98);
    expect(() => result.rate("link:nowhere", 1, 2)).toThrow(ScenarioError);
    expect(() => result.series("group:c")).toThrow(/unknown meter "group:c"; known: /);
  });

  it("gives sliding-window series centred every stepUs, in ms and fractions of the link", () => {
    const series = runScenario(fanIn()).series("link:S->H2");
    // Window 2 ms, step 250 us, centres from 1 ms to 5 - 1 = 4 ms: 13 points.
    expect(series.map(([t]) => t)).toEqual([1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 3.75, 4]);
    // A packet counts when its last byte leaves, so a 2 ms window holds 967 or 968 whole packets
    // of a busy link (2 ms / 2.068 us = 967.1): between 0.9999 and 1 + 2068 B / 2 MB = 1.001034.
    for (const [, value] of series) {
      expect(value).toBeGreaterThanOrEqual((967 * 2068) / 2e6);
      expect(value).toBeLessThanOrEqual((968 * 2068) / 2e6);
    }
  });

  it("rejects a measurement interval outside the run, naming the field and the value", () => {
    const scenario = { ...fanIn(), durationMs: 1 };
    expect(() => runScenario({ ...scenario, metrics: { ...scenario.metrics, measureMs: [0, 2] } })).toThrow(
      "metrics.measureMs: [0, 2] must be an interval inside [0, durationMs=1]",
    );
    expect(() => runScenario({ ...scenario, metrics: { ...scenario.metrics, measureMs: [0.5, 0.5] } })).toThrow(
      ScenarioError,
    );
  });

  it("rejects a flow list naming a host the topology does not have", () => {
    const scenario = parseScenario({
      durationMs: 1,
      topology: { kind: "single-switch", hosts: 2 },
      flows: [{ source: "H0", destination: "H5" }],
    });
    expect(() => runScenario(scenario)).toThrow('flows[0].destination: unknown host "H5"; hosts are H0, H1');
  });
});
