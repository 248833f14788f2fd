/**
 * The 3-tier k-ary fat tree of Al-Fares et al. (SIGCOMM 2008 sec. 3) and its ECMP routing:
 * sizes, wiring, path lengths, how flows spread over the cores, oversubscription, link
 * speeds, and deadlock freedom with every ECMP member counted.
 */
import { checkValues } from "@losslab/kinds";
import { countedSize } from "@losslab/test-kit/topology-size";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  channelDependencyCycle,
  ecmpPort,
  fatTree,
  fatTreeDefinition,
  flowHash,
  isDeadlockFree,
  type Routes,
  TopologyBuilder,
  topologyFromJSON,
  topologyToJSON,
} from "../src/index.js";

const hostsOf = (routes: Routes) => routes.hostIndices.map((index) => routes.nodeId(index));

describe("fatTree", () => {
  it.each([
    // k^3/4 hosts, 5k^2/4 switches of k ports, k^3/4 host links + k^3/4 edge-aggregation +
    // k^3/4 aggregation-core links = 3k^3/4.
    [4, 16, 20, 48],
    [6, 54, 45, 162],
    [8, 128, 80, 384],
  ])("k = %i: %i hosts, %i switches of k ports, %i links", (k, hosts, switches, links) => {
    const topology = fatTree({ k });
    const size = countedSize(topology);
    expect(size).toMatchObject({ hosts, switches, links });
    expect(topology.nodes.filter((node) => node.kind === "switch").every((node) => node.ports === k)).toBe(true);
    const values = checkValues("topology", "fat-tree", fatTreeDefinition.parameters, { k });
    expect(fatTreeDefinition.size(values)).toEqual(size);
  });

  it("wires the paper's Fig. 3 for k = 4: edges to every aggregation switch of their pod, aggregation a to cores 2a, 2a+1", () => {
    const topology = fatTree({ k: 4 });
    const key = (a: string, b: string) => [a, b].sort().join(" ");
    const links = new Set(topology.links.map(({ a, b }) => key(`${a.node}:${a.port}`, `${b.node}:${b.port}`)));
    // Host H5 = pod 1 (hosts 4..7), edge 0 (hosts 4, 5), port 1.
    expect(links.has(key("H5:0", "pod1-edge0:1"))).toBe(true);
    // Edge e's port hostsPerTor + a = 2 + a goes to aggregation a's port e.
    expect(links.has(key("pod3-edge1:2", "pod3-agg0:1"))).toBe(true);
    expect(links.has(key("pod3-edge1:3", "pod3-agg1:1"))).toBe(true);
    // Aggregation a's port k/2 + u = 2 + u goes to core 2a + u, arriving on the pod's port.
    expect(links.has(key("pod2-agg1:2", "core2:2"))).toBe(true);
    expect(links.has(key("pod2-agg1:3", "core3:2"))).toBe(true);
    // Each core has one link per pod: k = 4 of them, on ports 0..3.
    const core3 = topology.links.filter(({ b }) => b.node === "core3").map(({ a, b }) => [a.node, b.port]);
    expect(core3).toEqual([
      ["pod0-agg1", 0],
      ["pod1-agg1", 1],
      ["pod2-agg1", 2],
      ["pod3-agg1", 3],
    ]);
    expect(topologyFromJSON(topologyToJSON(topology))).toEqual(topology);
  });

  it("refuses an odd or too small k and a bad hostsPerTor, naming the option", () => {
    expect(() => fatTree({ k: 3 })).toThrow("fatTree: k must be an even integer >= 2, got 3");
    expect(() => fatTree({ k: 0 })).toThrow("fatTree: k must be an even integer >= 2, got 0");
    expect(() => fatTree({ k: 4, hostsPerTor: 0 })).toThrow("fatTree: hostsPerTor must be an integer >= 1, got 0");
    const routed = { ...fatTree({ k: 4 }), routing: { kind: "fat-tree", k: 5, hostsPerTor: 2 } };
    expect(() => topologyFromJSON(routed)).toThrow(
      'routing.k must be an even integer >= 2, got 5 (routing kind "fat-tree")',
    );
  });

  it("every host reaches every other on a shortest path: 2 links on one ToR, 4 in a pod, 6 across pods", () => {
    for (const hostsPerTor of [2, 4]) {
      const routes = buildRoutes(fatTree({ k: 4, hostsPerTor }));
      const hosts = hostsOf(routes);
      const perPod = 2 * hostsPerTor;
      for (let s = 0; s < hosts.length; s++) {
        for (let d = 0; d < hosts.length; d++) {
          if (s === d) continue;
          const expected =
            Math.floor(s / hostsPerTor) === Math.floor(d / hostsPerTor)
              ? 2
              : Math.floor(s / perPod) === Math.floor(d / perPod)
                ? 4
                : 6;
          for (const flow of [0, 1, 2, 3]) {
            const path = routes.path(hosts[s] as string, hosts[d] as string, flow);
            expect(path.length).toBe(expected);
            // Up then down: the tiers climbed are host, edge, (agg, (core, agg,)) edge.
            const tiers = path.map(({ node }) => node.replace(/^pod\d+-/, "").replace(/\d+$/, ""));
            expect(tiers).toEqual(
              { 2: ["H", "edge"], 4: ["H", "edge", "agg", "edge"], 6: ["H", "edge", "agg", "core", "agg", "edge"] }[
                expected
              ],
            );
          }
        }
      }
    }
  });

  it("gives ECMP groups exactly where the paper has a choice: uplinks out of a subtree, one port down", () => {
    const routes = buildRoutes(fatTree({ k: 6 }));
    const at = (node: string, host: string) => routes.outputPorts(routes.nodeIndex(node), routes.nodeIndex(host));
    // k = 6: 3 hosts per ToR, 9 per pod. H10 is pod 1, edge 0, port 1.
    expect(at("pod1-edge0", "H10")).toEqual([1]);
    expect(at("pod1-edge0", "H13")).toEqual([3, 4, 5]); // other ToR of the pod: any aggregation switch
    expect(at("pod1-agg2", "H13")).toEqual([1]); // H13 is on edge 1
    expect(at("pod1-agg2", "H40")).toEqual([3, 4, 5]); // other pod: any of its 3 cores
    expect(at("core7", "H40")).toEqual([4]); // H40 is in pod floor(40 / 9) = 4
    expect(at("H10", "H10")).toEqual([]);
    expect(() => routes.outputPort(routes.nodeIndex("pod1-edge0"), routes.nodeIndex("H13"))).toThrow(
      'node "pod1-edge0" has 3 equal-cost ports to host "H13" (ECMP): ask outputPorts, or path with a flow',
    );
    // A switch's forwarding: one entry per host, groups shared, a seed of its own.
    const edge = routes.forwarding(routes.nodeIndex("pod1-edge0"));
    const agg = routes.forwarding(routes.nodeIndex("pod1-agg0"));
    expect(edge.ports).toHaveLength(54);
    expect(edge.groups).toBe(agg.groups);
    expect(edge.salt).not.toBe(agg.salt);
    // Two distinct groups in the whole fabric: the ToR uplinks 3..5 and the core links 3..5
    // are the same list, so one group of 3 (4 entries).
    expect(Array.from(edge.groups)).toEqual([3, 3, 4, 5]);
  });

  it("keeps one path per flow, and the same paths on a fresh build (deterministic)", () => {
    const first = buildRoutes(fatTree({ k: 4 }));
    const again = buildRoutes(fatTree({ k: 4 }));
    for (let flow = 0; flow < 50; flow++) {
      const path = first.path("H0", "H15", flow);
      expect(first.path("H0", "H15", flow)).toEqual(path);
      expect(again.path("H0", "H15", flow)).toEqual(path);
    }
  });

  it("spreads 256 flows from pod 0 to pod 1 over all 4 cores within a binomial 4-sigma bound", () => {
    const routes = buildRoutes(fatTree({ k: 4 }));
    const perCore = [0, 0, 0, 0];
    for (let flow = 0; flow < 256; flow++) {
      // Sources H0..H3 (pod 0), destinations H4..H7 (pod 1), 16 flows per pair.
      const path = routes.path(`H${flow % 4}`, `H${4 + (Math.floor(flow / 4) % 4)}`, flow);
      const core = path.find(({ node }) => node.startsWith("core"))?.node as string;
      const index = Number(core.slice(4));
      perCore[index] = (perCore[index] ?? 0) + 1;
    }
    // Each flow picks one of 4 cores with probability 1/4 if the hash behaves as a fair
    // coin at each tier: binomial(256, 1/4), mean 64, sigma = sqrt(256 x 1/4 x 3/4) = 6.93,
    // 4 sigma = 27.7: every core between 37 and 91 flows.
    for (const count of perCore) {
      expect(count).toBeGreaterThanOrEqual(37);
      expect(count).toBeLessThanOrEqual(91);
    }
    expect(perCore.reduce((sum, count) => sum + count, 0)).toBe(256);
  });

  it("salts the hash per switch: one unsalted hash at every tier would use only 2 of the 4 cores (polarisation)", () => {
    const routes = buildRoutes(fatTree({ k: 4 }));
    const { groups } = routes.forwarding(routes.nodeIndex("pod0-edge0"));
    const uplinks = routes.forwarding(routes.nodeIndex("pod0-edge0")).ports[4] as number; // H4: other ToR's group
    const used = new Set<number>();
    for (let flow = 0; flow < 256; flow++) {
      const source = flow % 4;
      const destination = 4 + (Math.floor(flow / 4) % 4);
      // With salt 0 at both tiers: the edge takes uplink 2 + (h mod 2), i.e. aggregation
      // switch a = h mod 2; that switch takes core link 2 + (h mod 2) again: core 2a + a.
      const a = ecmpPort(groups, uplinks, 0, flow, source, destination) - 2;
      const u = ecmpPort(groups, uplinks, 0, flow, source, destination) - 2;
      used.add(2 * a + u);
    }
    expect([...used].sort()).toEqual([0, 3]);
    // The real per-switch seeds differ, so the tiers choose independently (previous test).
    expect(flowHash(1, 7, 0, 4)).not.toBe(flowHash(2, 7, 0, 4));
  });

  it("oversubscribes the ToRs: hostsPerTor = k gives k hosts over k/2 uplinks, 2:1", () => {
    const topology = fatTree({ k: 4, hostsPerTor: 4 });
    const edge = topology.nodes.find((node) => node.id === "pod0-edge0");
    // hostsPerTor + k/2 = 6 ports: 4 host ports, 2 uplinks.
    expect(edge?.ports).toBe(6);
    const hostPorts = topology.links.filter(({ a, b }) => b.node === "pod0-edge0" && a.node.startsWith("H")).length;
    const uplinks = topology.links.filter(({ a }) => a.node === "pod0-edge0").length;
    expect(hostPorts / uplinks).toBe(2);
    // 4 pods x 2 ToRs x 4 hosts; the rest of the fabric is unchanged (20 switches, 32 + 32 links).
    expect(countedSize(topology)).toMatchObject({ hosts: 32, switches: 20, links: 64 });
    const values = checkValues("topology", "fat-tree", fatTreeDefinition.parameters, { k: 4, hostsPerTor: 4 });
    expect(fatTreeDefinition.size(values)).toEqual(countedSize(topology));
  });

  it("runs the switch-to-switch links at fabricBandwidth, the host links at bandwidth", () => {
    const topology = fatTree({ k: 4, bandwidth: 1.25e9, fabricBandwidth: 5e9 });
    for (const { a, bandwidth } of topology.links) {
      expect(bandwidth).toBe(a.node.startsWith("H") ? 1.25e9 : 5e9);
    }
    const created = fatTreeDefinition.create(
      checkValues("topology", "fat-tree", fatTreeDefinition.parameters, { k: 4, fabricSpeedup: 4 }),
      { bandwidth: 1.25e9, delayPs: 1000 },
    );
    expect(created).toEqual(fatTree({ k: 4, bandwidth: 1.25e9, fabricBandwidth: 5e9, delayPs: 1000 }));
  });

  it("routed by lowest-port shortest paths instead, sends everything between pods through core0", () => {
    // Every edge switch's lowest uplink leads to agg0, whose lowest core link leads to core0.
    const routes = buildRoutes({ ...fatTree({ k: 4 }), routing: { kind: "shortest-path" } });
    const cores = new Set<string>();
    for (let s = 0; s < 16; s++) {
      for (let d = 0; d < 16; d++) {
        if (Math.floor(s / 4) === Math.floor(d / 4)) continue;
        for (const { node } of routes.path(`H${s}`, `H${d}`)) if (node.startsWith("core")) cores.add(node);
      }
    }
    expect([...cores]).toEqual(["core0"]);
  });

  it.each([2, 4, 6, 8])("k = %i: up*/down* with every ECMP member has no channel dependency cycle", (k) => {
    expect(isDeadlockFree(buildRoutes(fatTree({ k })))).toBe(true);
    expect(isDeadlockFree(buildRoutes(fatTree({ k, hostsPerTor: k })))).toBe(true);
  });
});

describe("channelDependencyCycle with multipath routes", () => {
  /** Three switches in a ring, R<i> port 1 clockwise to R<i+1> port 0, host G<i> on port 2. */
  const ring = () => {
    const builder = new TopologyBuilder({ bandwidth: 1e9, delayPs: 0 });
    for (let i = 0; i < 3; i++) builder.switch(`R${i}`, 3);
    for (let i = 0; i < 3; i++) builder.host(`G${i}`);
    for (let i = 0; i < 3; i++) builder.link({ node: `R${i}`, port: 1 }, { node: `R${(i + 1) % 3}`, port: 0 });
    for (let i = 0; i < 3; i++) builder.link({ node: `G${i}`, port: 0 }, { node: `R${i}`, port: 2 });
    return builder.build();
  };

  it("counts every member of a group: a second, clockwise member closes the cycle the first ones avoid", () => {
    // Shortest paths: every other host is one ring link away, so no route crosses two ring
    // links and there is no dependency between ring channels.
    const routes = buildRoutes(ring());
    expect(channelDependencyCycle(routes)).toBeUndefined();
    // The same tables with each switch also allowed to go clockwise toward the host before
    // it (two ring links): routes R<i> -> R<i+1> -> R<i+2> make the clockwise ring a cycle.
    const multipath: Routes = Object.create(routes);
    multipath.outputPorts = (node, destination) => {
      const ports = routes.outputPorts(node, destination);
      const switchNode = node >= routes.hostCount;
      return switchNode && ports.length === 1 && ports[0] === 0 ? [0, 1] : ports;
    };
    const cycle = channelDependencyCycle(multipath);
    expect(cycle?.map(({ port }) => port)).toEqual([1, 1, 1]);
    expect(new Set(cycle?.map(({ from }) => from))).toEqual(new Set(["R0", "R1", "R2"]));
  });
});
