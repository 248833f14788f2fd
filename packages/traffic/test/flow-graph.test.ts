/** The flow-graph kind: chains, barriers, compute delays, and the refusals of unknown ids and cycles. */
import { type Engine, us } from "@losslab/engine";
import { runGenerators, type TrafficRecorder } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { createGenerator, type DependentFlowEntry, dependentFlows, KindError } from "../src/index.js";

const hosts = ["H0", "H1", "H2", "H3"];

/**
 * Runs a graph and delivers each started flow `deliverAfterUs` after it starts (so the test
 * plays the network); returns the sink's start calls.
 */
function runGraph(flows: DependentFlowEntry[], deliverAfterUs: number, startUs?: number) {
  const script = (engine: Engine, sink: TrafficRecorder) => {
    let seen = 0;
    // Each us, deliver the flows started deliverAfterUs ago (every flow's start is on the us grid here).
    const tick = (): void => {
      for (const call of sink.calls.slice(seen)) {
        if (call.call === "start") engine.at(call.time + us(deliverAfterUs), () => sink.complete(call.id));
      }
      seen = sink.calls.length;
      if (engine.now < us(1000)) engine.at(engine.now + us(1), tick);
    };
    engine.at(0, tick);
  };
  const { sink } = runGenerators(dependentFlows({ flows, ...(startUs === undefined ? {} : { startUs }) }), {
    hosts,
    endTime: us(2000),
    script,
  });
  return sink.calls.flatMap((call) => (call.call === "start" ? [call] : []));
}

describe("flow-graph", () => {
  it("a chain: each flow starts when the one before it is delivered", () => {
    const starts = runGraph(
      [
        { id: "a", source: "H0", destination: "H1", bytes: 1000 },
        { id: "b", source: "H1", destination: "H2", bytes: 2000, after: ["a"] },
        { id: "c", source: "H2", destination: "H3", bytes: 3000, after: ["b"] },
      ],
      10,
      5,
    );
    expect(starts.map((s) => [s.source, s.destination, s.bytes, s.time])).toEqual([
      ["H0", "H1", 1000, us(5)],
      ["H1", "H2", 2000, us(15)],
      ["H2", "H3", 3000, us(25)],
    ]);
    expect(starts.every((s) => s.group === "flow-graph")).toBe(true);
  });

  it("a barrier: a flow waits for the last of its `after` flows", () => {
    const starts = runGraph(
      [
        { id: "a", source: "H0", destination: "H3", bytes: 1000 },
        { id: "b", source: "H1", destination: "H3", bytes: 1000, after: ["a"] },
        { id: "c", source: "H2", destination: "H3", bytes: 1000 },
        { id: "join", source: "H3", destination: "H0", bytes: 500, after: ["b", "c"], group: "join" },
      ],
      10,
    );
    // a and c at 0; b at 10 (a delivered); join at 20, when b is delivered (c was at 10).
    expect(starts.map((s) => [s.source, s.time])).toEqual([
      ["H0", 0],
      ["H2", 0],
      ["H1", us(10)],
      ["H3", us(20)],
    ]);
    expect(starts[3]?.group).toBe("join");
  });

  it("a delay: delayUs after the last dependency (or after the start, without one)", () => {
    const starts = runGraph(
      [
        { id: "a", source: "H0", destination: "H1", bytes: 1000, delayUs: 3 },
        { id: "b", source: "H1", destination: "H2", bytes: 1000, after: ["a"], delayUs: 7 },
      ],
      10,
    );
    expect(starts.map((s) => s.time)).toEqual([us(3), us(20)]);
  });

  it("a flow whose dependency is never delivered never starts", () => {
    const { sink } = runGenerators(
      dependentFlows({
        flows: [
          { id: "a", source: "H0", destination: "H1", bytes: 1000 },
          { id: "b", source: "H1", destination: "H2", bytes: 1000, after: ["a"] },
        ],
      }),
      { hosts, endTime: us(100) },
    );
    expect(sink.calls.map((call) => call.call)).toEqual(["start"]);
    expect(sink.pending).toEqual([0]);
  });

  it("refuses an unknown id, naming the flow and the field", () => {
    const build = () =>
      createGenerator(
        {
          kind: "flow-graph",
          flows: [
            { id: "a", source: "H0", destination: "H1", bytes: 1000 },
            { id: "b", source: "H1", destination: "H2", bytes: 1000, after: ["a", "x"] },
          ],
        },
        "traffic[0]",
      );
    expect(build).toThrow(KindError);
    expect(build).toThrow('traffic[0].flows[1].after[1]: flow "b" waits for unknown flow "x"');
  });

  it("refuses a cycle, naming a flow on it and the cycle", () => {
    const build = () =>
      dependentFlows({
        flows: [
          { id: "a", source: "H0", destination: "H1", bytes: 1000 },
          { id: "b", source: "H1", destination: "H2", bytes: 1000, after: ["a", "d"] },
          { id: "c", source: "H2", destination: "H3", bytes: 1000, after: ["b"] },
          { id: "d", source: "H3", destination: "H0", bytes: 1000, after: ["c"] },
        ],
      });
    expect(build).toThrow(
      /^traffic\.flows\[\d\]\.after: flow "[bcd]" waits for itself through "[bcd]" -> "[bcd]" -> "[bcd]" -> "[bcd]"; a flow graph has no cycles$/,
    );
    expect(() =>
      dependentFlows({ flows: [{ id: "a", source: "H0", destination: "H1", bytes: 1, after: ["a"] }] }),
    ).toThrow('traffic.flows[0].after: flow "a" waits for itself through "a" -> "a"');
  });

  it("refuses duplicate ids, a flow to itself, bad fields and unknown hosts", () => {
    const flow = { id: "a", source: "H0", destination: "H1", bytes: 1000 };
    expect(() => dependentFlows({ flows: [flow, { ...flow }] })).toThrow(
      'traffic.flows[1].id: flow "a" is also flows[0]; ids must be unique',
    );
    expect(() => dependentFlows({ flows: [{ ...flow, destination: "H0" }] })).toThrow(
      'traffic.flows[0] (flow "a"): source and destination are both "H0"',
    );
    expect(() => dependentFlows({ flows: [{ ...flow, bytes: 0 }] })).toThrow("traffic.flows[0].bytes");
    expect(() => dependentFlows({ flows: [{ ...flow, delay: 3 } as never] })).toThrow(
      "traffic.flows[0].delay: unknown field",
    );
    expect(() => dependentFlows({ flows: [] })).toThrow("traffic.flows must be a list of 1 to");
    expect(() =>
      runGenerators(dependentFlows({ flows: [{ ...flow, destination: "Q" }] }), { hosts, endTime: us(10) }),
    ).toThrow('traffic.flows[0].destination: unknown host "Q"');
  });
});
