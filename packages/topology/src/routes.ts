import { formatValue } from "@losslab/kinds";
import type { RoutingRule } from "./routing-rule.js";
import { routingRule } from "./routing-rules.js";
import type { Topology } from "./topology.js";
import { TopologyError } from "./topology-error.js";
import { validateTopology } from "./validate-topology.js";

/** One step of a path: `node` sends the packet out of its port `outPort`. */
export interface RouteHop {
  node: string;
  outPort: number;
}

/**
 * Destination-based routing tables for a topology, on dense node indices.
 *
 * Indices: hosts come first, `0..hostCount-1` in topology order, then switches,
 * `hostCount..nodeCount-1` in topology order. So a host's node index is also its
 * destination index, and `index < hostCount` tells a host from a switch.
 *
 * Rule: the topology's `routing` (see `Routing`). By default (`shortest-path`) every
 * packet follows a shortest path in hops to its destination host, and among equal shortest
 * paths a node picks its lowest-numbered port that leads one hop closer. Hosts never
 * forward (they are never transit nodes). The table is computed once; a lookup is one
 * typed-array read.
 */
export interface Routes {
  /** The (validated) topology the routes were built for. */
  readonly topology: Topology;
  /** Number of nodes, hosts and switches. */
  readonly nodeCount: number;
  /** Number of hosts; host indices are `0..hostCount-1`. */
  readonly hostCount: number;
  /** The node indices of the hosts, ascending: `[0, 1, ..., hostCount-1]`. */
  readonly hostIndices: readonly number[];
  /** The dense index of node `id`. Throws `TopologyError` for an unknown id. */
  nodeIndex(id: string): number;
  /** The id of the node at `index`. Throws `TopologyError` when out of range. */
  nodeId(index: number): string;
  /**
   * The index of the node at the far end of port `port` of node `nodeIndex`, -1 if the
   * port is not linked. Throws `TopologyError` when the node or port is out of range.
   */
  neighbourIndex(nodeIndex: number, port: number): number;
  /**
   * The port on which node `nodeIndex` sends packets for host `destinationHostIndex`
   * (a host's node index); -1 at the destination itself. The hot-path lookup; throws
   * `TopologyError` when an index is out of range.
   */
  outputPort(nodeIndex: number, destinationHostIndex: number): number;
  /**
   * The hops from node `sourceId` to host `destinationId`: the source, then each switch,
   * with the port each sends on. The destination is not listed, so the length is the
   * number of links crossed (`[]` when source and destination are the same host). Throws
   * `TopologyError` when the table leads from `sourceId` to another host first, which only
   * a butterfly switch that cannot reach the destination does.
   */
  path(sourceId: string, destinationId: string): RouteHop[];
}

/**
 * Validates `topology` and computes its routing tables by the rule its `routing` names:
 * for `shortest-path` (the default) a breadth-first search from each destination host,
 * O(hosts x (nodes + ports)) time; for the rule-based kinds, after checking the wiring the
 * rule needs, one rule evaluation per (node, host) pair. `nodes x hosts` Int32 entries.
 *
 * Hosts with two links (see `TopologyNode`) send only on port 0 and receive only on port
 * 1: shortest paths use no other channel of theirs.
 *
 * When to use: once per topology, before simulating; switch models read `outputPort`.
 * Gotcha: the routes keep a reference to `topology`; do not mutate it afterwards. To route
 * a builder's topology by shortest paths instead of its rule, override its routing:
 * `buildRoutes({ ...kAryNTree({ k: 4, n: 3 }), routing: { kind: "shortest-path" } })`.
 *
 * @example
 * const routes = buildRoutes(twoSwitch({ local: 5, remote: 1 }));
 * routes.path("AV", "BV");
 * // [{ node: "AV", outPort: 0 }, { node: "A", outPort: 2 }, { node: "B", outPort: 6 }]
 */
export function buildRoutes(topology: Topology): Routes {
  validateTopology(topology);
  return new TableRoutes(topology, routingRule(topology));
}

class TableRoutes implements Routes {
  readonly nodeCount: number;
  readonly hostCount: number;
  readonly hostIndices: readonly number[];
  private readonly ids: readonly string[];
  private readonly indexById: ReadonlyMap<string, number>;
  /** Node i's ports are slots `portStart[i]..portStart[i+1]-1` of `neighbours`. */
  private readonly portStart: Int32Array;
  /** Per port slot, the node index at the far end, or -1. */
  private readonly neighbours: Int32Array;
  /** Per port slot, 1 when the channel out of that port carries packets (see `TopologyNode`). */
  private readonly sends: Uint8Array;
  /** Per port slot, the port slot at the far end, or -1. */
  private readonly farSlots: Int32Array;
  /** `table[node * hostCount + destination]`: output port, -1 at the destination. */
  private readonly table: Int32Array;

  constructor(
    readonly topology: Topology,
    rule: RoutingRule | undefined,
  ) {
    const hosts = topology.nodes.filter((node) => node.kind === "host");
    const ordered = [...hosts, ...topology.nodes.filter((node) => node.kind === "switch")];
    this.ids = ordered.map((node) => node.id);
    this.indexById = new Map(this.ids.map((id, index) => [id, index]));
    this.nodeCount = ordered.length;
    this.hostCount = hosts.length;
    this.hostIndices = hosts.map((_, index) => index);

    this.portStart = new Int32Array(this.nodeCount + 1);
    ordered.forEach((node, index) => {
      this.portStart[index + 1] = (this.portStart[index] as number) + node.ports;
    });
    const slotCount = this.portStart[this.nodeCount] as number;
    this.neighbours = new Int32Array(slotCount).fill(-1);
    this.farSlots = new Int32Array(slotCount).fill(-1);
    const linkCount = new Int32Array(this.nodeCount);
    const ends = topology.links.map(({ a, b }) => {
      const aEnd = { node: this.nodeIndex(a.node), port: a.port };
      const bEnd = { node: this.nodeIndex(b.node), port: b.port };
      linkCount[aEnd.node] = (linkCount[aEnd.node] as number) + 1;
      linkCount[bEnd.node] = (linkCount[bEnd.node] as number) + 1;
      return [aEnd, bEnd] as const;
    });
    type End = (typeof ends)[number][0];
    const slotOf = (end: End): number => (this.portStart[end.node] as number) + end.port;
    const twoLinkHost = (node: number): boolean => node < this.hostCount && linkCount[node] === 2;
    // A channel carries packets unless it leaves a two-link host by port 1 or enters one by port 0.
    const carries = (from: End, to: End): number =>
      (twoLinkHost(from.node) && from.port !== 0) || (twoLinkHost(to.node) && to.port !== 1) ? 0 : 1;
    this.sends = new Uint8Array(slotCount);
    for (const [a, b] of ends) {
      this.neighbours[slotOf(a)] = b.node;
      this.neighbours[slotOf(b)] = a.node;
      this.farSlots[slotOf(a)] = slotOf(b);
      this.farSlots[slotOf(b)] = slotOf(a);
      this.sends[slotOf(a)] = carries(a, b);
      this.sends[slotOf(b)] = carries(b, a);
    }

    this.table = new Int32Array(this.nodeCount * this.hostCount);
    if (rule === undefined) {
      const distance = new Int32Array(this.nodeCount);
      const queue = new Int32Array(this.nodeCount);
      for (let destination = 0; destination < this.hostCount; destination++) {
        this.fillColumn(destination, distance, queue);
      }
    } else {
      for (let node = 0; node < this.nodeCount; node++) {
        const portTo = rule(this.ids[node] as string);
        for (let destination = 0; destination < this.hostCount; destination++) {
          this.table[node * this.hostCount + destination] = portTo(this.ids[destination] as string);
        }
      }
    }
  }

  /**
   * Breadth-first search (in hops) from `destination` over the reversed channels that carry
   * packets; then each node takes its lowest port one hop closer.
   */
  private fillColumn(destination: number, distance: Int32Array, queue: Int32Array): void {
    const { hostCount, nodeCount, portStart, neighbours, sends, farSlots, table } = this;
    distance.fill(-1);
    distance[destination] = 0;
    queue[0] = destination;
    let tail = 1;
    for (let head = 0; head < tail; head++) {
      const node = queue[head] as number;
      // Hosts are never transit nodes: of the hosts, only the destination is expanded.
      if (node < hostCount && node !== destination) continue;
      const next = (distance[node] as number) + 1;
      for (let slot = portStart[node] as number; slot < (portStart[node + 1] as number); slot++) {
        const neighbour = neighbours[slot] as number;
        // The channel neighbour -> node leaves the neighbour from the far slot.
        if (neighbour >= 0 && sends[farSlots[slot] as number] === 1 && distance[neighbour] === -1) {
          distance[neighbour] = next;
          queue[tail++] = neighbour;
        }
      }
    }
    for (let node = 0; node < nodeCount; node++) {
      const closer = (distance[node] as number) - 1;
      if (node !== destination && closer < 0) {
        // validateTopology rejects disconnected graphs; this guards the invariant.
        throw new TopologyError(
          `no route from ${formatValue(this.ids[node])} to ${formatValue(this.ids[destination])}`,
        );
      }
      let port = -1;
      const start = portStart[node] as number;
      // Ascending port order: the lowest port leading one hop closer wins a tie.
      for (let slot = start; node !== destination && port < 0; slot++) {
        const neighbour = neighbours[slot] as number;
        const forwards = neighbour >= hostCount || neighbour === destination;
        if (neighbour >= 0 && sends[slot] === 1 && forwards && distance[neighbour] === closer) port = slot - start;
      }
      table[node * hostCount + destination] = port;
    }
  }

  nodeIndex(id: string): number {
    const index = this.indexById.get(id);
    if (index === undefined) throw new TopologyError(`unknown node ${formatValue(id)}`);
    return index;
  }

  nodeId(index: number): string {
    const id = this.ids[index];
    if (id === undefined) {
      throw new TopologyError(`node index ${formatValue(index)} is out of range 0..${this.nodeCount - 1}`);
    }
    return id;
  }

  neighbourIndex(nodeIndex: number, port: number): number {
    const id = this.nodeId(nodeIndex);
    const start = this.portStart[nodeIndex] as number;
    const ports = (this.portStart[nodeIndex + 1] as number) - start;
    if (!Number.isInteger(port) || port < 0 || port >= ports) {
      throw new TopologyError(
        `port ${formatValue(port)} is out of range for node ${formatValue(id)}: its ports are 0..${ports - 1}`,
      );
    }
    return this.neighbours[start + port] as number;
  }

  outputPort(nodeIndex: number, destinationHostIndex: number): number {
    // `x >>> 0 === x` holds exactly for integers in 0..2^32-1.
    const inRange =
      nodeIndex >>> 0 === nodeIndex &&
      nodeIndex < this.nodeCount &&
      destinationHostIndex >>> 0 === destinationHostIndex &&
      destinationHostIndex < this.hostCount;
    const port = inRange ? this.table[nodeIndex * this.hostCount + destinationHostIndex] : undefined;
    if (port === undefined) {
      throw new TopologyError(
        `outputPort(${formatValue(nodeIndex)}, ${formatValue(destinationHostIndex)}) needs a node index in 0..${this.nodeCount - 1} and a host index in 0..${this.hostCount - 1}`,
      );
    }
    return port;
  }

  path(sourceId: string, destinationId: string): RouteHop[] {
    const destination = this.nodeIndex(destinationId);
    if (destination >= this.hostCount) {
      throw new TopologyError(`routes lead to hosts; ${formatValue(destinationId)} is a switch`);
    }
    const hops: RouteHop[] = [];
    for (let node = this.nodeIndex(sourceId); node !== destination; ) {
      if (hops.length > 0 && node < this.hostCount) {
        throw new TopologyError(
          `no route from ${formatValue(sourceId)} to ${formatValue(destinationId)}: the table leads to host ${formatValue(this.ids[node])}`,
        );
      }
      const outPort = this.outputPort(node, destination);
      hops.push({ node: this.ids[node] as string, outPort });
      node = this.neighbourIndex(node, outPort);
    }
    return hops;
  }
}
