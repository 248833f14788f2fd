/** The peers' topology files: the HPCC artifact's ns-3 topology.txt and htsim's .topo. */
import { KindError } from "@losslab/kinds";
import { describe, expect, it } from "vitest";
import { buildRoutes, ns3DataRate, ns3Time, parseHtsimFatTree, parseNs3Topology } from "../src/index.js";

/** A star: switch 0, hosts 1..3, as the artifact's topology.txt is (66 nodes there). */
const star = "4 1 3\n0\n0 1 100Gbps 0.001ms 0\n0 2 100Gbps 0.001ms 0\n0 3 25Gbps 1000ns 0.01\n";

const errorOf = (run: () => unknown): KindError => {
  try {
    run();
  } catch (error) {
    if (error instanceof KindError) return error;
    throw error;
  }
  throw new Error("no error");
};

describe("ns-3 data rates and times", () => {
  it("reads ns-3's DataRate and Time strings", () => {
    expect(ns3DataRate("100Gbps")).toBe(12.5e9);
    expect(ns3DataRate("50Mb/s")).toBe(6.25e6);
    expect(ns3DataRate("1GBps")).toBe(1e9);
    expect(ns3DataRate("1Kib/s")).toBe(128);
    expect(ns3DataRate("100Gbs")).toBeUndefined();
    expect(ns3Time("0.001ms")).toBe(1_000_000);
    expect(ns3Time("1000ns")).toBe(1_000_000);
    expect(ns3Time("2")).toBe(2e12);
    expect(ns3Time("1 us")).toBeUndefined();
  });
});

describe("parseNs3Topology", () => {
  it("makes hosts H<id> and switches S<id>, ports in link order, each link's rate and delay", () => {
    const { topology, hostIds, lossyLinks } = parseNs3Topology(star, "t.txt");
    expect(topology.nodes).toEqual([
      { id: "S0", kind: "switch", ports: 3 },
      { id: "H1", kind: "host", ports: 1 },
      { id: "H2", kind: "host", ports: 1 },
      { id: "H3", kind: "host", ports: 1 },
    ]);
    expect(topology.links[2]).toEqual({
      a: { node: "S0", port: 2 },
      b: { node: "H3", port: 0 },
      bandwidth: 3.125e9,
      delayPs: 1_000_000,
    });
    expect(hostIds).toEqual([1, 2, 3]);
    expect(lossyLinks).toEqual([{ line: 5, errorRate: 0.01 }]);
    // Routable: every host reaches every other through S0.
    expect(buildRoutes(topology).hostCount).toBe(3);
  });

  it("reads the counted links and ignores the words after them, as ns-3 does", () => {
    const extra = parseNs3Topology(`${star}0 3 100Gbps 1us 0\n`);
    expect(extra.topology).toEqual(parseNs3Topology(star).topology);
    expect(extra.ignoredFrom).toBe(6);
    expect(parseNs3Topology(star).ignoredFrom).toBeUndefined();
  });

  it("reads the words as a stream, as ns-3 does: line breaks are spaces", () => {
    const oneLine = parseNs3Topology(star.replaceAll("\n", " "));
    expect(oneLine.topology).toEqual(parseNs3Topology(star).topology);
  });

  it.each([
    ["4 1 3\n0\n0 1 100Gbps 0.001ms 0\n", "t.txt: ends at line 3; expected src"],
    ["4 1 1\n7\n", 't.txt line 2, field switch id 1 of 1: must be an integer from 0 to 3, got "7"'],
    ["4 1 1\n0\n0 9 100Gbps 1us 0\n", 't.txt line 3, field dst: must be an integer from 0 to 3, got "9"'],
    [
      "4 1 1\n0\n0 1 100Gbs 1us 0\n",
      't.txt line 3, field rate: must be an ns-3 data rate such as 100Gbps or 25Gb/s, got "100Gbs"',
    ],
    [
      "4 1 1\n0\n0 1 100Gbps 1xs 0\n",
      't.txt line 3, field delay: must be an ns-3 time such as 0.001ms or 1000ns, got "1xs"',
    ],
    [
      "4 1 1\n0\n0 1 100Gbps 1us 2\n",
      't.txt line 3, field error rate: must be a packet error rate from 0 to 1, got "2"',
    ],
    ["3 1 2\n0\n0 1 1Gbps 1us 0\n1 2 1Gbps 1us 0\n", "t.txt line 4: host 1 has a second link"],
    ["x 1 2\n", 't.txt line 1, field node count: must be an integer from 1 to 10000000, got "x"'],
  ])("refuses %j naming the line and field", (text, message) => {
    const error = errorOf(() => parseNs3Topology(text, "t.txt"));
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(error.message).not.toContain("\n");
  });
});

/** The leaf-spine of uet-htsim's leaf_spine_tiny.topo, written out here. */
const leafSpine = `Nodes 32
Tiers 2
Podsize 32

# ToRs: 8 hosts, 2 uplinks
Tier 0
Downlink_speed_Gbps 100
Radix_Down 8
Radix_Up 2
Downlink_Latency_ns 1000
Switch_Latency_ns 0
Oversubscribed 4
Queue_Down 100000

Tier 1
downlink_speed_gbps 100
Radix_Down 4
Downlink_Latency_ns 500
`;

describe("parseHtsimFatTree", () => {
  it("builds a two-tier file as losslab's spine-leaf: its wiring and routing, htsim's speeds per tier", () => {
    const refused = errorOf(() =>
      parseHtsimFatTree(leafSpine.replace("Oversubscribed 4", "Oversubscribed 2"), "ls.topo"),
    );
    expect(refused.message).toBe(
      "ls.topo: tier 0 Radix_Down / Radix_Up (8 / 2) must be its Oversubscribed ratio 2 (htsim's set_custom_params refuses it too)",
    );
    // 32 hosts x 100 Gb/s over 100 Gb/s uplinks at 4:1: 8 uplinks, 4 ToRs of 2, 2 spines of 4.
    const fabric = parseHtsimFatTree(leafSpine, "ls.topo");
    expect(fabric.routing).toBe("spine-leaf");
    const hosts = fabric.topology.nodes.filter((node) => node.kind === "host");
    expect(hosts).toHaveLength(32);
    expect(hosts[9]?.id).toBe("H1.1"); // htsim host 9: ToR 9 / 8 = 1
    const spines = fabric.topology.nodes.filter((node) => node.id.startsWith("P"));
    expect(spines).toHaveLength(2);
    const up = fabric.topology.links.find((link) => link.a.node === "L0" && link.b.node === "P1");
    expect(up).toMatchObject({ bandwidth: 12.5e9, delayPs: 500_000 });
    const hostLink = fabric.topology.links.find((link) => link.a.node === "H0.0");
    expect(hostLink).toMatchObject({ bandwidth: 12.5e9, delayPs: 1_000_000 });
    expect(fabric.dropped).toEqual([{ line: 13, key: "Queue_Down" }]);
  });

  it("builds a k-ary three-tier file as losslab's fat tree with ECMP, any other shape with htsim's own wiring", () => {
    const tier = (lines: string[]) => lines.join("\n");
    const k4 = tier([
      "Nodes 16",
      "Tiers 3",
      "Podsize 4",
      "Tier 0",
      "Downlink_speed_Gbps 100",
      "Radix_Down 2",
      "Radix_Up 2",
      "Downlink_Latency_ns 1000",
      "Tier 1",
      "Downlink_speed_Gbps 100",
      "Radix_Down 2",
      "Radix_Up 2",
      "Downlink_Latency_ns 1000",
      "Tier 2",
      "Downlink_speed_Gbps 100",
      "Radix_Down 4",
      "Downlink_Latency_ns 1000",
    ]);
    const fat = parseHtsimFatTree(k4);
    expect(fat.routing).toBe("fat-tree");
    expect(fat.topology.routing).toEqual({ kind: "fat-tree", k: 4, hostsPerTor: 2 });
    const bundled = k4
      .replace("Podsize 4", "Podsize 8")
      .replace(
        "Radix_Down 2\nRadix_Up 2\nDownlink_Latency_ns 1000\nTier 1",
        "Radix_Down 4\nRadix_Up 4\nDownlink_Latency_ns 1000\nTier 1",
      )
      .replace(
        "Tier 1\nDownlink_speed_Gbps 100\nRadix_Down 2\nRadix_Up 2",
        "Tier 1\nOversubscribed 4\nBundle 2\nDownlink_speed_Gbps 100\nRadix_Down 4\nRadix_Up 1",
      )
      .replace("Radix_Down 4\nDownlink_Latency_ns 1000", "Radix_Down 2\nDownlink_Latency_ns 1000");
    const own = parseHtsimFatTree(bundled);
    expect(own.routing).toBe("shortest-path");
    // Two parallel links (Bundle 2) from ToR 0 to each aggregation switch of its pod.
    const t0a0 = own.topology.links.filter((link) => link.a.node === "T0" && link.b.node === "A0");
    expect(t0a0).toHaveLength(2);
    expect(own.topology.nodes.filter((node) => node.id.startsWith("C"))).toHaveLength(2);
    expect(buildRoutes(own.topology).hostCount).toBe(16);
  });

  it.each([
    ["Nodes 8\nTiers 4\nPodsize 8\n", "f.topo line 2, field Tiers: must be 2 or 3, got 4"],
    ["Nodes 8\nTiers 2\n", "f.topo: the header must give Podsize"],
    [
      "Nodes 8\nTiers 2\nPodsize 8\nTier 0\nRadix_Down x\n",
      'f.topo line 5, field Radix_Down: must be a whole number, got "x"',
    ],
    ["Nodes 8\nTiers 2\nPodsize 8\nTier 0\nColour 3\n", 'f.topo line 5: unknown field "Colour"'],
    [
      "Nodes 8\nTiers 2\nPodsize 8\nTier 0\nRadix_Down 4\nRadix_Down 4\n",
      "f.topo line 6: Radix_Down is set twice for tier 0",
    ],
    [
      "Nodes 8\nTiers 2\nPodsize 8\nTier 0\nDownlink_speed_Gbps 100\nRadix_Down 4\nRadix_Up 1\nDownlink_Latency_ns 1\n",
      'f.topo: no "Tier 1" section',
    ],
  ])("refuses %j naming the line and field", (text, message) => {
    const error = errorOf(() => parseHtsimFatTree(text, "f.topo"));
    expect(error.message.startsWith(message), error.message).toBe(true);
  });
});
