import { hops, wiring } from "@losslab/test-kit/topology-text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  channelDependencyCycle,
  isDeadlockFree,
  kAryNTree,
  type Routes,
  spineLeaf,
  type Topology,
  TopologyBuilder,
  TopologyError,
  validateTopology,
} from "../src/index.js";

const count = (topology: Topology, kind: "host" | "switch"): number =>
  topology.nodes.filter((node) => node.kind === kind).length;

/** The stage of switch `S<stage>.<index>`. */
const stageOf = (id: string): number => Number(id.slice(1, id.indexOf(".")));

/** `topology` routed by lowest-port shortest paths instead of its builder's rule. */
const shortestPath = (topology: Topology): Topology => ({ ...topology, routing: { kind: "shortest-path" } });

/** The stage of the lowest common ancestor of hosts a and b in a k-ary n-tree: where their numbers first agree. */
function commonStage(a: number, b: number, k: number): number {
  let level = 0;
  while (Math.floor(a / k ** (level + 1)) !== Math.floor(b / k ** (level + 1))) level++;
  return level;
}

/** How many host pairs' paths cross each switch whose id starts with `prefix`. */
function pairsThrough(paths: Map<string, string[]>, prefix: string): Map<string, number> {
  const load = new Map<string, number>();
  for (const switches of paths.values()) {
    for (const id of switches) if (id.startsWith(prefix)) load.set(id, (load.get(id) ?? 0) + 1);
  }
  return new Map([...load].sort(([x], [y]) => x.localeCompare(y, "en", { numeric: true })));
}

/** How many host pairs' paths use each up channel (`switch:port`, port >= k) of a k-ary n-tree. */
function upChannelLoads(routes: Routes, k: number): Map<string, number> {
  const load = new Map<string, number>();
  for (const a of routes.hostIndices) {
    for (const b of routes.hostIndices) {
      if (a === b) continue;
      for (const { node, outPort } of routes.path(routes.nodeId(a), routes.nodeId(b)).slice(1)) {
        // Down ports are 0..k-1 (all a root has), up ports k..2k-1.
        if (outPort >= k) load.set(`${node}:${outPort}`, (load.get(`${node}:${outPort}`) ?? 0) + 1);
      }
    }
  }
  return load;
}

/** Every ordered host pair's path as its switch ids. */
function allSwitchPaths(routes: Routes): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const a of routes.hostIndices) {
    for (const b of routes.hostIndices) {
      if (a === b) continue;
      const source = routes.nodeId(a);
      const destination = routes.nodeId(b);
      paths.set(
        `${source}>${destination}`,
        routes
          .path(source, destination)
          .slice(1)
          .map((hop) => hop.node),
      );
    }
  }
  return paths;
}

describe("kAryNTree", () => {
  it("wires a 2-ary 2-tree as drawn in the README", () => {
    const topology = kAryNTree({ k: 2, n: 2 });
    expect(topology.nodes.map((node) => `${node.id}/${node.ports}`)).toEqual([
      "S0.0/4",
      "S0.1/4",
      "S1.0/2",
      "S1.1/2",
      "H0/1",
      "H1/1",
      "H2/1",
      "H3/1",
    ]);
    expect(wiring(topology)).toEqual([
      "H0:0 <-> S0.0:0",
      "H1:0 <-> S0.0:1",
      "H2:0 <-> S0.1:0",
      "H3:0 <-> S0.1:1",
      "S0.0:2 <-> S1.0:0",
      "S0.0:3 <-> S1.1:0",
      "S0.1:2 <-> S1.0:1",
      "S0.1:3 <-> S1.1:1",
    ]);
    expect(topology.links.every((link) => link.bandwidth === 1e9 && link.delayPs === 10_000)).toBe(true);
    expect(topology.routing).toEqual({ kind: "k-ary-n-tree", k: 2, n: 2 });
    const routes = buildRoutes(topology);
    expect(hops(routes, "H0", "H1")).toEqual(["H0:0", "S0.0:1"]);
    // H3 = 11 in base 2: up port 2 + 1 at stage 0, down port 1 at stage 1, down port 1 at the leaf.
    expect(hops(routes, "H0", "H3")).toEqual(["H0:0", "S0.0:3", "S1.1:1", "S0.1:1"]);
    expect(hops(routes, "H0", "H2")).toEqual(["H0:0", "S0.0:2", "S1.0:1", "S0.1:0"]);
    // Lowest-port shortest paths climb through S1.0 whatever the destination.
    const lowest = buildRoutes(shortestPath(topology));
    expect(hops(lowest, "H0", "H3")).toEqual(["H0:0", "S0.0:2", "S1.0:1", "S0.1:1"]);
  });

  it.each([
    { k: 2, n: 1, hosts: 2, switches: 1, links: 2 },
    { k: 2, n: 2, hosts: 4, switches: 4, links: 8 },
    { k: 2, n: 3, hosts: 8, switches: 12, links: 24 },
    { k: 4, n: 3, hosts: 64, switches: 48, links: 192 },
    { k: 8, n: 2, hosts: 64, switches: 16, links: 128 },
  ])("$k-ary $n-tree has $hosts hosts, $switches switches, $links links", ({ k, n, hosts, switches, links }) => {
    const topology = kAryNTree({ k, n });
    expect(count(topology, "host")).toBe(hosts);
    expect(count(topology, "switch")).toBe(switches);
    expect(topology.links).toHaveLength(links);
    // Every port is used: 2k per switch below the top, k at the top, 1 per host.
    const ports = topology.nodes.reduce((sum, node) => sum + node.ports, 0);
    expect(ports).toBe(2 * links);
    expect(() => validateTopology(topology)).not.toThrow();
  });

  it("links stage s to stage s+1 exactly when the indices differ at most in digit s", () => {
    const k = 3;
    const n = 3;
    const topology = kAryNTree({ k, n });
    const linked = new Set(topology.links.map(({ a, b }) => `${a.node}-${b.node}`));
    const digit = (index: number, position: number): number => Math.floor(index / k ** position) % k;
    for (let stage = 0; stage < n - 1; stage++) {
      for (let i = 0; i < k ** (n - 1); i++) {
        for (let j = 0; j < k ** (n - 1); j++) {
          let differ = false;
          for (let position = 0; position < n - 1; position++) {
            if (position !== stage && digit(i, position) !== digit(j, position)) differ = true;
          }
          expect(linked.has(`S${stage}.${i}-S${stage + 1}.${j}`), `S${stage}.${i}-S${stage + 1}.${j}`).toBe(!differ);
        }
      }
    }
  });

  it("routes every host pair of a 4-ary 3-tree up*/down* by destination digits over 2l+1 <= 2n-1 switches", () => {
    const k = 4;
    const n = 3;
    const routes = buildRoutes(kAryNTree({ k, n }));
    const paths = allSwitchPaths(routes);
    expect(paths.size).toBe(64 * 63);
    for (const [pair, switches] of paths) {
      const [a, b] = pair.split(">").map((id) => Number(id.slice(1))) as [number, number];
      const level = commonStage(a, b, k);
      expect(switches, pair).toHaveLength(2 * level + 1);
      expect(switches.length).toBeLessThanOrEqual(2 * n - 1);
      if (level === 0) expect(switches).toEqual([`S0.${Math.floor(a / k)}`]);
      // The common ancestor's index is the destination's low digits over the source's high ones.
      expect(switches[level], pair).toBe(
        `S${level}.${(b % k ** level) + Math.floor(a / k ** (level + 1)) * k ** level}`,
      );
      const stages = switches.map(stageOf);
      stages.forEach((stage, index) => {
        expect(stage, pair).toBe(index <= level ? index : 2 * level - index);
      });
      // Going up, stage s leaves by port k + digit s of the destination.
      const ports = routes.path(`H${a}`, `H${b}`).slice(1);
      for (let stage = 0; stage < level; stage++) {
        expect(ports[stage]?.outPort, pair).toBe(k + (Math.floor(b / k ** stage) % k));
      }
    }
    expect(isDeadlockFree(routes)).toBe(true);
  });

  it("spreads the up links of a 4-ary 3-tree evenly; lowest-port routing puts every climb on S2.0", () => {
    const topology = kAryNTree({ k: 4, n: 3 });
    const spread = allSwitchPaths(buildRoutes(topology));
    // 64 x 48 pairs climb to the roots: 192 per root, the packets for the 4 hosts with d mod 16 = root.
    expect(pairsThrough(spread, "S2.")).toEqual(new Map(Array.from({ length: 16 }, (_, r) => [`S2.${r}`, 192])));
    // Up channels: each leaf up link carries its 4 hosts' packets for 15 hosts (60 pairs),
    // each stage-1 up link 16 hosts' packets for 3 hosts (48 pairs).
    const upChannels = upChannelLoads(buildRoutes(topology), 4);
    expect(new Set([...upChannels].filter(([id]) => id.startsWith("S0.")).map(([, load]) => load))).toEqual(
      new Set([60]),
    );
    expect(new Set([...upChannels].filter(([id]) => id.startsWith("S1.")).map(([, load]) => load))).toEqual(
      new Set([48]),
    );
    expect(upChannels.size).toBe(2 * 16 * 4);

    const lowest = allSwitchPaths(buildRoutes(shortestPath(topology)));
    expect(pairsThrough(lowest, "S2.")).toEqual(new Map([["S2.0", 64 * 48]]));
  });

  it("gives rule routes as short as the breadth-first shortest paths, deadlock-free, for small k and n (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 3 }), (k, n) => {
        const topology = kAryNTree({ k, n });
        const rule = buildRoutes(topology);
        const lowest = buildRoutes(shortestPath(topology));
        const lowestPaths = allSwitchPaths(lowest);
        for (const [pair, switches] of allSwitchPaths(rule)) {
          const [a, b] = pair.split(">").map((id) => Number(id.slice(1))) as [number, number];
          expect(switches.length).toBe(2 * commonStage(a, b, k) + 1);
          expect(switches.length).toBe(lowestPaths.get(pair)?.length);
          expect(switches[0]?.startsWith("S0.")).toBe(true);
          expect(switches[switches.length - 1]?.startsWith("S0.")).toBe(true);
        }
        expect(isDeadlockFree(rule)).toBe(true);
        expect(isDeadlockFree(lowest)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it("rejects bad sizes with TopologyError", () => {
    expect(() => kAryNTree({ k: 1, n: 2 })).toThrow(TopologyError);
    expect(() => kAryNTree({ k: 1, n: 2 })).toThrow("kAryNTree: k must be an integer >= 2, got 1");
    expect(() => kAryNTree({ k: 2, n: 0 })).toThrow("kAryNTree: n must be an integer >= 1, got 0");
    expect(() => kAryNTree({ k: 2.5, n: 2 })).toThrow("k must be an integer >= 2, got 2.5");
    expect(() => kAryNTree({ k: 4, n: 9 })).toThrow("kAryNTree: k^n must be at most 65536 hosts, got 4^9 = 262144");
  });

  it("passes bandwidth and delay to every link", () => {
    const topology = kAryNTree({ k: 2, n: 2, bandwidth: 5e9, delayPs: 3 });
    expect(topology.links.every((link) => link.bandwidth === 5e9 && link.delayPs === 3)).toBe(true);
  });
});

describe("spineLeaf", () => {
  it("links every leaf to every spine, hosts on the low leaf ports", () => {
    const topology = spineLeaf({ leaves: 2, spines: 2, hostsPerLeaf: 2 });
    expect(topology.nodes.map((node) => `${node.id}/${node.ports}`)).toEqual([
      "L0/4",
      "L1/4",
      "P0/2",
      "P1/2",
      "H0.0/1",
      "H0.1/1",
      "H1.0/1",
      "H1.1/1",
    ]);
    expect(wiring(topology)).toEqual([
      "H0.0:0 <-> L0:0",
      "H0.1:0 <-> L0:1",
      "H1.0:0 <-> L1:0",
      "H1.1:0 <-> L1:1",
      "L0:2 <-> P0:0",
      "L0:3 <-> P1:0",
      "L1:2 <-> P0:1",
      "L1:3 <-> P1:1",
    ]);
  });

  it("routes within a leaf over 1 switch, across leaves over leaf, spine d mod spines, leaf; deadlock-free", () => {
    const topology = spineLeaf({ leaves: 4, spines: 3, hostsPerLeaf: 5, bandwidth: 12.5e9 });
    expect(count(topology, "host")).toBe(20);
    expect(count(topology, "switch")).toBe(7);
    expect(topology.links).toHaveLength(20 + 12);
    expect(topology.links.every((link) => link.bandwidth === 12.5e9 && link.delayPs === 10_000)).toBe(true);
    expect(topology.routing).toEqual({ kind: "spine-leaf", leaves: 4, spines: 3, hostsPerLeaf: 5 });
    const routes = buildRoutes(topology);
    for (const [pair, switches] of allSwitchPaths(routes)) {
      const [a, b] = pair.split(">").map((id) => id.slice(1, id.indexOf("."))) as [string, string];
      const destination = pair
        .slice(pair.indexOf(">") + 2)
        .split(".")
        .map(Number) as [number, number];
      const spine = (destination[0] * 5 + destination[1]) % 3;
      expect(switches, pair).toEqual(a === b ? [`L${a}`] : [`L${a}`, `P${spine}`, `L${b}`]);
    }
    expect(hops(routes, "H0.0", "H1.4")).toEqual(["H0.0:0", "L0:5", "P0:1", "L1:4"]); // d = 9: P0 on leaf port 5 + 0
    expect(channelDependencyCycle(routes)).toBeUndefined();
    const lowest = buildRoutes(shortestPath(topology));
    expect(allSwitchPaths(lowest).get("H0.0>H1.4")).toEqual(["L0", "P0", "L1"]);
    expect(isDeadlockFree(lowest)).toBe(true);
  });

  it('with uplinks "ecmp", a leaf may send to another leaf over any spine: an ECMP group of every uplink', () => {
    const topology = spineLeaf({ leaves: 4, spines: 3, hostsPerLeaf: 5, uplinks: "ecmp" });
    expect(topology.routing).toEqual({ kind: "spine-leaf-ecmp", leaves: 4, spines: 3, hostsPerLeaf: 5 });
    const routes = buildRoutes(topology);
    const leaf = routes.nodeIndex("L0");
    expect(routes.outputPorts(leaf, routes.nodeIndex("H1.4"))).toEqual([5, 6, 7]);
    expect(routes.outputPorts(leaf, routes.nodeIndex("H0.3"))).toEqual([3]); // on its own leaf
    expect(routes.outputPorts(routes.nodeIndex("P2"), routes.nodeIndex("H1.4"))).toEqual([1]);
    expect(channelDependencyCycle(routes)).toBeUndefined();
  });

  it("spreads the spines evenly when they divide the hosts of a leaf", () => {
    // 6 hosts per leaf, 3 spines: each spine carries the packets for 8 hosts from 18 sources.
    const paths = allSwitchPaths(buildRoutes(spineLeaf({ leaves: 4, spines: 3, hostsPerLeaf: 6 })));
    expect(pairsThrough(paths, "P")).toEqual(
      new Map([
        ["P0", 144],
        ["P1", 144],
        ["P2", 144],
      ]),
    );
  });

  it("rejects bad sizes", () => {
    expect(() => spineLeaf({ leaves: 0, spines: 1, hostsPerLeaf: 1 })).toThrow(
      "spineLeaf: leaves must be an integer >= 1, got 0",
    );
    expect(() => spineLeaf({ leaves: 1, spines: 1, hostsPerLeaf: -1 })).toThrow(TopologyError);
  });
});

/** A ring of `size` switches R0..R{size-1}, host Hi on port 0 of Ri; Ri port 1 -> R(i+1), port 2 -> R(i-1). */
function ring(size: number): Topology {
  const builder = new TopologyBuilder({ bandwidth: 1e9, delayPs: 10_000 });
  for (let i = 0; i < size; i++) builder.switch(`R${i}`, 3).host(`H${i}`);
  for (let i = 0; i < size; i++) builder.link(`H${i}`, { node: `R${i}`, port: 0 });
  for (let i = 0; i < size; i++) {
    builder.link({ node: `R${i}`, port: 1 }, { node: `R${(i + 1) % size}`, port: 2 });
  }
  return builder.build();
}

describe("channelDependencyCycle", () => {
  it("reports the clockwise cycle of a 4-switch ring routed by shortest path", () => {
    const routes = buildRoutes(ring(4));
    // Distance-2 ties go to the lowest port, port 1: clockwise, R0 -> R1 -> R2 and so on.
    expect(routes.path("H0", "H2").map((hop) => hop.node)).toEqual(["H0", "R0", "R1", "R2"]);
    const cycle = channelDependencyCycle(routes);
    expect(cycle).toBeDefined();
    const channels = cycle ?? [];
    expect(channels).toHaveLength(4);
    channels.forEach((channel, index) => {
      expect(channel.port).toBe(1);
      expect(channel.from).toMatch(/^R\d$/);
      expect(channel.to).toBe((channels[(index + 1) % channels.length] as { from: string }).from);
    });
    expect(new Set(channels.map((channel) => channel.from))).toEqual(new Set(["R0", "R1", "R2", "R3"]));
    expect(isDeadlockFree(routes)).toBe(false);
  });

  it("finds a cycle on a 5-switch ring and none on a 3-switch ring (one ring hop per route)", () => {
    expect(channelDependencyCycle(buildRoutes(ring(5)))).toHaveLength(5);
    expect(channelDependencyCycle(buildRoutes(ring(3)))).toBeUndefined();
  });

  it("counts only dependencies of routes that start at a host", () => {
    // A line S - T - U with one host at each end: no route turns back, so no cycle.
    const topology = new TopologyBuilder({ bandwidth: 1e9, delayPs: 0 })
      .switch("S")
      .switch("T")
      .switch("U")
      .host("A")
      .host("B")
      .link("A", "S")
      .link("S", "T")
      .link("T", "U")
      .link("B", "U")
      .build();
    expect(isDeadlockFree(buildRoutes(topology))).toBe(true);
  });
});
