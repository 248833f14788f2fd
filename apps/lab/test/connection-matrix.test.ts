import { describe, expect, it } from "vitest";
import { readFlowMatrix } from "../bench/connection-matrix.js";
import { permutation, permutationFlows, permutationScenario } from "../bench/permutation-scenario.js";

// The matrix format itself is @losslab/traffic's (packages/traffic/test/peer-traffic.test.ts).
describe("htsim connection matrices in the benchmarks", () => {
  it("reads a matrix's timed flows with the one parser, and refuses triggers naming the line", () => {
    expect(readFlowMatrix("Nodes 4\nConnections 1\n3->1 id 1 start 1500000 size 9000\n", "m.cm")).toEqual({
      nodes: 4,
      flows: [{ source: 3, destination: 1, startPs: 1_500_000, bytes: 9000 }],
    });
    expect(() =>
      readFlowMatrix("Nodes 4\nConnections 1\nTriggers 1\n3->1 id 1 trigger 1 size 9\ntrigger id 1 oneshot\n", "m.cm"),
    ).toThrow(/^m\.cm line 3: the matrix has triggers/);
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
