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
 * Where a switch has several equal-cost ports (ECMP) the largest of their paths counts.
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
  // The largest over a node's equal-cost ports (ECMP): their paths may differ in length.
  const costToward = (node: number, destination: number): number => {
    if (toward[node] !== -1) return toward[node]!;
    let most = Number.NaN;
    for (const port of routes.outputPorts(node, destination)) {
      const next = routes.neighbourIndex(node, port);
      // A host other than the destination forwards nothing.
      if (next < 0 || (next < routes.hostCount && next !== destination)) continue;
      const via = cost[node]![port]! + costToward(next, destination);
      if (!Number.isNaN(via) && !(via <= most)) most = via;
    }
    toward[node] = most;
    return most;
  };
  let largest = 0;
  for (const destination of routes.hostIndices) {
    toward.fill(-1);
    toward[destination] = 0;
    for (const source of routes.hostIndices) {
      if (source === destination) continue;
      const total = costToward(source, destination);
      if (total > largest) largest = total;
    }
  }
  return largest;
}
