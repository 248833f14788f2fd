import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import {
  checkFits,
  checkScenario,
  costWarnings,
  estimateCost,
  MAX_MEMORY_BYTES,
  parseScenario,
  runScenario,
  ScenarioError,
} from "../src/index.js";

const santos = (durationMs: number, binUs = 10, stepUs = 250) =>
  parseScenario({
    durationMs,
    topology: { kind: "two-switch", local: 5, remote: 1 },
    flows: { pattern: "santos" },
    metrics: { binUs, stepUs },
  });

/** A fabric with one flow, for the memory of its topology and switches. */
const fabric = (topology: object, kind = "input-buffered") =>
  parseScenario({ durationMs: 1, topology, switch: { kind }, flows: [{ source: "H0", destination: "H1" }] });

/** The message of the ScenarioError that `check` throws. */
const refusal = (check: () => unknown): string => errorOf(ScenarioError, check).message;

describe("estimateCost", () => {
  it("bounds the events of a real run within a factor of 2.5", () => {
    const scenario = santos(20);
    const estimate = estimateCost(scenario);
    const { events } = runScenario(scenario);
    expect(estimate.events).toBeGreaterThanOrEqual(events);
    expect(estimate.events).toBeLessThan(2.5 * events);
  });

  it("warns before an hours-long run and before one that needs more than a GiB", () => {
    expect(costWarnings(santos(100))).toEqual([]);
    const long = costWarnings(santos(100_000, 1000));
    expect(long).toHaveLength(2);
    expect(long[0]).toMatch(/^durationMs 100000: about \d+ million events, roughly \d+ minutes/);
    expect(long[1]).toMatch(/^the fabric, counters and series need about 1\.\d GiB before the run starts/);
  });

  it("counts the routing tables of every switch towards every host, without building them", () => {
    const start = performance.now();
    const cost = estimateCost(fabric({ kind: "k-ary-n-tree", k: 16, n: 4 }));
    expect(performance.now() - start).toBeLessThan(100);
    // 65,536 hosts and 16,384 switches: 16,384 x 65,536 entries of 2 bytes.
    expect(cost.routeBytes).toBe(2 * 16_384 * 65_536);
  });
});

describe("checkFits", () => {
  it("accepts every preset-sized scenario and refuses past MAX_MEMORY_BYTES, naming the field", () => {
    expect(() => checkFits(santos(100))).not.toThrow();
    expect(estimateCost(santos(100)).memoryBytes).toBeLessThan(MAX_MEMORY_BYTES / 100);
    expect(refusal(() => checkFits(santos(100_000, 10)))).toMatch(
      /^metrics\.binUs: the byte counters need about \d+\.\d GiB \(a bin every 10 us over 100000 ms, per meter\), \d+\.\d GiB in all; losslab builds at most 2\.0 GiB before a run/,
    );
    expect(refusal(() => checkFits(santos(100, 10, 0.001)))).toMatch(/^metrics\.stepUs: the time series need about/);
    expect(refusal(() => checkFits(fabric({ kind: "k-ary-n-tree", k: 16, n: 4 })))).toMatch(
      /^topology: 65536 hosts, 16384 switches and 262144 links need about 3\.0 GiB \(routing tables 2\.0 GiB\)/,
    );
    expect(refusal(() => checkFits(fabric({ kind: "single-switch", hosts: 8000 }, "voq")))).toMatch(
      /^switch\.kind: "voq" switches on 8000 hosts, 1 switches and 8000 links need about 5\.7 GiB for their queues \(one per input and output port\), .*: fewer ports per switch, or switch\.kind "input-buffered", "fifo", "shared-buffer"$/,
    );
    expect(() => checkFits(fabric({ kind: "single-switch", hosts: 8000 }))).not.toThrow();
  });

  it("counts the messages of trace generators, which are parsed and held before the run", () => {
    const csv = `time_us,source,destination,bytes\n${"0,B1,BC,64\n".repeat(1_100_000)}`;
    const trace = parseScenario({
      durationMs: 1,
      topology: { kind: "two-switch", local: 2, remote: 1 },
      traffic: [{ kind: "trace", csv }],
    });
    expect(estimateCost(trace).traceBytes).toBe(1_100_001 * 2048);
    expect(refusal(() => checkFits(trace))).toMatch(/^traffic\[0\]: the traces' 1100001 messages need about 2\.1 GiB/);
  });

  it("runs before anything is built: checkScenario refuses a 16-ary 4-tree at once", () => {
    const start = performance.now();
    const input = {
      durationMs: 1,
      topology: { kind: "k-ary-n-tree", k: 16, n: 4 },
      flows: [{ source: "H0", destination: "H1" }],
    };
    expect(refusal(() => checkScenario(input))).toMatch(/^topology: 65536 hosts/);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
