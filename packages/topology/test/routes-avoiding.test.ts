/**
 * `Routes.avoiding`: forwarding recomputed over the links that are up, on a k = 4 fat tree
 * (its own up/down ECMP rule): nothing down gives the tables back, a cut downlink is routed
 * around by every switch along shortest live paths, entries still shortest are kept, and a
 * destination cut off keeps its entry.
 */
import { describe, expect, it } from "vitest";
import { buildRoutes, type Forwarding, fatTree, type Routes } from "../src/index.js";

const routes = buildRoutes(fatTree({ k: 4 }));
const index = (id: string) => routes.nodeIndex(id);

/** The port of `from` whose link leads to `to`. */
function portTo(from: string, to: string): number {
  const node = index(from);
  for (let port = 0; ; port++) if (routes.neighbourIndex(node, port) === index(to)) return port;
}

/** The ports of an entry of `forwarding`, ascending. */
function portsOf(forwarding: Forwarding, destination: string): number[] {
  const entry = forwarding.ports[index(destination)] as number;
  if (entry >= -1) return entry === -1 ? [] : [entry];
  const offset = -2 - entry;
  return Array.from(forwarding.groups.subarray(offset + 1, offset + 1 + forwarding.groups[offset]!)).sort(
    (a, b) => a - b,
  );
}

/** `from`'s link to `to` and back are down. */
const cable = (from: string, to: string) => {
  const down = new Set([`${index(from)}:${portTo(from, to)}`, `${index(to)}:${portTo(to, from)}`]);
  return (node: number, port: number) => down.has(`${node}:${port}`);
};

/** Every switch path from `node` to host `destination` by every member of `forward`'s entries: its hop counts. */
function pathLengths(
  rerouted: (node: number) => Forwarding,
  node: number,
  destination: string,
  routesOf: Routes,
): number[] {
  if (node === index(destination)) return [0];
  if (node < routesOf.hostCount)
    return pathLengths(rerouted, routesOf.neighbourIndex(node, 0), destination, routesOf).map((n) => n + 1);
  return portsOf(rerouted(node), destination).flatMap((port) =>
    pathLengths(rerouted, routesOf.neighbourIndex(node, port), destination, routesOf).map((n) => n + 1),
  );
}

const switches = Array.from({ length: routes.nodeCount - routes.hostCount }, (_, i) => routes.hostCount + i);

describe("Routes.avoiding", () => {
  it("with nothing down gives every switch its table", () => {
    const rerouted = routes.avoiding(() => false);
    for (const node of switches) {
      const ours = rerouted(node);
      const table = routes.forwarding(node);
      expect(Array.from(ours.ports)).toEqual(Array.from(table.ports));
      for (const host of routes.hostIndices)
        expect(portsOf(ours, routes.nodeId(host))).toEqual(portsOf(table, routes.nodeId(host)));
      expect(ours.salt).toBe(table.salt);
    }
    expect(() => rerouted(0)).toThrow(/not a switch/);
  });

  it("routes around a cut aggregation-to-edge cable along shortest live paths", () => {
    const down = cable("pod0-agg0", "pod0-edge0");
    const rerouted = routes.avoiding(down);
    // The aggregation switch whose only way down to H0 was the cable goes via the other edge.
    expect(portsOf(routes.forwarding(index("pod0-agg0")), "H0")).toEqual([portTo("pod0-agg0", "pod0-edge0")]);
    expect(portsOf(rerouted(index("pod0-agg0")), "H0")).toEqual([portTo("pod0-agg0", "pod0-edge1")]);
    // Its pod's other edge and the remote pods' edges and aggregation switches leave it out.
    expect(portsOf(rerouted(index("pod0-edge1")), "H0")).toEqual([portTo("pod0-edge1", "pod0-agg1")]);
    expect(portsOf(rerouted(index("pod1-edge0")), "H0")).toEqual([portTo("pod1-edge0", "pod1-agg1")]);
    // Every path from every host is a shortest live path: 4 links from pod0-edge1's hosts, 6 from the other pods'.
    for (const host of routes.hostIndices.filter((h) => h >= 2)) {
      const lengths = pathLengths(rerouted, host, "H0", routes);
      expect(new Set(lengths)).toEqual(new Set([host < 4 ? 4 : 6]));
    }
    // An entry still shortest is kept as it is: pod0-edge1 toward pod 1, H1 from H0's edge.
    expect(rerouted(index("pod0-edge1")).ports[index("H4")]).toBe(
      routes.forwarding(index("pod0-edge1")).ports[index("H4")],
    );
    expect(rerouted(index("pod0-edge0")).ports[index("H1")]).toBe(
      routes.forwarding(index("pod0-edge0")).ports[index("H1")],
    );
  });

  it("keeps an ECMP group one of whose members is down (the switch leaves it out, the others keep their flows)", () => {
    const down = cable("pod0-edge0", "pod0-agg0");
    const rerouted = routes.avoiding(down);
    const edge = index("pod0-edge0");
    expect(portsOf(routes.forwarding(edge), "H4")).toHaveLength(2);
    expect(rerouted(edge).ports[index("H4")]).toBe(routes.forwarding(edge).ports[index("H4")]);
  });

  it("leaves a destination cut off on its entry (its packets are lost at the failed port)", () => {
    const rerouted = routes.avoiding(cable("pod0-edge0", "H0"));
    expect(portsOf(rerouted(index("pod0-edge0")), "H0")).toEqual([portTo("pod0-edge0", "H0")]);
    expect(portsOf(rerouted(index("pod1-edge0")), "H0")).toEqual(portsOf(routes.forwarding(index("pod1-edge0")), "H0"));
  });
});
