import type { Channel } from "./channel.js";
import { DragonflyShape, dragonflyRouterName } from "./dragonfly-shape.js";
import { findCycle } from "./find-cycle.js";
import type { Routing } from "./routing.js";

/** The VLs a Dragonfly's routes need with VLs by hop class: one more than the most global hops of a route. */
export function dragonflyVls(algorithm: Extract<Routing, { kind: "dragonfly" }>["algorithm"]): number {
  return algorithm === "minimal" ? 2 : 3;
}

/**
 * Finds a cycle in the (channel, VL) dependency graph of the routes a Dragonfly's switches
 * may take (Dally and Seitz's channel dependency graph, with one vertex per VL of a channel),
 * or returns `undefined` when there is none.
 *
 * Routes: every minimal route between two routers, over every global link that joins their
 * groups, and, unless `algorithm` is "minimal", every Valiant route through every other group
 * (`dragonflyRouter` of @losslab/switch takes no other). VLs: with `lanes` "hop-class" a
 * packet is on VL v after v global channels (Kim et al., ISCA 2008, sec. 4: within a VL a
 * route goes at most local then global, so no VL holds a cycle); with "single" all on VL 0.
 * Channels to and from hosts are left out: no route continues after a host.
 *
 * Cost: routers² x (g - 1) routes of at most 5 hops, then a depth-first search.
 */
export function dragonflyDependencyCycle(routing: Extract<Routing, { kind: "dragonfly" }>): Channel[] | undefined {
  const shape = new DragonflyShape(routing);
  const vls = routing.lanes === "hop-class" ? dragonflyVls(routing.algorithm) : 1;
  const vertex = (router: number, port: number, vl: number) => (router * shape.ports + port) * vls + vl;
  const edges: Set<number>[] = Array.from({ length: shape.routers * shape.ports * vls }, () => new Set<number>());
  // Routes as router-to-router hops (router, port), each hop's VL by hop class.
  const hops: number[] = [];
  const addRoute = () => {
    let globals = 0;
    let previous = -1;
    for (let i = 0; i < hops.length; i += 2) {
      const router = hops[i] as number;
      const port = hops[i + 1] as number;
      const current = vertex(router, port, vls === 1 ? 0 : globals);
      if (previous >= 0) (edges[previous] as Set<number>).add(current);
      previous = current;
      if (shape.isGlobalPort(port)) globals++;
    }
  };
  // Every way from `router` to router `target` along minimal routes, hop by hop.
  const walk = (router: number, target: number, then: (() => void) | undefined) => {
    if (router === target) {
      if (then === undefined) addRoute();
      else then();
      return;
    }
    const group = shape.groupOf(router);
    const targetGroup = shape.groupOf(target);
    const r = router - group * shape.a;
    const ports =
      group === targetGroup
        ? [shape.localPort(r, target - group * shape.a)]
        : shape.portsTowardGroup(router, targetGroup);
    for (const port of ports) {
      hops.push(router, port);
      walk(shape.neighbour(router, port), target, then);
      hops.length -= 2;
    }
  };
  for (let source = 0; source < shape.routers; source++) {
    for (let target = 0; target < shape.routers; target++) {
      if (source === target) continue;
      walk(source, target, undefined);
      if (routing.algorithm === "minimal") continue;
      const ends = [shape.groupOf(source), shape.groupOf(target)];
      if (ends[0] === ends[1]) continue; // within a group every algorithm goes minimally
      for (let intermediate = 0; intermediate < shape.g; intermediate++) {
        if (ends.includes(intermediate)) continue;
        walkToGroup(shape, source, intermediate, hops, (arrival) => walk(arrival, target, undefined));
      }
    }
  }
  const cycle = findCycle(edges);
  return cycle?.map((id) => {
    const vl = id % vls;
    const channel = (id - vl) / vls;
    const port = channel % shape.ports;
    const router = (channel - port) / shape.ports;
    const next = shape.neighbour(router, port);
    const name = (index: number) => dragonflyRouterName(shape.groupOf(index), index % shape.a);
    return { from: name(router), port, to: name(next), vl };
  });
}

/** Walks every minimal way from `router` into group `target`, calling `arrived` with the first router reached there. */
function walkToGroup(
  shape: DragonflyShape,
  router: number,
  target: number,
  hops: number[],
  arrived: (router: number) => void,
): void {
  if (shape.groupOf(router) === target) {
    arrived(router);
    return;
  }
  for (const port of shape.portsTowardGroup(router, target)) {
    hops.push(router, port);
    walkToGroup(shape, shape.neighbour(router, port), target, hops, arrived);
    hops.length -= 2;
  }
}
