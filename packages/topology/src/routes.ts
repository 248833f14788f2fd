import { formatValue } from "@losslab/kinds";
import { ecmpPort, ecmpSalt, type Forwarding } from "./ecmp.js";
import { EcmpGroups } from "./ecmp-groups.js";
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
 * typed-array read. A rule may give a switch several equal-cost ports for a destination (the
 * fat tree's ECMP): the entry is then a group, and a packet takes the member its flow hashes
 * to at that switch (`ecmp.ts`).
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
   * (a host's node index); -1 at the destination itself. Throws `TopologyError` when an
   * index is out of range, or when the node has several equal-cost ports for that
   * destination (ECMP: ask `outputPorts`, or `path` with a flow).
   */
  outputPort(nodeIndex: number, destinationHostIndex: number): number;
  /**
   * Every port node `nodeIndex` may send packets for host `destinationHostIndex` on: one
   * port, the members of its ECMP group, or none (`[]`) at the destination. Throws
   * `TopologyError` when an index is out of range.
   */
  outputPorts(nodeIndex: number, destinationHostIndex: number): readonly number[];
  /**
   * What a switch model forwards by (`Forwarding`): node `nodeIndex`'s entry for every
   * destination host, the ECMP groups they name and the node's hash seed. `ports` is a view
   * of the table for a switch (a fresh array for a host) and `groups` is shared: neither
   * must be changed.
   */
  forwarding(nodeIndex: number): Forwarding;
  /**
   * The hops from node `sourceId` to host `destinationId`: the source, then each switch,
   * with the port each sends on. The destination is not listed, so the length is the
   * number of links crossed (`[]` when source and destination are the same host). An ECMP
   * switch takes the port a packet of flow `flow` (default 0) from `sourceId` to
   * `destinationId` hashes to there, as the switch models do. Throws `TopologyError` when
   * the table leads from `sourceId` to another host first, which only a butterfly switch
   * that cannot reach the destination does.
   */
  path(sourceId: string, destinationId: string, flow?: number): RouteHop[];
  /**
   * The forwarding of every switch recomputed over the channels that are up, as a routing
   * protocol converges after link failures: shortest paths in hops that avoid every channel
   * `down` names (the node index and the port it leaves by), every live port one hop closer
   * in an ECMP group. An entry whose working ports all still lead one hop closer is kept as it
   * is (a switch's ECMP leaves the failed members out; the flows on the others keep their
   * paths); a destination that a switch can no longer reach keeps its entry too, so its
   * packets go to the failed port and are lost there. With nothing down, a table of shortest
   * paths (a fat tree's, say) comes back unchanged. Returns the switches' `Forwarding` by node
   * index (hosts: throws). Time as `buildRoutes`' breadth-first search, per call.
   */
  avoiding(down: (nodeIndex: number, port: number) => boolean): (switchIndex: number) => Forwarding;
}

/**
 * Validates `topology` and computes its routing tables by the rule its `routing` names:
 * for `shortest-path` (the default) a breadth-first search from each destination host,
 * O(hosts x (nodes + ports)) time; for the rule-based kinds, after checking the wiring the
 * rule needs, one rule evaluation per (switch, host) pair. `switches x hosts` entries of
 * 16 bits (32 when a port or group entry needs them).
 *
 * Hosts with two links (see `TopologyNode`) send only on port 0 and receive only on port
 * 1: shortest paths use no other channel of theirs.
 *
 * When to use: once per topology, before simulating; switch models read `forwarding`.
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

const INT16_MIN = -(2 ** 15);
const INT16_MAX = 2 ** 15 - 1;

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
  /**
   * `table[(node - hostCount) * hostCount + destination]` for a switch `node`: output port, or
   * an ECMP group entry (< -1). Switches only: a host sends on its port 0 to every other host,
   * so rows of hosts (hosts x hosts entries, two fifths of the table of a 4-ary 5- or 6-tree)
   * would say nothing. 16-bit entries when every port and group entry fits, as in every
   * fabric of the papers: the tables grow as switches x hosts, the largest thing a big fabric
   * builds (a 4,096-host 4-ary 6-tree: 48 MiB, where 32-bit entries for every node took
   * 160 MiB), and a packet reads one entry per switch hop.
   */
  private readonly table: Int16Array | Int32Array;
  /** The ECMP groups the table names: at each group's offset its member count, then the ports. */
  private readonly groups: Int32Array;
  /** Per node, the seed of its flow hash (`ecmpSalt` of its id). */
  private readonly salts: Uint32Array;

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

    const table = new Int32Array((this.nodeCount - this.hostCount) * this.hostCount);
    this.salts = Uint32Array.from(this.ids, ecmpSalt);
    const groups = new EcmpGroups();
    if (rule === undefined) {
      const distance = new Int32Array(this.nodeCount);
      const queue = new Int32Array(this.nodeCount);
      for (let destination = 0; destination < this.hostCount; destination++) {
        this.fillColumn(table, destination, distance, queue);
      }
    } else {
      for (let node = this.hostCount; node < this.nodeCount; node++) {
        const portTo = rule(this.ids[node] as string);
        const row = (node - this.hostCount) * this.hostCount;
        for (let destination = 0; destination < this.hostCount; destination++) {
          const ports = portTo(this.ids[destination] as string);
          table[row + destination] = typeof ports === "number" ? ports : groups.entryOf(ports);
        }
      }
    }
    this.groups = Int32Array.from(groups.list);
    this.table = TableRoutes.narrowed(table);
  }

  /** `table` in 16-bit entries when every entry fits (see `table`), else itself. */
  private static narrowed(table: Int32Array): Int16Array | Int32Array {
    const fits = table.every((entry) => entry >= INT16_MIN && entry <= INT16_MAX);
    return fits ? Int16Array.from(table) : table;
  }

  /**
   * Breadth-first search (in hops) from `destination` over the reversed channels that carry
   * packets; then each node takes its lowest port one hop closer.
   */
  private fillColumn(table: Int32Array, destination: number, distance: Int32Array, queue: Int32Array): void {
    const { hostCount, nodeCount, portStart, neighbours, sends } = this;
    this.distances(destination, sends, distance, queue);
    for (let node = 0; node < nodeCount; node++) {
      const closer = (distance[node] as number) - 1;
      if (node !== destination && closer < 0) {
        // validateTopology rejects disconnected graphs; this guards the invariant.
        throw new TopologyError(
          `no route from ${formatValue(this.ids[node])} to ${formatValue(this.ids[destination])}`,
        );
      }
      if (node < hostCount) continue; // a host sends on its port 0 (see `table`)
      let port = -1;
      const start = portStart[node] as number;
      // Ascending port order: the lowest port leading one hop closer wins a tie.
      for (let slot = start; port < 0; slot++) {
        const neighbour = neighbours[slot] as number;
        const forwards = neighbour >= hostCount || neighbour === destination;
        if (neighbour >= 0 && sends[slot] === 1 && forwards && distance[neighbour] === closer) port = slot - start;
      }
      table[(node - hostCount) * hostCount + destination] = port;
    }
  }

  avoiding(down: (nodeIndex: number, port: number) => boolean): (switchIndex: number) => Forwarding {
    const { hostCount, nodeCount, portStart, neighbours, sends } = this;
    // Which channels carry packets and are up, by the slot of the port they leave.
    const live = new Uint8Array(sends.length);
    for (let node = 0; node < nodeCount; node++) {
      for (let slot = portStart[node] as number; slot < (portStart[node + 1] as number); slot++) {
        live[slot] = sends[slot] === 1 && !down(node, slot - (portStart[node] as number)) ? 1 : 0;
      }
    }
    // The original groups stay where they are, so the entries that are kept still name them.
    const groups = new EcmpGroups(this.groups);
    const table = new Int32Array(this.table.length);
    const distance = new Int32Array(nodeCount);
    const queue = new Int32Array(nodeCount);
    const closer: number[] = [];
    /** Per port slot: 1 while it leads one hop closer from its node to the destination at hand. */
    const isCloser = new Uint8Array(sends.length);
    for (let destination = 0; destination < hostCount; destination++) {
      this.distances(destination, live, distance, queue);
      for (let node = hostCount; node < nodeCount; node++) {
        const at = (node - hostCount) * hostCount + destination;
        const entry = this.table[at] as number;
        table[at] = entry;
        const hops = distance[node] as number;
        if (hops < 0) continue; // cut off: its packets are lost at the failed port
        closer.length = 0;
        const start = portStart[node] as number;
        for (let slot = start; slot < (portStart[node + 1] as number); slot++) {
          const neighbour = neighbours[slot] as number;
          const forwards = neighbour >= hostCount || neighbour === destination;
          isCloser[slot] = live[slot] === 1 && forwards && distance[neighbour] === hops - 1 ? 1 : 0;
          if (isCloser[slot] === 1) closer.push(slot - start);
        }
        // Kept when its working ports are all still shortest: the switch's ECMP leaves its
        // failed members out and every flow on a working one keeps its path.
        if (this.stillShortest(entry, start, live, isCloser)) continue;
        table[at] = closer.length === 1 ? (closer[0] as number) : groups.entryOf(closer);
      }
    }
    const rerouted = TableRoutes.narrowed(table);
    const groupArray = Int32Array.from(groups.list);
    return (switchIndex) => {
      if (switchIndex < hostCount || switchIndex >= nodeCount) {
        throw new TopologyError(
          `node index ${formatValue(switchIndex)} is not a switch's: ${hostCount}..${nodeCount - 1}`,
        );
      }
      const start = (switchIndex - hostCount) * hostCount;
      return {
        ports: rerouted.subarray(start, start + hostCount),
        groups: groupArray,
        salt: this.salts[switchIndex] as number,
      };
    };
  }

  /**
   * Whether table entry `entry` of the node whose ports start at slot `start` has a working
   * port (`live`) and leads only one hop closer (`isCloser`) by every working port.
   */
  private stillShortest(entry: number, start: number, live: Uint8Array, isCloser: Uint8Array): boolean {
    if (entry >= 0) return live[start + entry] === 1 && isCloser[start + entry] === 1;
    if (entry === -1) return false;
    const offset = -2 - entry;
    let working = 0;
    for (let i = 1; i <= (this.groups[offset] as number); i++) {
      const slot = start + (this.groups[offset + i] as number);
      if (live[slot] === 0) continue;
      if (isCloser[slot] === 0) return false;
      working++;
    }
    return working > 0;
  }

  /**
   * Breadth-first search (in hops) from `destination` over the reversed channels that `live`
   * marks (by the slot they leave), into `distance` (-1: unreachable).
   */
  private distances(destination: number, live: Uint8Array, distance: Int32Array, queue: Int32Array): void {
    const { hostCount, portStart, neighbours, farSlots } = this;
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
        if (neighbour >= 0 && live[farSlots[slot] as number] === 1 && distance[neighbour] === -1) {
          distance[neighbour] = next;
          queue[tail++] = neighbour;
        }
      }
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
    const entry = this.entry(nodeIndex, destinationHostIndex);
    if (entry < -1) {
      throw new TopologyError(
        `node ${formatValue(this.ids[nodeIndex])} has ${this.groups[-2 - entry]} equal-cost ports to host ${formatValue(this.ids[destinationHostIndex])} (ECMP): ask outputPorts, or path with a flow`,
      );
    }
    return entry;
  }

  outputPorts(nodeIndex: number, destinationHostIndex: number): readonly number[] {
    const entry = this.entry(nodeIndex, destinationHostIndex);
    if (entry === -1) return [];
    if (entry >= 0) return [entry];
    const offset = -2 - entry;
    return Array.from(this.groups.subarray(offset + 1, offset + 1 + (this.groups[offset] as number)));
  }

  forwarding(nodeIndex: number): Forwarding {
    this.nodeId(nodeIndex);
    if (nodeIndex < this.hostCount) {
      // A host's row is not stored (see `table`): its entries, as `entry` gives them.
      const ports = Int16Array.from(this.hostIndices, (destination) => this.entry(nodeIndex, destination));
      return { ports, groups: this.groups, salt: this.salts[nodeIndex] as number };
    }
    const start = (nodeIndex - this.hostCount) * this.hostCount;
    return {
      ports: this.table.subarray(start, start + this.hostCount),
      groups: this.groups,
      salt: this.salts[nodeIndex] as number,
    };
  }

  /** The table entry of (node, destination host); throws `TopologyError` when an index is out of range. */
  private entry(nodeIndex: number, destinationHostIndex: number): number {
    // `x >>> 0 === x` holds exactly for integers in 0..2^32-1.
    const inRange =
      nodeIndex >>> 0 === nodeIndex &&
      nodeIndex < this.nodeCount &&
      destinationHostIndex >>> 0 === destinationHostIndex &&
      destinationHostIndex < this.hostCount;
    if (!inRange) {
      throw new TopologyError(
        `outputPort(${formatValue(nodeIndex)}, ${formatValue(destinationHostIndex)}) needs a node index in 0..${this.nodeCount - 1} and a host index in 0..${this.hostCount - 1}`,
      );
    }
    if (nodeIndex < this.hostCount) return nodeIndex === destinationHostIndex ? -1 : 0;
    return this.table[(nodeIndex - this.hostCount) * this.hostCount + destinationHostIndex] as number;
  }

  path(sourceId: string, destinationId: string, flow = 0): RouteHop[] {
    const destination = this.nodeIndex(destinationId);
    const source = this.nodeIndex(sourceId);
    if (destination >= this.hostCount) {
      throw new TopologyError(`routes lead to hosts; ${formatValue(destinationId)} is a switch`);
    }
    const hops: RouteHop[] = [];
    for (let node = source; node !== destination; ) {
      if (hops.length > 0 && node < this.hostCount) {
        throw new TopologyError(
          `no route from ${formatValue(sourceId)} to ${formatValue(destinationId)}: the table leads to host ${formatValue(this.ids[node])}`,
        );
      }
      const entry = this.entry(node, destination);
      const outPort =
        entry < -1 ? ecmpPort(this.groups, entry, this.salts[node] as number, flow, source, destination) : entry;
      hops.push({ node: this.ids[node] as string, outPort });
      node = this.neighbourIndex(node, outPort);
    }
    return hops;
  }
}
