import { transmissionTime } from "@losslab/engine";
import type { Routes } from "@losslab/topology";

/**
 * The fabric's largest unloaded round trip between two hosts, in picoseconds: HPCC's T when a
 * scenario gives none (Li et al., SIGCOMM 2019, sec. 3.2: T is the base RTT; the HPCC
 * simulator takes the largest over host pairs, its `maxRtt`). Each link of a route costs
 * its propagation both ways plus one serialization of a data packet and one of its ACK
 * (`dataWireBytes`, `ackWireBytes`, per-frame overhead included): store-and-forward, so an
 * upper bound of what losslab's cut-through switches take. The ACK is assumed to return over
 * the route's links (in a unidirectional butterfly it takes another route of equal length).
 * Costs one pass over the nodes per destination host.
 */
export function baseRoundTrip(routes: Routes, dataWireBytes: number, ackWireBytes: number): number {
  const topology = routes.topology;
  // cost[node][port]: the round trip's share of the link on that port.
  const cost: number[][] = Array.from({ length: routes.nodeCount }, () => []);
  for (const link of topology.links) {
    const share =
      link.delayPs +
      (link.delayBackPs ?? link.delayPs) +
      transmissionTime(dataWireBytes, link.bandwidth) +
      transmissionTime(ackWireBytes, link.bandwidth);
    cost[routes.nodeIndex(link.a.node)]![link.a.port] = share;
    cost[routes.nodeIndex(link.b.node)]![link.b.port] = share;
  }
  // toward[node]: the cost from node to the destination; -1 not yet known, NaN unreachable.
  const toward = new Float64Array(routes.nodeCount);
  const trail: number[] = [];
  let largest = 0;
  for (const destination of routes.hostIndices) {
    toward.fill(-1);
    toward[destination] = 0;
    for (const source of routes.hostIndices) {
      if (source === destination) continue;
      // Walk the route until a node whose cost is known, then add the costs back along it.
      let node = source;
      while (toward[node] === -1) {
        trail.push(node);
        const port = routes.outputPort(node, destination);
        const next = port < 0 || (node !== source && node < routes.hostCount) ? -1 : routes.neighbourIndex(node, port);
        if (next < 0) {
          toward[node] = Number.NaN;
          break;
        }
        node = next;
      }
      for (let i = trail.length - 1; i >= 0; i--) {
        const at = trail[i]!;
        if (toward[at] !== -1) continue;
        const next = routes.neighbourIndex(at, routes.outputPort(at, destination));
        toward[at] = cost[at]![routes.outputPort(at, destination)]! + toward[next]!;
      }
      trail.length = 0;
      if (toward[source]! > largest) largest = toward[source]!;
    }
  }
  return largest;
}
