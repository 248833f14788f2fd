import type { Channel } from "./channel.js";
import { findCycle } from "./find-cycle.js";
import type { Routes } from "./routes.js";

/**
 * Finds a cycle in the channel dependency graph of `routes` (Dally and Seitz), or returns
 * `undefined` when there is none, i.e. when the routing is deadlock-free without virtual
 * channels.
 *
 * The graph: one vertex per unidirectional channel (node, output port); an edge from
 * c1 = (u -> v) to c2 = (v -> w) when some host-to-host route uses c1 and then c2. Only
 * routes that start at a host count (a table entry no packet can reach adds nothing). With
 * equal-cost multipath (ECMP groups) every member is a route some flow may take, so each
 * one adds its edges.
 * The cycle is returned as channels in order, each one's `to` the next one's `from`, the
 * last one's `to` the first one's `from`.
 *
 * Cost: O(hosts x nodes) to collect the dependencies, then a depth-first search over them.
 *
 * @example
 * channelDependencyCycle(buildRoutes(kAryNTree({ k: 4, n: 3 }))); // undefined: deadlock-free
 */
export function channelDependencyCycle(routes: Routes): Channel[] | undefined {
  const { nodeCount, hostCount } = routes;
  // Channel id = portStart[node] + port.
  const portStart = new Int32Array(nodeCount + 1);
  const ports = new Map(routes.topology.nodes.map((node) => [node.id, node.ports]));
  for (let node = 0; node < nodeCount; node++) {
    portStart[node + 1] = (portStart[node] as number) + (ports.get(routes.nodeId(node)) as number);
  }
  const channelCount = portStart[nodeCount] as number;
  const channelNode = new Int32Array(channelCount);
  for (let node = 0; node < nodeCount; node++) {
    channelNode.fill(node, portStart[node] as number, portStart[node + 1] as number);
  }

  const dependencies: Set<number>[] = Array.from({ length: channelCount }, () => new Set<number>());
  // Per destination, a breadth-first search over every node a packet from some host can
  // reach, following all the ports each node may take (all members of an ECMP group: a
  // flow may hash to any of them). reached[node] === destination + 1: already queued.
  const reached = new Int32Array(nodeCount);
  const queue = new Int32Array(nodeCount);
  for (let destination = 0; destination < hostCount; destination++) {
    const mark = destination + 1;
    let tail = 0;
    for (let source = 0; source < hostCount; source++) {
      if (source === destination) continue;
      reached[source] = mark;
      queue[tail++] = source;
    }
    for (let head = 0; head < tail; head++) {
      const node = queue[head] as number;
      for (const port of routes.outputPorts(node, destination)) {
        const channel = (portStart[node] as number) + port;
        const next = routes.neighbourIndex(node, port);
        if (next === destination) continue;
        for (const nextPort of routes.outputPorts(next, destination)) {
          (dependencies[channel] as Set<number>).add((portStart[next] as number) + nextPort);
        }
        if (reached[next] !== mark) {
          reached[next] = mark;
          queue[tail++] = next;
        }
      }
    }
  }

  const cycle = findCycle(dependencies);
  return cycle?.map((channel) => {
    const node = channelNode[channel] as number;
    const port = channel - (portStart[node] as number);
    return { from: routes.nodeId(node), port, to: routes.nodeId(routes.neighbourIndex(node, port)) };
  });
}

/** `true` when `routes` has no channel dependency cycle; see `channelDependencyCycle`. */
export function isDeadlockFree(routes: Routes): boolean {
  return channelDependencyCycle(routes) === undefined;
}
