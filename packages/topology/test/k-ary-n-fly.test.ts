import { hops, wiring } from "@losslab/test-kit/topology-text";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  channelDependencyCycle,
  isDeadlockFree,
  kAryNFly,
  TopologyError,
  topologyFromJSON,
  topologyToJSON,
  validateTopology,
} from "../src/index.js";

const digit = (value: number, position: number, k: number): number => Math.floor(value / k ** position) % k;

describe("kAryNFly", () => {
  it("wires a 2-ary 2-fly: hosts send on port 0 into stage 0 and receive on port 1 from stage 1", () => {
    const topology = kAryNFly({ k: 2, n: 2 });
    expect(topology.nodes.map((node) => `${node.id}/${node.ports}`)).toEqual([
      "S0.0/4",
      "S0.1/4",
      "S1.0/4",
      "S1.1/4",
      "H0/2",
      "H1/2",
      "H2/2",
      "H3/2",
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
      "S1.0:2 <-> H0:1",
      "S1.0:3 <-> H1:1",
      "S1.1:2 <-> H2:1",
      "S1.1:3 <-> H3:1",
    ]);
    expect(topology.routing).toEqual({ kind: "k-ary-n-fly", k: 2, n: 2 });
    const routes = buildRoutes(topology);
    // H3 = 11 in base 2: output 2 + 1 at stage 0 (digit 1), output 2 + 1 at stage 1 (digit 0).
    expect(hops(routes, "H0", "H3")).toEqual(["H0:0", "S0.0:3", "S1.1:3"]);
    // Even to a host on the same first-stage switch, a packet crosses every stage.
    expect(hops(routes, "H0", "H1")).toEqual(["H0:0", "S0.0:2", "S1.0:3"]);
    expect(hops(routes, "H1", "H0")).toEqual(["H1:0", "S0.0:2", "S1.0:2"]);
  });

  it.each([
    { k: 2, n: 1, hosts: 2, switches: 1, links: 4 },
    { k: 2, n: 3, hosts: 8, switches: 12, links: 32 },
    { k: 2, n: 5, hosts: 32, switches: 80, links: 192 },
    { k: 4, n: 3, hosts: 64, switches: 48, links: 256 },
    { k: 3, n: 2, hosts: 9, switches: 6, links: 27 },
  ])("$k-ary $n-fly has $hosts hosts, $switches switches, $links links", ({ k, n, hosts, switches, links }) => {
    const topology = kAryNFly({ k, n, bandwidth: 2e9, delayPs: 7 });
    expect(topology.nodes.filter((node) => node.kind === "host")).toHaveLength(hosts);
    expect(topology.nodes.filter((node) => node.kind === "switch")).toHaveLength(switches);
    expect(topology.links).toHaveLength(links);
    // Every port is used: 2k per switch, 2 per host.
    expect(topology.nodes.reduce((sum, node) => sum + node.ports, 0)).toBe(2 * links);
    expect(topology.links.every((link) => link.bandwidth === 2e9 && link.delayPs === 7)).toBe(true);
    expect(() => validateTopology(topology)).not.toThrow();
  });

  it("links stage s to stage s+1 exactly when the indices differ at most in digit n-2-s", () => {
    const k = 3;
    const n = 3;
    const linked = new Set(kAryNFly({ k, n }).links.map(({ a, b }) => `${a.node}-${b.node}`));
    for (let stage = 0; stage < n - 1; stage++) {
      for (let i = 0; i < k ** (n - 1); i++) {
        for (let j = 0; j < k ** (n - 1); j++) {
          let differ = false;
          for (let position = 0; position < n - 1; position++) {
            if (position !== n - 2 - stage && digit(i, position, k) !== digit(j, position, k)) differ = true;
          }
          expect(linked.has(`S${stage}.${i}-S${stage + 1}.${j}`), `S${stage}.${i}-S${stage + 1}.${j}`).toBe(!differ);
        }
      }
    }
  });

  it.each([
    { k: 2, n: 1 },
    { k: 2, n: 3 },
    { k: 2, n: 5 },
    { k: 3, n: 3 },
    { k: 4, n: 3 },
  ])("routes every pair of the $k-ary $n-fly over exactly n switches, forwards only, deadlock-free", ({ k, n }) => {
    const topology = kAryNFly({ k, n });
    const routes = buildRoutes(topology);
    // The direction each link carries: a -> b.
    const forward = new Set(topology.links.map(({ a }) => `${a.node}:${a.port}`));
    let pairs = 0;
    for (const a of routes.hostIndices) {
      for (const b of routes.hostIndices) {
        if (a === b) continue;
        const source = routes.nodeId(a);
        const destination = routes.nodeId(b);
        const d = Number(destination.slice(1));
        const path = routes.path(source, destination);
        expect(path, `${source}>${destination}`).toHaveLength(n + 1);
        path.slice(1).forEach(({ node, outPort }, stage) => {
          expect(node.startsWith(`S${stage}.`)).toBe(true);
          expect(outPort).toBe(k + digit(d, n - 1 - stage, k)); // destination tag
        });
        expect(path[n]?.node).toBe(`S${n - 1}.${Math.floor(d / k)}`);
        for (const { node, outPort } of path) expect(forward.has(`${node}:${outPort}`)).toBe(true);
        expect(routes.outputPort(a, b)).toBe(0);
        pairs++;
      }
    }
    expect(pairs).toBe(k ** n * (k ** n - 1));
    expect(channelDependencyCycle(routes)).toBeUndefined();
  });

  it("gets the same routes from a breadth-first search that honours the host ports", () => {
    const topology = kAryNFly({ k: 2, n: 4 });
    const rule = buildRoutes(topology);
    const searched = buildRoutes({ ...topology, routing: { kind: "shortest-path" } });
    for (const a of rule.hostIndices) {
      for (const b of rule.hostIndices) {
        const source = rule.nodeId(a);
        const destination = rule.nodeId(b);
        expect(searched.path(source, destination)).toEqual(rule.path(source, destination));
      }
    }
    expect(isDeadlockFree(searched)).toBe(true);
  });

  it("throws on a path from a switch that cannot reach the destination", () => {
    const routes = buildRoutes(kAryNFly({ k: 2, n: 2 }));
    // S1.0 reaches H0 and H1 only; its destination-tag port for H3 leads to H1.
    expect(routes.outputPort(routes.nodeIndex("S1.0"), routes.nodeIndex("H3"))).toBe(3);
    expect(() => routes.path("S1.0", "H3")).toThrow(
      new TopologyError('no route from "S1.0" to "H3": the table leads to host "H1"'),
    );
    expect(hops(routes, "S1.0", "H1")).toEqual(["S1.0:3"]);
  });

  it("round-trips through JSON with its routing", () => {
    const topology = kAryNFly({ k: 2, n: 3 });
    const text = topologyToJSON(topology);
    expect(text.endsWith('  ],\n  "routing": { "kind": "k-ary-n-fly", "k": 2, "n": 3 }\n}\n')).toBe(true);
    expect(text).toContain('{ "id": "H0", "kind": "host", "ports": 2 }');
    expect(topologyFromJSON(text)).toStrictEqual(topology);
  });

  it("rejects bad k and n with TopologyError", () => {
    expect(() => kAryNFly({ k: 1, n: 3 })).toThrow(TopologyError);
    expect(() => kAryNFly({ k: 1, n: 3 })).toThrow("kAryNFly: k must be an integer >= 2, got 1");
    expect(() => kAryNFly({ k: 2, n: 0 })).toThrow("kAryNFly: n must be an integer >= 1, got 0");
    expect(() => kAryNFly({ k: 2, n: 1.5 })).toThrow("kAryNFly: n must be an integer >= 1, got 1.5");
    expect(() => kAryNFly({ k: 2, n: 17 })).toThrow("kAryNFly: k^n must be at most 65536 hosts, got 2^17 = 131072");
  });
});
