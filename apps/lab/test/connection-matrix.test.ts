import { describe, expect, it } from "vitest";
import { matrixCsv, parseConnectionMatrix } from "../bench/connection-matrix.js";
import { permutation, permutationFlows, permutationScenario } from "../bench/permutation-scenario.js";

describe("htsim connection matrices", () => {
  it("reads the flows gen_permutation.py writes (start in ps) and turns them into a losslab trace in us", () => {
    const text = "Nodes 4\nConnections 2\n3->1 id 1 start 0 size 2000000\n0->2 id 2 start 1500000 size 9000\n";
    const { nodes, flows } = parseConnectionMatrix(text);
    expect(nodes).toBe(4);
    expect(flows).toEqual([
      { source: 3, destination: 1, startPs: 0, bytes: 2_000_000 },
      { source: 0, destination: 2, startPs: 1_500_000, bytes: 9000 },
    ]);
    // 1 500 000 ps = 1.5 us.
    expect(matrixCsv(flows, "perm").split("\n")).toEqual([
      "time_us,source,destination,bytes,group",
      "0,H3,H1,2000000,perm",
      "1.5,H0,H2,9000,perm",
    ]);
  });

  it("names the line and the expected form of what it cannot read", () => {
    expect(() => parseConnectionMatrix("Nodes 4\nConnections 1\n3->9 id 1 start 0 size 10\n", "m.cm")).toThrow(
      "m.cm: line 3: hosts must be 0..3; got 3->9",
    );
    expect(() => parseConnectionMatrix("Nodes 4\nConnections 1\n3->1 trigger 2\n", "m.cm")).toThrow(
      'm.cm: line 3 must be "<src>-><dst> id <n> start <ps> size <bytes>"',
    );
    expect(() => parseConnectionMatrix("Nodes 4\nConnections 2\n3->1 id 1 start 0 size 10\n", "m.cm")).toThrow(
      '"Connections 2" but 1 flow lines',
    );
    expect(() => parseConnectionMatrix("Hosts 4\n", "m.cm")).toThrow('line 1 must be "Nodes <count>"');
  });

  it("gives the benchmark's own permutation the same trace as before matrices existed", () => {
    const destinations = permutation(16, 1);
    expect([...destinations].sort((a, b) => a - b)).toEqual([...Array(16).keys()]);
    expect(destinations.every((destination, source) => destination !== source)).toBe(true);
    const scenario = permutationScenario(2) as { traffic: Array<{ csv: string }> };
    const rows = scenario.traffic[0]!.csv.split("\n");
    expect(rows).toHaveLength(17);
    expect(rows[1]).toBe(`0,H0,H${destinations[0]},2000000,perm`);
    expect(permutationFlows(destinations)[5]).toEqual({
      source: 5,
      destination: destinations[5],
      startPs: 0,
      bytes: 2_000_000,
    });
  });
});
