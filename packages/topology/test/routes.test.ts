import { hops } from "@losslab/test-kit/topology-text";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  type Routes,
  singleSwitch,
  type Topology,
  TopologyBuilder,
  TopologyError,
  twoSwitch,
} from "../src/index.js";

/** Checks every ordered host pair: the path starts at the source, crosses only switches and ends at the destination. */
function expectAllHostPairsRouted(routes: Routes): number {
  let pairs = 0;
  for (const source of routes.hostIndices) {
    for (const destination of routes.hostIndices) {
      const sourceId = routes.nodeId(source);
      const path = routes.path(sourceId, routes.nodeId(destination));
      if (source === destination) {
        expect(path).toEqual([]);
        expect(routes.outputPort(source, destination)).toBe(-1);
        continue;
      }
      expect(path[0]?.node).toBe(sourceId);
      let node = source;
      for (const [step, hop] of path.entries()) {
        expect(routes.nodeId(node)).toBe(hop.node);
        if (step > 0) expect(node).toBeGreaterThanOrEqual(routes.hostCount); // a switch
        expect(routes.outputPort(node, destination)).toBe(hop.outPort);
        node = routes.neighbourIndex(node, hop.outPort);
      }
      expect(node).toBe(destination);
      pairs++;
    }
  }
  return pairs;
}

describe("buildRoutes on twoSwitch", () => {
  const routes = buildRoutes(twoSwitch({ local: 5, remote: 1 }));

  it("routes every host pair", () => {
    expect(expectAllHostPairsRouted(routes)).toBe(9 * 8);
    const large = buildRoutes(twoSwitch({ local: 10, remote: 10 }));
    expect(expectAllHostPairsRouted(large)).toBe(23 * 22);
  });

  it("sends AV -> BV and A1 -> BC through A then B, over the ISL", () => {
    // A: A1 0, AV 1, ISL 2. B: B1..B5 0..4, BC 5, BV 6, ISL 7.
    expect(hops(routes, "AV", "BV")).toEqual(["AV:0", "A:2", "B:6"]);
    expect(hops(routes, "A1", "BC")).toEqual(["A1:0", "A:2", "B:5"]);
  });

  it("returns ACKs BC -> A1 through B then A", () => {
    expect(hops(routes, "BC", "A1")).toEqual(["BC:0", "B:7", "A:0"]);
    expect(hops(routes, "BV", "AV")).toEqual(["BV:0", "B:7", "A:1"]);
  });

  it("has path lengths of 2 links on one switch and 3 across the ISL", () => {
    expect(routes.path("B1", "BC")).toHaveLength(2);
    expect(routes.path("B3", "BV")).toHaveLength(2);
    expect(routes.path("A1", "AV")).toHaveLength(2);
    expect(routes.path("B1", "A1")).toHaveLength(3);
    expect(routes.path("AV", "BC")).toHaveLength(3);
    expect(routes.path("BC", "BC")).toHaveLength(0);
  });

  it("routes from a switch as well", () => {
    expect(hops(routes, "A", "BC")).toEqual(["A:2", "B:5"]);
    expect(hops(routes, "B", "BC")).toEqual(["B:5"]);
  });
});

describe("dense indices", () => {
  const topology = twoSwitch({ local: 2, remote: 1 });
  const routes = buildRoutes(topology);

  it("numbers hosts first, then switches, each in topology order", () => {
    const ids = Array.from({ length: routes.nodeCount }, (_, index) => routes.nodeId(index));
    expect(ids).toEqual(["A1", "AV", "B1", "B2", "BC", "BV", "A", "B"]);
    expect(routes.hostCount).toBe(6);
    expect(routes.hostIndices).toEqual([0, 1, 2, 3, 4, 5]);
    for (const [index, id] of ids.entries()) expect(routes.nodeIndex(id)).toBe(index);
    expect(routes.topology).toBe(topology);
  });

  it("gives the far end of each port, -1 for an unused one", () => {
    const unused = buildRoutes(
      new TopologyBuilder({ bandwidth: 1, delayPs: 0 })
        .switch("S", 3)
        .host("H")
        .link("H", { node: "S", port: 1 })
        .build(),
    );
    expect(unused.neighbourIndex(unused.nodeIndex("S"), 1)).toBe(unused.nodeIndex("H"));
    expect(unused.neighbourIndex(unused.nodeIndex("S"), 0)).toBe(-1);
    expect(unused.outputPort(unused.nodeIndex("S"), unused.nodeIndex("H"))).toBe(1);
  });

  it("rejects unknown ids, out-of-range indices and switch destinations", () => {
    expect(() => routes.nodeIndex("Z")).toThrow(new TopologyError('unknown node "Z"'));
    expect(() => routes.nodeId(8)).toThrow("node index 8 is out of range 0..7");
    expect(() => routes.outputPort(0, 6)).toThrow(
      "outputPort(0, 6) needs a node index in 0..7 and a host index in 0..5",
    );
    expect(() => routes.outputPort(-1, 0)).toThrow(TopologyError);
    expect(() => routes.outputPort(0.5, 0)).toThrow(TopologyError);
    expect(() => routes.neighbourIndex(6, 3)).toThrow('port 3 is out of range for node "A": its ports are 0..2');
    expect(() => routes.path("A1", "B")).toThrow('routes lead to hosts; "B" is a switch');
    expect(() => routes.path("Q", "BC")).toThrow('unknown node "Q"');
  });
});

describe("tie-breaking", () => {
  /**
   * A diamond: S0 -> {S1, S2} -> S3, hosts H0 on S0 and H3 on S3. Both ways round are two
   * hops between the switches. S0 reaches S2 on its port 0 and S1 on port 1; S3 reaches S1
   * on port 0 and S2 on port 1. Links are listed S1 first, so link or node order would
   * pick S1 both ways; the lowest-port rule picks S2 from S0 and S1 from S3.
   */
  const diamond = (s0ToS2 = 0, s0ToS1 = 1): Topology =>
    new TopologyBuilder({ bandwidth: 1e9, delayPs: 0 })
      .switch("S0", 3)
      .switch("S1")
      .switch("S2")
      .switch("S3", 3)
      .host("H0")
      .host("H3")
      .link({ node: "S0", port: s0ToS1 }, "S1")
      .link("S1", { node: "S3", port: 0 })
      .link({ node: "S0", port: s0ToS2 }, "S2")
      .link("S2", { node: "S3", port: 1 })
      .link("H0", { node: "S0", port: 2 })
      .link("H3", { node: "S3", port: 2 })
      .build();

  it("picks the lowest-numbered port among equal shortest paths", () => {
    const routes = buildRoutes(diamond());
    expect(hops(routes, "H0", "H3")).toEqual(["H0:0", "S0:0", "S2:1", "S3:2"]);
    expect(hops(routes, "H3", "H0")).toEqual(["H3:0", "S3:0", "S1:0", "S0:2"]);
  });

  it("follows the port numbers, not the declaration order", () => {
    const routes = buildRoutes(diamond(1, 0));
    expect(hops(routes, "H0", "H3")).toEqual(["H0:0", "S0:0", "S1:1", "S3:2"]);
  });

  it("gives identical tables on every build", () => {
    const first = buildRoutes(diamond());
    const second = buildRoutes(diamond());
    for (let node = 0; node < first.nodeCount; node++) {
      for (const destination of first.hostIndices) {
        expect(second.outputPort(node, destination)).toBe(first.outputPort(node, destination));
      }
    }
  });

  it("prefers the shorter path over a lower port", () => {
    // S0 port 0 starts a 3-switch detour to S3; port 1 is the direct link.
    const topology = new TopologyBuilder({ bandwidth: 1e9, delayPs: 0 })
      .switch("S0")
      .switch("S1")
      .switch("S2")
      .switch("S3")
      .host("H0")
      .host("H3")
      .link("S0", "S1")
      .link("S1", "S2")
      .link("S2", "S3")
      .link("S0", "S3")
      .link("H0", "S0")
      .link("H3", "S3")
      .build();
    expect(hops(buildRoutes(topology), "H0", "H3")).toEqual(["H0:0", "S0:1", "S3:2"]);
  });
});

describe("other shapes", () => {
  it("routes a single switch and a direct host-to-host link", () => {
    const routes = buildRoutes(singleSwitch(3));
    expect(expectAllHostPairsRouted(routes)).toBe(6);
    expect(hops(routes, "H2", "H0")).toEqual(["H2:0", "S:0"]);

    const direct = new TopologyBuilder({ bandwidth: 1, delayPs: 0 }).host("H0").host("H1").link("H0", "H1").build();
    expect(hops(buildRoutes(direct), "H0", "H1")).toEqual(["H0:0"]);
  });

  it("throws naming a pair when a destination is unreachable", () => {
    const cut: Topology = {
      nodes: [
        { id: "S", kind: "switch", ports: 1 },
        { id: "T", kind: "switch", ports: 1 },
        { id: "H0", kind: "host", ports: 1 },
        { id: "H1", kind: "host", ports: 1 },
      ],
      links: [
        { a: { node: "H0", port: 0 }, b: { node: "S", port: 0 }, bandwidth: 1, delayPs: 0 },
        { a: { node: "H1", port: 0 }, b: { node: "T", port: 0 }, bandwidth: 1, delayPs: 0 },
      ],
    };
    expect(() => buildRoutes(cut)).toThrow(
      new TopologyError('the topology is disconnected: no path from host "H0" to host "H1"'),
    );
  });
});

describe("table width", () => {
  it("keeps 16-bit entries when every port fits, and a view of the table per switch", () => {
    const routes = buildRoutes(twoSwitch({ local: 5, remote: 1 }));
    const a = routes.nodeIndex("A");
    const { ports } = routes.forwarding(a);
    expect(ports).toBeInstanceOf(Int16Array);
    expect(Array.from(ports)).toEqual(routes.hostIndices.map((host) => routes.outputPort(a, host)));
    // No copy per switch: the next switch's entries follow in the same buffer.
    expect(ports.buffer).toBe(routes.forwarding(routes.nodeIndex("B")).ports.buffer);
  });

  it("widens to 32 bits for a port beyond 32 767", () => {
    const wide = new TopologyBuilder({ bandwidth: 1, delayPs: 0 })
      .switch("S", 40_000)
      .host("H0")
      .host("H1")
      .link("H0", { node: "S", port: 0 })
      .link("H1", { node: "S", port: 39_999 })
      .build();
    const routes = buildRoutes(wide);
    expect(hops(routes, "H0", "H1")).toEqual(["H0:0", "S:39999"]);
    const { ports } = routes.forwarding(routes.nodeIndex("S"));
    expect(ports).toBeInstanceOf(Int32Array);
    expect(Array.from(ports)).toEqual([0, 39_999]);
  });

  it("gives a host port 0 to every other host, -1 to itself", () => {
    const routes = buildRoutes(singleSwitch(3));
    const h1 = routes.nodeIndex("H1");
    expect(Array.from(routes.forwarding(h1).ports)).toEqual([0, -1, 0]);
    expect(routes.outputPorts(h1, h1)).toEqual([]);
    expect(routes.outputPorts(h1, routes.nodeIndex("H2"))).toEqual([0]);
  });
});
