/**
 * partitionTopology: parts by the topology's structure (fat-tree pods, Dragonfly groups,
 * spine-leaf leaves) or a balanced cut of the device graph, hosts with their switch, the
 * window as the shortest delay of a cut link, and the refusals (docs/spec/parallel.md sec. 6).
 */
import { describe, expect, it } from "vitest";
import {
  dragonfly,
  fatTree,
  kAryNTree,
  partitionTopology,
  spineLeaf,
  type Topology,
  TopologyBuilder,
  TopologyError,
  twoSwitch,
} from "../src/index.js";

/** The part of every node, by id. */
const partsById = (topology: Topology, partOf: readonly number[]) =>
  new Map(topology.nodes.map((node, index) => [node.id, partOf[index]!]));

/** Nodes per part. */
const sizes = (partOf: readonly number[], parts: number) => {
  const counts = new Array<number>(parts).fill(0);
  for (const part of partOf) counts[part]!++;
  return counts;
};

/** Every host is in the part of the switch at the other end of its link. */
function expectHostsWithTheirSwitch(topology: Topology, partOf: readonly number[]): void {
  const part = partsById(topology, partOf);
  const kindOf = new Map(topology.nodes.map((node) => [node.id, node.kind]));
  for (const link of topology.links) {
    if (kindOf.get(link.a.node) === "host" || kindOf.get(link.b.node) === "host") {
      expect(part.get(link.a.node), `${link.a.node}<->${link.b.node}`).toBe(part.get(link.b.node));
    }
  }
}

/** Links whose ends are in different parts, and the least delay among them (either direction). */
function cutOf(topology: Topology, partOf: readonly number[]) {
  const part = partsById(topology, partOf);
  const cut = topology.links.filter((link) => part.get(link.a.node) !== part.get(link.b.node));
  const delays = cut.map((link) => Math.min(link.delayPs, link.delayBackPs ?? link.delayPs));
  return { count: cut.length, least: delays.length === 0 ? undefined : Math.min(...delays) };
}

describe("partitionTopology", () => {
  it("one part: every node in part 0, no cut, no window", () => {
    const topology = fatTree({ k: 4 });
    const partition = partitionTopology(topology, 1);
    expect(partition.partOf.every((part) => part === 0)).toBe(true);
    expect(partition).toMatchObject({ parts: 1, cutLinks: 0, windowPs: undefined, windowLink: undefined });
  });

  it.each([2, 3, 4, 8])(
    "a k = 16 fat tree into %i parts by pods: whole pods, cores spread, hosts with their edge",
    (parts) => {
      const topology = fatTree({ k: 16, delayPs: 1_000_000 });
      const partition = partitionTopology(topology, parts);
      expect(partition.by).toBe("pods");
      const part = partsById(topology, partition.partOf);
      for (let pod = 0; pod < 16; pod++) {
        const ofPod = topology.nodes
          .filter((node) => node.id.startsWith(`pod${pod}-`))
          .map((node) => part.get(node.id));
        expect(new Set(ofPod).size, `pod ${pod}`).toBe(1);
      }
      expectHostsWithTheirSwitch(topology, partition.partOf);
      // A pod is 8 edges, 8 aggregations and 64 hosts: the parts differ by at most one pod and one core.
      const counts = sizes(partition.partOf, parts);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(81);
      expect(counts.reduce((a, b) => a + b)).toBe(topology.nodes.length);
      const cores = topology.nodes.filter((node) => node.id.startsWith("core")).map((node) => part.get(node.id)!);
      const coreCounts = sizes(cores, parts);
      // With equal pods per part the cores spread evenly; otherwise they even out the parts' sizes.
      if (16 % parts === 0) expect(Math.max(...coreCounts) - Math.min(...coreCounts)).toBeLessThanOrEqual(1);
      else expect(Math.max(...counts) - Math.min(...counts)).toBeLessThan(80);
      const cut = cutOf(topology, partition.partOf);
      expect(partition.cutLinks).toBe(cut.count);
      expect(partition.cutLinks).toBeGreaterThan(0);
      expect(partition.windowPs).toBe(1_000_000);
    },
  );

  it("the window is the shortest delay, either direction, of a cut link, and names it", () => {
    const topology = fatTree({ k: 4, delayPs: 500_000 });
    const part = partsById(topology, partitionTopology(topology, 2).partOf);
    // Shorten one aggregation-core link's way back, and one link inside a part (not cut).
    const cutIndex = topology.links.findIndex(
      (link) => link.b.node.startsWith("core") && part.get(link.a.node) !== part.get(link.b.node),
    );
    const insideIndex = topology.links.findIndex((link) => part.get(link.a.node) === part.get(link.b.node));
    const links = topology.links.map((link, index) =>
      index === cutIndex ? { ...link, delayBackPs: 123_000 } : index === insideIndex ? { ...link, delayPs: 1 } : link,
    );
    const changed = { ...topology, links };
    const partition = partitionTopology(changed, 2);
    expect(partition.windowPs).toBe(123_000);
    const cutLink = links[cutIndex]!;
    expect(partition.windowLink).toBe(`${cutLink.a.node}<->${cutLink.b.node}`);
    expect(cutOf(changed, partition.partOf).least).toBe(123_000);
  });

  it("a Dragonfly by groups, hosts with their router", () => {
    const topology = dragonfly({ p: 2, a: 4, h: 2 }); // 9 groups
    const partition = partitionTopology(topology, 3);
    expect(partition.by).toBe("groups");
    const part = partsById(topology, partition.partOf);
    for (let group = 0; group < 9; group++) {
      const routers = topology.nodes.filter((node) => node.id.startsWith(`D${group}.`));
      expect(new Set(routers.map((node) => part.get(node.id))).size, `group ${group}`).toBe(1);
    }
    expectHostsWithTheirSwitch(topology, partition.partOf);
    expect(sizes(partition.partOf, 3)).toEqual([36, 36, 36]); // 3 groups of 4 routers and 8 hosts each;
  });

  it("a spine-leaf fabric by leaves with their hosts, the spines spread", () => {
    const topology = spineLeaf({ leaves: 4, spines: 2, hostsPerLeaf: 3 });
    const partition = partitionTopology(topology, 2);
    expect(partition.by).toBe("leaves");
    const part = partsById(topology, partition.partOf);
    expect([part.get("L0"), part.get("L1"), part.get("L2"), part.get("L3")]).toEqual([0, 0, 1, 1]);
    expect(part.get("P0")).not.toBe(part.get("P1"));
    expectHostsWithTheirSwitch(topology, partition.partOf);
  });

  it.each([2, 3, 5])("another topology by a balanced cut of the device graph (%i parts)", (parts) => {
    const topology = kAryNTree({ k: 4, n: 3 }); // 64 hosts, 48 switches
    const partition = partitionTopology(topology, parts);
    expect(partition.by).toBe("graph");
    expectHostsWithTheirSwitch(topology, partition.partOf);
    const counts = sizes(partition.partOf, parts);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    // Runs of switches with their hosts: no part is more than one switch with its hosts (5 nodes) off an equal share.
    const share = topology.nodes.length / parts;
    for (const count of counts) expect(Math.abs(count - share)).toBeLessThanOrEqual(5);
    expect(partition.cutLinks).toBe(cutOf(topology, partition.partOf).count);
  });

  it("the same topology and count give the same split", () => {
    const topology = kAryNTree({ k: 4, n: 2 });
    expect(partitionTopology(topology, 3)).toEqual(partitionTopology(topology, 3));
  });

  it("refuses a cut across a zero-delay link, naming it", () => {
    const topology = new TopologyBuilder({ bandwidth: 1e9, delayPs: 10_000 })
      .switch("A", 3)
      .switch("B", 3)
      .host("A1")
      .host("A2")
      .host("B1")
      .host("B2")
      .link({ node: "A1", port: 0 }, { node: "A", port: 0 })
      .link({ node: "A2", port: 0 }, { node: "A", port: 1 })
      .link({ node: "B1", port: 0 }, { node: "B", port: 0 })
      .link({ node: "B2", port: 0 }, { node: "B", port: 1 })
      .link({ node: "A", port: 2 }, { node: "B", port: 2 }, { delayPs: 0 })
      .build();
    expect(partitionTopology(topology, 1).parts).toBe(1);
    expect(() => partitionTopology(topology, 2)).toThrow(TopologyError);
    expect(() => partitionTopology(topology, 2)).toThrow(/cuts link A<->B .*whose delay is 0 ps.*fewer threads/);
  });

  it("refuses more parts than the structure has units", () => {
    expect(() => partitionTopology(fatTree({ k: 4 }), 5)).toThrow(
      /has 4 pods, so it splits into at most 4 parts, not 5/,
    );
    expect(() => partitionTopology(twoSwitch({ local: 2, remote: 2 }), 3)).toThrow(
      /has 2 switches .*at most 2 parts, not 3/,
    );
    expect(() => partitionTopology(fatTree({ k: 4 }), 0)).toThrow(/parts must be an integer >= 1/);
  });
});
