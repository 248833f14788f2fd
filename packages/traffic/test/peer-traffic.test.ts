/** The peers' traffic files: the HPCC artifact's ns-3 flow.txt and htsim's connection matrices. */
import { type Engine, ms, us } from "@losslab/engine";
import { KindError } from "@losslab/kinds";
import { runGenerators, type TrafficRecorder } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import {
  createGenerator,
  matrixFlows,
  matrixGraph,
  matrixTraceCsv,
  parseConnectionMatrix,
  parseNs3Flows,
} from "../src/index.js";

const errorOf = (run: () => unknown): KindError => {
  try {
    run();
  } catch (error) {
    if (error instanceof KindError) return error;
    throw error;
  }
  throw new Error("no error");
};

describe("parseNs3Flows", () => {
  it("reads the counted flows (src dst pg dport size start_s) and ignores the rest, as ns-3 does", () => {
    const { flows, ignoredFrom } = parseNs3Flows("2\n2 1 3 100 200000 2\n3 1 3 100 5000 2.5\n4 1 3 100 9 3\n", "f.txt");
    expect(
      flows.map(({ source, destination, bytes, timeUs, line }) => ({ source, destination, bytes, timeUs, line })),
    ).toEqual([
      { source: "H2", destination: "H1", bytes: 200_000, timeUs: 2e6, line: 2 },
      { source: "H3", destination: "H1", bytes: 5000, timeUs: 2.5e6, line: 3 },
    ]);
    expect(flows[0]?.priorityGroup).toBe(3);
    expect(ignoredFrom).toBe(4);
  });

  it.each([
    ["2\n2 1 3 100 200000 2\n", "f.txt: ends at line 2; expected src"],
    ["1\n2 1 3 100 0 2\n", "f.txt line 2, field size: must be an integer from 1 to"],
    ["1\n2 1 3 100 10 -1\n", 'f.txt line 2, field start_time: must be a time in seconds from 0 to 1000, got "-1"'],
    ["1\n2 2 3 100 10 1\n", 'f.txt line 2, field dst: must be a node other than src 2, got "2"'],
    [
      "2\n2 1 3 100 10 2\n3 1 3 100 10 1\n",
      'f.txt line 3, field start_time: "1" is before the previous flow\'s start (line 2)',
    ],
  ])("refuses %j naming the line and field", (text, message) => {
    const error = errorOf(() => parseNs3Flows(text, "f.txt"));
    expect(error.message.startsWith(message), error.message).toBe(true);
  });

  it("is replayed by the ns3-hpcc-flows kind at each start time, node n as host H<n>; an unknown host names its line", () => {
    const text = "2\n2 0 3 100 100 0.000001\n1 0 3 100 4096 2e-6\n";
    const generator = createGenerator({ kind: "ns3-hpcc-flows", text });
    const { sink } = runGenerators(generator, { endTime: ms(1), hosts: ["H0", "H1", "H2"] });
    expect(sink.calls).toEqual([
      { call: "message", time: us(1), source: "H2", destination: "H0", group: "ns3", bytes: 100 },
      { call: "message", time: us(2), source: "H1", destination: "H0", group: "ns3", bytes: 4096 },
    ]);
    expect(() => runGenerators(generator, { endTime: ms(1), hosts: ["H0", "H1"] })).toThrow(
      /^traffic.text line 2, field src: unknown host "H2"/,
    );
  });
});

describe("parseConnectionMatrix", () => {
  const triggered = [
    "Nodes 4",
    "Connections 2",
    "Triggers 1",
    "3->1 id 1 start 0 size 2000000 send_done_trigger 1",
    "0->2 id 2 trigger 1 size 9000 prio 3",
    "trigger id 1 oneshot",
    "",
  ].join("\n");

  it("reads timed connections (start in ps) and turns them into a losslab trace in us", () => {
    const text =
      "# a permutation\nNodes 4\nConnections 2\n3->1 id 1 start 0 size 2000000\n0->2 start 1500000 size 9000 msg\n";
    const matrix = parseConnectionMatrix(text, "m.cm");
    expect(matrix.nodes).toBe(4);
    expect(matrix.connections).toEqual([
      { line: 4, source: 3, destination: 1, bytes: 2_000_000, startPs: 0, id: 1 },
      { line: 5, source: 0, destination: 2, bytes: 9000, startPs: 1_500_000, message: 0 },
    ]);
    const flows = matrixFlows(matrix, "m.cm");
    expect(matrixTraceCsv(flows, "perm").split("\n")).toEqual([
      "time_us,source,destination,bytes,group",
      "0,H3,H1,2000000,perm",
      "1.5,H0,H2,9000,perm",
    ]);
  });

  it("keeps triggers in its intermediate form, and matrixFlows refuses them naming the first trigger line", () => {
    const matrix = parseConnectionMatrix(triggered, "a2a.cm");
    expect(matrix.triggers).toEqual([{ line: 6, id: 1, type: "oneshot" }]);
    expect(matrix.triggersLine).toBe(3);
    expect(matrix.connections[0]?.sendDoneTrigger).toBe(1);
    expect(matrix.connections[1]).toMatchObject({ trigger: 1, priority: 3 });
    expect(matrix.connections[1]?.startPs).toBeUndefined();
    const error = errorOf(() => matrixFlows(matrix, "a2a.cm"));
    expect(error.message).toMatch(/^a2a\.cm line 3: the matrix has triggers .* flow graph \(matrixGraph\)/);
    const noHeader = triggered.replace("Triggers 1\n", "Triggers 1\n").replace("Triggers 1", "# Triggers 1");
    expect(() => parseConnectionMatrix(noHeader, "a2a.cm")).toThrow(
      "a2a.cm: no header, but the file has 1 triggers lines",
    );
  });

  it.each([
    [
      "Nodes 4\nConnections 1\n3->9 id 1 start 0 size 10\n",
      'm.cm line 3, field destination: must be an integer from 0 to 3, got "9"',
    ],
    ["Nodes 4\nConnections 1\n3->1 start 0 size -3\n", "m.cm line 3, field size: must be an integer from 1 to"],
    ["Nodes 4\nConnections 1\n3->1 start x size 3\n", "m.cm line 3, field start: must be a time in picoseconds"],
    [
      "Nodes 4\nConnections 1\n3->1 size 3\n",
      'm.cm line 3: a connection needs exactly one of "start <ps>" and "trigger <id>", got neither',
    ],
    ["Nodes 4\nConnections 1\n3->1 start 0 size 3 colour 2\n", 'm.cm line 3: unknown field "colour"'],
    [
      "Nodes 4\nConnections 2\n3->1 id 1 start 0 size 10\n",
      'm.cm line 2, field Connections: "Connections 2", but the file has 1 connections lines',
    ],
    [
      "Hosts 4\n",
      'm.cm line 1: the header must give "Nodes <count>" and "Connections <count>" before the first connection',
    ],
    [
      "Nodes 4\nConnections 1\n3->1 trigger 5 size 3\n",
      'm.cm line 3, field trigger: must be the id of a trigger line, got "5"',
    ],
  ])("refuses %j naming the line and field", (text, message) => {
    const error = errorOf(() => parseConnectionMatrix(text, "m.cm"));
    expect(error.message.startsWith(message), error.message).toBe(true);
  });

  it("is replayed by the htsim-matrix kind, htsim host n as the network's n-th host", () => {
    const text = "Nodes 3\nConnections 2\n2->0 start 2000000 size 100\n1->2 start 1000000 size 64\n";
    const generator = createGenerator({ kind: "htsim-matrix", text });
    const { sink } = runGenerators(generator, { endTime: ms(1), hosts: ["A", "B", "C"] });
    expect(sink.calls).toEqual([
      { call: "message", time: us(1), source: "B", destination: "C", group: "matrix", bytes: 64 },
      { call: "message", time: us(2), source: "C", destination: "A", group: "matrix", bytes: 100 },
    ]);
    expect(() => runGenerators(generator, { endTime: ms(1), hosts: ["A", "B"] })).toThrow(
      'traffic.text: "Nodes 3", but the network has 2 hosts',
    );
  });
});

describe("matrixGraph: an htsim matrix's triggers as a flow graph", () => {
  const matrix = (body: string[], triggers: string[]) =>
    parseConnectionMatrix(
      [`Nodes 4`, `Connections ${body.length}`, `Triggers ${triggers.length}`, ...body, ...triggers].join("\n"),
      "t.cm",
    );

  it("starts a triggered connection after the connections that fire it: oneshot, barrier, either done event", () => {
    const graph = matrixGraph(
      matrix(
        [
          "0->1 start 1000000 size 100 send_done_trigger 1",
          "1->2 trigger 1 size 200 recv_done_trigger 2",
          "3->2 start 0 size 300 send_done_trigger 2",
          "2->0 trigger 2 size 400",
        ],
        ["trigger id 1 oneshot", "trigger id 2 barrier count 2"],
      ),
    );
    expect(graph).toEqual([
      { id: "line 4", source: 0, destination: 1, bytes: 100, after: [], delayUs: 1 },
      { id: "line 5", source: 1, destination: 2, bytes: 200, after: ["line 4"], delayUs: 0 },
      { id: "line 6", source: 3, destination: 2, bytes: 300, after: [], delayUs: 0 },
      { id: "line 7", source: 2, destination: 0, bytes: 400, after: ["line 5", "line 6"], delayUs: 0 },
    ]);
  });

  it.each([
    [
      ["0->1 start 0 size 1 send_done_trigger 1", "2->3 start 0 size 1 send_done_trigger 1", "1->2 trigger 1 size 1"],
      ["trigger id 1 oneshot"],
      "t.cm line 7: trigger 1 (oneshot) is fired by 2 connections (lines 4, 5); htsim fails at its second activation",
    ],
    [
      ["0->1 start 0 size 1 send_done_trigger 1", "1->2 trigger 1 size 1", "2->3 trigger 1 size 1"],
      ["trigger id 1 multishot"],
      "t.cm line 7: trigger 1 (multishot) has 1 firers and 2 targets",
    ],
    [
      ["0->1 start 0 size 1 send_done_trigger 1", "1->2 trigger 1 size 1"],
      ["trigger id 1 barrier count 3"],
      "t.cm line 6: trigger 1 (barrier) counts 3 activations but 1 connections fire it (lines 4)",
    ],
    [
      ["0->1 start 0 size 1", "1->2 trigger 1 size 1"],
      ["trigger id 1 oneshot"],
      "t.cm line 6: trigger 1 (oneshot) starts the connections of lines 5, but no connection fires it",
    ],
  ])("refuses a trigger whose targets depend on the order of its activations: %j", (body, triggers, message) => {
    const error = errorOf(() => matrixGraph(matrix(body, triggers), "t.cm"));
    expect(error.message.startsWith(message), error.message).toBe(true);
  });

  it("is run by the htsim-matrix kind: a triggered connection starts when its firer is delivered", () => {
    const script = (engine: Engine, sink: TrafficRecorder) => {
      // Deliver every flow 10 us after it starts: the test plays the network.
      const tick = (): void => {
        for (const call of sink.calls) {
          if (call.call === "start" && call.time === engine.now)
            engine.at(call.time + us(10), () => sink.complete(call.id));
        }
        if (engine.now < us(100)) engine.at(engine.now + us(1), tick);
      };
      engine.at(0, tick);
    };
    const text =
      "Nodes 4\nConnections 2\nTriggers 1\n3->1 start 0 size 2000 send_done_trigger 1\n0->2 trigger 1 size 9000\ntrigger id 1 oneshot\n";
    const generator = createGenerator({ kind: "htsim-matrix", text });
    const { sink } = runGenerators(generator, { endTime: ms(1), hosts: ["A", "B", "C", "D"], script });
    const starts = sink.calls.flatMap((call) =>
      call.call === "start" ? [[call.source, call.destination, call.time]] : [],
    );
    expect(starts).toEqual([
      ["D", "B", 0],
      ["A", "C", us(10)],
    ]);
    const cycle =
      "Nodes 2\nConnections 2\nTriggers 2\n0->1 trigger 1 size 5 send_done_trigger 2\n1->0 trigger 2 size 5 send_done_trigger 1\ntrigger id 1 oneshot\ntrigger id 2 oneshot\n";
    expect(() => createGenerator({ kind: "htsim-matrix", text: cycle })).toThrow(
      /waits for itself through "line 4" -> "line 5" -> "line 4"|waits for itself through "line 5" -> "line 4" -> "line 5"/,
    );
  });
});
