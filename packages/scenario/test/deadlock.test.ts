/** Custom topologies, the credit-loop warning before a run and the deadlock watchdog during it. */
import { describe, expect, it } from "vitest";
import { creditLoopWarnings, DeadlockError, parseScenario, runScenario, ScenarioError } from "../src/index.js";

/**
 * Five switches in a ring, host Hi on Si's port 0, Si port 1 -> S(i+1) port 2; flows `hops`
 * switches clockwise. `open`: without the link S4 -> S0, a chain.
 */
function ring(hops: number, open = false) {
  const ids = [0, 1, 2, 3, 4];
  return parseScenario({
    durationMs: 4,
    topology: {
      kind: "custom",
      nodes: [
        ...ids.map((i) => ({ id: `H${i}`, kind: "host", ports: 1 })),
        ...ids.map((i) => ({ id: `S${i}`, kind: "switch", ports: 3 })),
      ],
      links: [
        ...ids.map((i) => ({ a: { node: `H${i}`, port: 0 }, b: { node: `S${i}`, port: 0 } })),
        ...ids
          .slice(0, open ? 4 : 5)
          .map((i) => ({ a: { node: `S${i}`, port: 1 }, b: { node: `S${(i + 1) % 5}`, port: 2 } })),
      ],
    },
    flows: ids.map((i) => ({ source: `H${i}`, destination: `H${(i + hops) % 5}` })),
  });
}

describe("deadlocks", () => {
  it("warns before the run when the routes of a custom fabric make a channel dependency cycle", () => {
    // Shortest paths between every pair of hosts: the 2-hop routes chain the ring's channels,
    // whatever the flows of this scenario (they could deadlock another scenario's).
    for (const hops of [1, 2]) {
      const [warning] = creditLoopWarnings(ring(hops));
      expect(warning).toContain("possible credit loop");
      expect(warning).toContain("S0 port 1 -> S1 port 1 -> S2 port 1 -> S3 port 1 -> S4 port 1 -> S0 port 1");
    }
    expect(creditLoopWarnings(ring(1, true))).toEqual([]);
  });

  it("stops a run whose ring buffers fill with packets for the next, naming the cycle", () => {
    const run = () => runScenario(ring(2));
    expect(run).toThrow(DeadlockError);
    expect(run).toThrow(/^deadlock at 2 ms: no switch sent a packet between 1 ms and 2 ms while \d+ packets wait/);
    expect(run).toThrow(
      "credit loop: S1 input 2 -> S2 input 2 -> S3 input 2 -> S4 input 2 -> S0 input 2 -> S1 input 2",
    );
  });

  it("lets the ring run to the end when the flows do not fill the cycle (one hop each)", () => {
    const result = runScenario(ring(1));
    expect(Object.keys(result.summary.groups)).toEqual(["flows"]);
    expect(result.summary.groups.flows).toBeGreaterThan(4 * 0.9); // five flows at nearly the full rate each, on distinct links
    expect(result.stats.dataPackets.injected).toBe(
      result.stats.dataPackets.delivered + result.stats.dataPackets.inFlight,
    );
  });

  it("reports a custom topology's mistakes under topology.<field>", () => {
    const input = {
      durationMs: 1,
      topology: {
        kind: "custom",
        nodes: [
          { id: "H0", kind: "host", ports: 1 },
          { id: "H1", kind: "host", ports: 1 },
          { id: "S0", kind: "switch", ports: 2 },
        ],
        links: [
          { a: { node: "H0", port: 0 }, b: { node: "S9", port: 0 } },
          { a: { node: "H1", port: 0 }, b: { node: "S0", port: 1 } },
        ],
      },
      flows: [{ source: "H0", destination: "H1" }],
    };
    expect(() => runScenario(parseScenario(input))).toThrow(ScenarioError);
    expect(() => runScenario(parseScenario(input))).toThrow(/^topology\.links\[0\]/);
  });
});
