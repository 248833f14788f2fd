import { formatValue } from "./format-value.js";
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
 * Rule: every packet follows a shortest path in hops to its destination host. Among equal
 * shortest paths a node picks its lowest-numbered port that leads one hop closer. Hosts
 * never forward (they are never transit nodes). The table is computed once; a lookup is
 * one typed-array read.
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
   * number of links crossed (`[]` when source and destination are the same host).
   */
  path(sourceId: string, destinationId: string): RouteHop[];
}

/**
 * Validates `topology` and computes its routing tables: a breadth-first search from each
 * destination host, O(hosts x (nodes + ports)) time, `nodes x hosts` Int32 entries.
 *
 * When to use: once per topology, before simulating; switch models read `outputPort`.
 * Gotcha: the routes keep a reference to `topology`; do not mutate it afterwards.
 *
 * @example
 * const routes = buildRoutes(twoSwitch({ local: 5, remote: 1 }));
 * routes.path("AV", "BV");
 * // [{ node: "AV", outPort: 0 }, { node: "A", outPort: 2 }, { node: "B", outPort: 6 }]
 */
export function buildRoutes(topology: Topology): Routes {
  validateTopology(topology);
  return new TableRoutes(topology);
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
  /** `table[node * hostCount + destination]`: output port, -1 at the destination. */
  private readonly table: Int32Array;

  constructor(readonly topology: Topology) {
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
    this.neighbours = new Int32Array(this.portStart[this.nodeCount] as number).fill(-1);
    for (const { a, b } of topology.links) {
      const aIndex = this.nodeIndex(a.node);
      const bIndex = this.nodeIndex(b.node);
      this.neighbours[(this.portStart[aIndex] as number) + a.port] = bIndex;
      this.neighbours[(this.portStart[bIndex] as number) + b.port] = aIndex;
    }

    this.table = new Int32Array(this.nodeCount * this.hostCount);
    const distance = new Int32Array(this.nodeCount);
    const queue = new Int32Array(this.nodeCount);
    for (let destination = 0; destination < this.hostCount; destination++) {
      this.fillColumn(destination, distance, queue);
    }
  }

  /**
   * Breadth-first search (in hops) from `destination` over the reversed channels (links are
   * full duplex, so the same graph); then each node takes its lowest port one hop closer.
   */
  private fillColumn(destination: number, distance: Int32Array, queue: Int32Array): void {
    const { hostCount, nodeCount, portStart, neighbours, table } = this;
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
        if (neighbour >= 0 && distance[neighbour] === -1) {
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
        if (neighbour >= 0 && forwards && distance[neighbour] === closer) port = slot - start;
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
      const outPort = this.outputPort(node, destination);
      hops.push({ node: this.ids[node] as string, outPort });
      node = this.neighbourIndex(node, outPort);
    }
    return hops;
  }
}
