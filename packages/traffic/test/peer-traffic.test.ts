/** The peers' traffic files: the HPCC artifact's ns-3 flow.txt and htsim's connection matrices. */
import { ms, us } from "@losslab/engine";
import { KindError } from "@losslab/kinds";
import { runGenerators } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { createGenerator, matrixFlows, matrixTraceCsv, parseConnectionMatrix, parseNs3Flows } from "../src/index.js";

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
    expect(error.message).toMatch(/^a2a\.cm line 3: the matrix has triggers .* dependency-driven traffic/);
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
    expect(() => createGenerator({ kind: "htsim-matrix", text: triggered })).toThrow(
      /^traffic\.text line 3: the matrix has triggers/,
    );
  });
});
