/**
 * The Dragonfly of Kim et al. (ISCA 2008 sec. 3.1): sizes, every router's degree, the global
 * links between every pair of groups (both arrangements), minimal routes of at most three
 * router hops, the (channel, VL) dependency check with and without VLs by hop class, and bad
 * parameters refused naming the field.
 */
import { checkValues, KindError } from "@losslab/kinds";
import { countedSize } from "@losslab/test-kit/topology-size";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  channelDependencyCycle,
  type DragonflyArrangement,
  dragonfly,
  dragonflyDefinition,
  dragonflyDependencyCycle,
  dragonflyRouting,
  type Topology,
} from "../src/index.js";

/** Group of switch `D<G>.<r>`. */
const groupOf = (id: string) => Number(id.slice(1).split(".")[0]);

/** Global links (both ends switches of different groups) per unordered pair of groups. */
function globalLinksPerPair(topology: Topology): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const { a, b } of topology.links) {
    if (a.node.startsWith("H") || b.node.startsWith("H")) continue;
    const [x, y] = [groupOf(a.node), groupOf(b.node)].sort((u, v) => u - v) as [number, number];
    if (x === y) continue;
    pairs.set(`${x}-${y}`, (pairs.get(`${x}-${y}`) ?? 0) + 1);
  }
  return pairs;
}

describe("dragonfly", () => {
  it.each([
    // p, a, h, g: hosts a·p·g, routers a·g, links hosts + g·a(a-1)/2 + g·a·h/2
    [1, 2, 1, 3, 6, 6, 6 + 3 + 3],
    [2, 4, 2, 9, 72, 36, 72 + 54 + 36],
    [2, 4, 2, 5, 40, 20, 40 + 30 + 20],
    [4, 8, 4, 33, 1056, 264, 1056 + 924 + 528],
  ])("p=%i a=%i h=%i g=%i: %i hosts, %i routers, %i links; size() agrees", (p, a, h, g, hosts, routers, links) => {
    const topology = dragonfly({ p, a, h, g });
    const size = countedSize(topology);
    expect(size).toMatchObject({ hosts, switches: routers, links });
    const values = checkValues("topology", "dragonfly", dragonflyDefinition.parameters, { p, a, h, g });
    expect(dragonflyDefinition.size(values)).toEqual(size);
  });

  it("defaults to the balanced a = 2p = 2h and g = a·h + 1", () => {
    expect(dragonflyRouting({ p: 3 })).toMatchObject({ p: 3, a: 6, h: 3, g: 19, arrangement: "consecutive" });
  });

  it.each(["consecutive", "palmtree"] as DragonflyArrangement[])(
    "%s: every router has p host, a-1 local and h global links, all ports used once",
    (arrangement) => {
      const p = 2;
      const a = 4;
      const h = 2;
      const topology = dragonfly({ p, a, h, arrangement });
      const used = new Map<string, { host: number; local: number; global: number }>();
      const count = (node: string, kind: "host" | "local" | "global") => {
        const entry = used.get(node) ?? { host: 0, local: 0, global: 0 };
        entry[kind]++;
        used.set(node, entry);
      };
      for (const { a: x, b: y } of topology.links) {
        if (x.node.startsWith("H")) count(y.node, "host");
        else if (groupOf(x.node) === groupOf(y.node)) {
          count(x.node, "local");
          count(y.node, "local");
        } else {
          count(x.node, "global");
          count(y.node, "global");
        }
      }
      const switches = topology.nodes.filter((node) => node.kind === "switch");
      expect(switches).toHaveLength(a * (a * h + 1));
      for (const node of switches) {
        expect(node.ports).toBe(p + a - 1 + h);
        expect(used.get(node.id)).toEqual({ host: p, local: a - 1, global: h });
      }
    },
  );

  it.each(["consecutive", "palmtree"] as DragonflyArrangement[])(
    "%s: with g = a·h + 1 every pair of groups is joined by exactly one global link",
    (arrangement) => {
      const g = 9;
      const pairs = globalLinksPerPair(dragonfly({ p: 2, arrangement }));
      expect(pairs.size).toBe((g * (g - 1)) / 2);
      expect([...pairs.values()].every((links) => links === 1)).toBe(true);
    },
  );

  it("with g - 1 dividing a·h every pair of groups has a·h/(g-1) links", () => {
    const pairs = globalLinksPerPair(dragonfly({ p: 2, g: 5 }));
    expect(pairs.size).toBe(10);
    expect([...pairs.values()].every((links) => links === 2)).toBe(true);
  });

  it("the arrangements differ: consecutive links router 0 of group 0 to groups 1 and 2, palmtree to groups 8 and 7", () => {
    const neighbours = (arrangement: DragonflyArrangement) =>
      dragonfly({ p: 2, arrangement })
        .links.filter(({ a, b }) => a.node.startsWith("D") && b.node.startsWith("D"))
        .filter(({ a, b }) => (a.node === "D0.0" || b.node === "D0.0") && groupOf(a.node) !== groupOf(b.node))
        .map(({ a, b }) => groupOf(a.node === "D0.0" ? b.node : a.node))
        .sort((x, y) => x - y);
    expect(neighbours("consecutive")).toEqual([1, 2]);
    expect(neighbours("palmtree")).toEqual([7, 8]);
  });

  it.each([
    ["consecutive", 9],
    ["palmtree", 9],
    ["consecutive", 5],
  ] as [DragonflyArrangement, number][])(
    "%s g=%i: minimal routes cross at most 3 router-to-router links (l-g-l), at most 1 global",
    (arrangement, g) => {
      const routes = buildRoutes(dragonfly({ p: 2, g, arrangement }));
      const hosts = routes.hostIndices.map((index) => routes.nodeId(index));
      let longest = 0;
      for (const source of hosts) {
        for (const destination of hosts) {
          if (source === destination) continue;
          for (const flow of [0, 1, 2]) {
            const path = routes.path(source, destination, flow);
            // hops: the source host, then each switch; router-to-router links = switches - 1
            const switches = path.slice(1).map((hop) => hop.node);
            const globals = switches.filter((node, i) => i > 0 && groupOf(node) !== groupOf(switches[i - 1]!));
            expect(globals.length).toBeLessThanOrEqual(1);
            longest = Math.max(longest, switches.length - 1);
          }
        }
      }
      expect(longest).toBe(3);
    },
  );

  it("VLs by hop class: no (channel, VL) dependency cycle for minimal and Valiant routes", () => {
    for (const algorithm of ["minimal", "valiant", "ugal-l"] as const) {
      expect(dragonflyDependencyCycle(dragonflyRouting({ p: 2, routing: algorithm }))).toBeUndefined();
      expect(dragonflyDependencyCycle(dragonflyRouting({ p: 2, g: 5, routing: algorithm }))).toBeUndefined();
    }
  });

  it("the same routes on one VL are refused: a dependency cycle through global links", () => {
    for (const algorithm of ["minimal", "valiant"] as const) {
      const cycle = dragonflyDependencyCycle(dragonflyRouting({ p: 2, routing: algorithm, lanes: "single" }));
      expect(cycle).toBeDefined();
      // A cycle closes: each channel's far end is the next one's near end.
      for (const [i, channel] of cycle!.entries()) expect(channel.to).toBe(cycle![(i + 1) % cycle!.length]!.from);
      expect(cycle!.some((channel) => groupOf(channel.from) !== groupOf(channel.to))).toBe(true);
    }
    // The tables alone (minimal, no VLs) have the cycle too.
    expect(channelDependencyCycle(buildRoutes(dragonfly({ p: 2 })))).toBeDefined();
  });

  it.each([
    [{ p: 2, g: 10 }, "topology.g", "at most a·h + 1 = 9"],
    [{ p: 2, g: 4 }, "topology.g", "g - 1 must divide a·h = 8"],
    [{ p: 2, g: 1 }, "topology.g", "from 2"],
    [{ p: 0 }, "topology.p", "from 1"],
    [{ p: 2, a: 0 }, "topology.a", "from 1"],
    [{ p: 2, arrangement: "ring" }, "topology.arrangement", '"consecutive", "palmtree"'],
    [{ p: 2, routing: "adaptive" }, "topology.routing", '"minimal", "valiant", "ugal-l", "ugal-g"'],
  ])("refuses %j naming %s", (spec, field, allowed) => {
    let error: unknown;
    try {
      const values = checkValues("topology", "dragonfly", dragonflyDefinition.parameters, spec);
      dragonflyDefinition.check?.(values, { bandwidth: 1e9, delayPs: 10_000 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KindError);
    expect((error as KindError).field).toBe(field);
    expect((error as Error).message).toContain(field);
    expect((error as Error).message).toContain(allowed);
  });
});
