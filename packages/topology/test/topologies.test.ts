/**
 * The topology kinds (issue 25): each defined once, its `size` counting what `create` builds
 * without building it, its one-line description, and `topologies` the only list of them.
 */
import { checkValues, KindError, MAX_HOSTS, MAX_STAGES } from "@losslab/kinds";
import { countedSize } from "@losslab/test-kit/topology-size";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  isDeadlockFree,
  kAryNFlyDefinition,
  kAryNTree,
  kAryNTreeDefinition,
  spineLeafDefinition,
  topologies,
  twoSwitch,
} from "../src/index.js";

const links = { bandwidth: 2e9, delayPs: 5_000 };

/**
 * An htsim .topo file: `tiers` lines of "speed radixDown [radixUp oversubscribed bundle]",
 * latencies 1000 ns.
 */
function htsimTopo(tiers: number, nodes: number, podsize: number, tierLines: string[]): string {
  const sections = tierLines.map((line, tier) => {
    const [speed, down, up, oversub, bundle] = line.split(" ");
    return [
      `Tier ${tier}`,
      `Downlink_speed_Gbps ${speed}`,
      `Radix_Down ${down}`,
      ...(up === undefined ? [] : [`Radix_Up ${up}`]),
      ...(oversub === undefined ? [] : [`Oversubscribed ${oversub}`]),
      ...(bundle === undefined ? [] : [`Bundle ${bundle}`]),
      "Downlink_Latency_ns 1000",
    ].join("\n");
  });
  return [`Nodes ${nodes}`, `Tiers ${tiers}`, `Podsize ${podsize}`, "", ...sections].join("\n");
}

/** Specs of every built-in kind, as a scenario file writes them (defaults left out). */
const specs: Array<{ kind: string } & Record<string, unknown>> = [
  { kind: "two-switch", local: 5, remote: 1 },
  { kind: "two-switch", local: 0, remote: 3, victim: false },
  { kind: "single-switch", hosts: 7 },
  { kind: "k-ary-n-tree", k: 4, n: 3 },
  { kind: "k-ary-n-tree", k: 3, n: 1 },
  { kind: "k-ary-n-tree", k: 2, n: 5 },
  { kind: "k-ary-n-fly", k: 2, n: 4 },
  { kind: "k-ary-n-fly", k: 4, n: 2 },
  { kind: "spine-leaf", leaves: 4, spines: 2, hostsPerLeaf: 5 },
  { kind: "fat-tree", k: 4 },
  { kind: "fat-tree", k: 6, hostsPerTor: 6, fabricSpeedup: 4 },
  {
    kind: "custom",
    nodes: [
      { id: "S", kind: "switch", ports: 3 },
      { id: "H0", kind: "host", ports: 1 },
      { id: "H1", kind: "host", ports: 1 },
    ],
    links: [
      { a: { node: "H0", port: 0 }, b: { node: "S", port: 0 } },
      { a: { node: "H1", port: 0 }, b: { node: "S", port: 2 }, bandwidth: 1e9 },
    ],
  },
  { kind: "ns3-hpcc", text: "4 1 3\n0\n0 1 100Gbps 0.001ms 0\n0 2 25Gbps 1000ns 0\n3 0 100Gbps 1us 0\n" },
  { kind: "htsim-fat-tree", text: htsimTopo(2, 32, 32, ["100 8 2 4 1", "100 4"]) },
  { kind: "htsim-fat-tree", text: htsimTopo(3, 16, 4, ["100 2 2 1 1", "100 2 2 1 1", "100 4"]) },
  { kind: "htsim-fat-tree", text: htsimTopo(3, 16, 8, ["100 4 4 1 1", "100 4 1 4 2", "100 2"]) },
];

const valuesOf = (spec: { kind: string }) => {
  const definition = topologies.definitionOf(spec);
  return { definition, values: checkValues("topology", spec.kind, definition.parameters, spec) };
};

describe("topologies", () => {
  it("lists every built-in kind once, in the docs' order", () => {
    expect(topologies.family).toBe("topology");
    expect(topologies.kinds).toEqual([
      "two-switch",
      "single-switch",
      "k-ary-n-tree",
      "k-ary-n-fly",
      "spine-leaf",
      "fat-tree",
      "dragonfly",
      "custom",
      "ns3-hpcc",
      "htsim-fat-tree",
    ]);
    for (const definition of topologies.definitions) {
      expect(definition.description.length, definition.kind).toBeGreaterThan(10);
      expect(definition.hostCount.length, definition.kind).toBeGreaterThan(0);
    }
  });

  it.each(specs)("%j: size counts what create builds", (spec) => {
    const { definition, values } = valuesOf(spec);
    const topology = topologies.create(spec, links);
    expect(definition.size(values)).toEqual(countedSize(topology));
    // The links take the context's bandwidth and delay unless they give their own (a peer's file gives every link's).
    if (!("text" in spec)) expect(topology.links[0]).toMatchObject(links);
  });

  it("builds what the builders build", () => {
    expect(topologies.create({ kind: "two-switch", local: 5, remote: 1 }, links)).toEqual(
      twoSwitch({ local: 5, remote: 1, ...links }),
    );
    expect(topologies.create({ kind: "k-ary-n-tree", k: 2, n: 3 }, links)).toEqual(kAryNTree({ k: 2, n: 3, ...links }));
  });

  it("counts fabrics far too large to build, at once", () => {
    expect(spineLeafDefinition.size({ leaves: 1e9, spines: 2, hostsPerLeaf: 1, uplinks: "ecmp" }).hosts).toBe(1e9);
    expect(kAryNTreeDefinition.size({ k: 2, n: 30 }).hosts).toBe(2 ** 30);
    expect(kAryNFlyDefinition.size({ k: MAX_HOSTS, n: MAX_STAGES }).hosts).toBe(MAX_HOSTS ** MAX_STAGES);
  });

  it("describes each fabric in one line", () => {
    const described = specs.map((spec) => {
      const { definition, values } = valuesOf(spec);
      return definition.describe(values);
    });
    expect(described).toEqual([
      "two-switch L=5 R=1",
      "two-switch L=0 R=3",
      "single switch, 7 hosts",
      "4-ary 3-tree, 64 hosts",
      "3-ary 1-tree, 3 hosts",
      "2-ary 5-tree, 32 hosts",
      "2-ary 4-fly, 16 hosts",
      "4-ary 2-fly, 16 hosts",
      "spine-leaf 4 leaves x 2 spines, 20 hosts",
      "4-ary fat tree, 16 hosts",
      // 6 pods x 3 ToRs x 6 hosts; 6 hosts over 3 uplinks.
      "6-ary fat tree, 108 hosts, ToRs oversubscribed 2:1, fabric links x4",
      "custom, 2 hosts and 1 switches",
      "ns-3 HPCC topology, 3 hosts and 1 switches",
      "htsim fat tree, 32 hosts and 6 switches, spine-leaf routing",
      "htsim fat tree, 16 hosts and 20 switches, fat-tree routing",
      "htsim fat tree, 16 hosts and 10 switches, shortest-path routing",
    ]);
  });

  it("gives the multistage networks' radix, stages and round trip (MVCM's defaults)", () => {
    expect(kAryNTreeDefinition.network?.({ k: 4, n: 3 })).toEqual({ radix: 4, stages: 3, unidirectional: false });
    expect(kAryNFlyDefinition.network?.({ k: 2, n: 4 })).toEqual({ radix: 2, stages: 4, unidirectional: true });
    const withNetwork = topologies.definitions.filter((definition) => definition.network !== undefined);
    expect(withNetwork.map((definition) => definition.kind)).toEqual(["k-ary-n-tree", "k-ary-n-fly"]);
  });

  it.each(specs.filter((spec) => topologies.definitionOf(spec).deadlockFree === true))(
    "%j: a kind marked deadlockFree routes without a channel dependency cycle",
    (spec) => {
      expect(isDeadlockFree(buildRoutes(topologies.create(spec, links)))).toBe(true);
    },
  );

  it("refuses a bad spec naming the field, and a custom fabric's problem with its path", () => {
    expect(() => topologies.create({ kind: "k-ary-n-tree", k: 1, n: 3 }, links)).toThrow(
      "topology.k must be an integer from 2 to 65536, got 1",
    );
    expect(() => topologies.create({ kind: "ring" }, links)).toThrow(
      'topology.kind: unknown "ring"; allowed: two-switch, single-switch, k-ary-n-tree, k-ary-n-fly, spine-leaf, fat-tree, dragonfly, custom, ns3-hpcc, htsim-fat-tree',
    );
    const custom = specs.find((spec) => spec.kind === "custom")!;
    const bad = { ...custom, links: [{ a: { node: "H0", port: 0 }, b: { node: "X", port: 0 } }] };
    let error: unknown;
    try {
      topologies.create(bad, links);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KindError);
    expect((error as KindError).field).toBe("topology.links[0].b.node");
    expect((error as KindError).message).toBe('topology.links[0].b.node names unknown node "X"');
    const unlinked = { ...custom, links: (custom.links as unknown[]).slice(0, 1) };
    expect(() => topologies.create(unlinked, links)).toThrow(/^topology: host "H1" \(nodes\[2\]\) has no link/);
  });
});
