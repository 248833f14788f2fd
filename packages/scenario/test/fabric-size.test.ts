/** fabricSize counts a scenario's topology by its kind's `size`, without building it. */
import { MAX_HOSTS, MAX_STAGES } from "@losslab/kinds";
import { describe, expect, it } from "vitest";
import { describeTopology, fabricSize, parseScenario, scenarioTopology, topologyNetwork } from "../src/index.js";

describe("fabricSize", () => {
  it("counts the topology field as written or parsed: defaults filled in, the link fields ignored", () => {
    // Fig. 2: A has A1, AV and the ISL; B has B1..B5, BC, BV and the ISL.
    const counts = { hosts: 9, switches: 2, links: 10, switchPorts: 3 + 8, portPairs: 3 * 3 + 8 * 8 };
    expect(fabricSize({ kind: "two-switch", local: 5, remote: 1 })).toEqual(counts);
    expect(fabricSize({ kind: "two-switch", local: 5, remote: 1, bandwidth: 2e9, delayNs: 3 })).toEqual(counts);
    const scenario = parseScenario({
      topology: { kind: "two-switch", local: 5, remote: 1 },
      durationMs: 1,
      flows: { pattern: "santos" },
    });
    expect(fabricSize(scenario.topology)).toEqual(counts);
    expect(scenarioTopology(scenario).links).toHaveLength(counts.links);
    expect(fabricSize({ kind: "two-switch", local: 5, remote: 1, victim: false }).hosts).toBe(7);
  });

  it("counts fabrics far too large to build, at once", () => {
    expect(fabricSize({ kind: "spine-leaf", leaves: MAX_HOSTS, spines: 2, hostsPerLeaf: MAX_HOSTS }).hosts).toBe(
      MAX_HOSTS ** 2,
    );
    expect(fabricSize({ kind: "k-ary-n-tree", k: 2, n: MAX_STAGES }).hosts).toBe(2 ** MAX_STAGES);
  });

  it("refuses a kind it does not know, naming the kinds", () => {
    expect(() => fabricSize({ kind: "torus" })).toThrow(/topology\.kind: unknown "torus"; allowed: two-switch/);
  });
});

describe("describeTopology and topologyNetwork", () => {
  it("say what the fabric is, and its radix and stages when it is multistage", () => {
    expect(describeTopology({ kind: "k-ary-n-fly", k: 2, n: 3, delayNs: 10 })).toBe("2-ary 3-fly, 8 hosts");
    expect(topologyNetwork({ kind: "k-ary-n-fly", k: 2, n: 3 })).toEqual({ radix: 2, stages: 3, unidirectional: true });
    expect(topologyNetwork({ kind: "single-switch", hosts: 4 })).toBeUndefined();
  });
});
