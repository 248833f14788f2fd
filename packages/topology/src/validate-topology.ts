import { formatValue } from "@losslab/kinds";
import { expectArray, expectRecord, type UnknownRecord } from "./record.js";
import { checkRouting } from "./routing.js";
import type { Topology } from "./topology.js";
import { TopologyError } from "./topology-error.js";

interface NodeEntry {
  readonly id: string;
  readonly kind: string;
  readonly ports: number;
  readonly index: number;
  /** The link ends on this node, in link order. */
  readonly ends: CheckedEnd[];
}

const isNonNegativeInteger = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

const describeNode = (node: NodeEntry): string => `${node.kind} ${formatValue(node.id)}`;

/**
 * Checks that `topology` is well formed and throws a `TopologyError` naming the first
 * problem and the offending ids. Checked, in this order:
 * - every node has a non-empty string `id`, a `kind` of `"host"` or `"switch"` and a
 *   positive integer `ports`; ids are unique; there is at least one node;
 * - every link names known nodes at non-negative integer ports, does not loop back to its
 *   own node, has a positive `bandwidth` and integer `delayPs` (and `delayBackPs`) >= 0;
 * - every host has one link, or two on ports 0 (sends) and 1 (receives);
 * - every port is in range (`0..ports-1`) and used by at most one link;
 * - the graph is connected, so every host can reach every other host;
 * - `routing`, when present, is a known kind with its fields (see `Routing`). Whether the
 *   topology has the wiring a rule-based routing needs is checked by `buildRoutes`.
 *
 * When to use: on topologies written by hand. The builders, `createTopology`,
 * `topologyFromJSON` and `buildRoutes` already call it.
 *
 * @example
 * validateTopology({ nodes: [{ id: "H0", kind: "host", ports: 1 }], links: [] });
 * // TopologyError: host "H0" (nodes[0]) has no link; a host has one, or two (port 0 sends, port 1 receives)
 */
export function validateTopology(topology: Topology): void {
  const root = expectRecord(topology, "topology");
  const nodes = checkNodes(expectArray(root.nodes, "nodes"));
  const links = expectArray(root.links, "links").map((link, index) => checkLink(link, `links[${index}]`, nodes));
  checkHostLinks(nodes);
  checkPorts(nodes);
  checkConnected(links, nodes);
  if (root.routing !== undefined) checkRouting(root.routing, "routing");
}

function checkNodes(nodes: readonly unknown[]): Map<string, NodeEntry> {
  if (nodes.length === 0) throw new TopologyError("nodes must hold at least one node", "nodes");
  const byId = new Map<string, NodeEntry>();
  nodes.forEach((value, index) => {
    const path = `nodes[${index}]`;
    const node = expectRecord(value, path);
    const { id, kind, ports } = node;
    if (typeof id !== "string" || id === "") {
      throw new TopologyError(`${path}.id must be a non-empty string, got ${formatValue(id)}`, `${path}.id`);
    }
    if (kind !== "host" && kind !== "switch") {
      throw new TopologyError(
        `${path}.kind must be "host" or "switch", got ${formatValue(kind)} (node ${formatValue(id)})`,
        `${path}.kind`,
      );
    }
    if (!isNonNegativeInteger(ports) || ports === 0) {
      throw new TopologyError(
        `${path}.ports must be a positive integer, got ${formatValue(ports)} (${kind} ${formatValue(id)})`,
        `${path}.ports`,
      );
    }
    const earlier = byId.get(id);
    if (earlier !== undefined) {
      throw new TopologyError(
        `duplicate node id ${formatValue(id)}: nodes[${earlier.index}] and ${path}`,
        `${path}.id`,
      );
    }
    byId.set(id, { id, kind, ports, index, ends: [] });
  });
  return byId;
}

interface CheckedEnd {
  readonly node: NodeEntry;
  readonly port: number;
  readonly path: string;
}

interface CheckedLink {
  readonly a: CheckedEnd;
  readonly b: CheckedEnd;
}

function checkLink(value: unknown, path: string, nodes: Map<string, NodeEntry>): CheckedLink {
  const link = expectRecord(value, path);
  const a = checkEnd(link.a, `${path}.a`, nodes);
  const b = checkEnd(link.b, `${path}.b`, nodes);
  if (a.node === b.node) {
    throw new TopologyError(`${path} connects ${describeNode(a.node)} to itself (ports ${a.port} and ${b.port})`, path);
  }
  const { bandwidth } = link;
  if (typeof bandwidth !== "number" || !Number.isFinite(bandwidth) || bandwidth <= 0) {
    throw new TopologyError(
      `${path}.bandwidth must be a positive number, got ${formatValue(bandwidth)}`,
      `${path}.bandwidth`,
    );
  }
  checkDelay(link, "delayPs", path);
  if (link.delayBackPs !== undefined) checkDelay(link, "delayBackPs", path);
  a.node.ends.push(a);
  b.node.ends.push(b);
  return { a, b };
}

function checkEnd(value: unknown, path: string, nodes: Map<string, NodeEntry>): CheckedEnd {
  const end = expectRecord(value, path);
  if (typeof end.node !== "string") {
    throw new TopologyError(`${path}.node must be a node id, got ${formatValue(end.node)}`, `${path}.node`);
  }
  const node = nodes.get(end.node);
  if (node === undefined) {
    throw new TopologyError(`${path}.node names unknown node ${formatValue(end.node)}`, `${path}.node`);
  }
  if (!isNonNegativeInteger(end.port)) {
    throw new TopologyError(
      `${path}.port must be a non-negative integer, got ${formatValue(end.port)} (${describeNode(node)})`,
      `${path}.port`,
    );
  }
  return { node, port: end.port, path };
}

function checkDelay(link: UnknownRecord, field: "delayPs" | "delayBackPs", path: string): void {
  const delay = link[field];
  if (!isNonNegativeInteger(delay)) {
    throw new TopologyError(
      `${path}.${field} must be a non-negative integer number of picoseconds, got ${formatValue(delay)}`,
      `${path}.${field}`,
    );
  }
}

const HOST_LINKS = "a host has one, or two (port 0 sends, port 1 receives)";

function checkHostLinks(nodes: Map<string, NodeEntry>): void {
  for (const node of nodes.values()) {
    if (node.kind !== "host") continue;
    const { ends } = node;
    const where = `${describeNode(node)} (nodes[${node.index}])`;
    const paths = ends.map((end) => end.path).join(", ");
    if (ends.length === 0) throw new TopologyError(`${where} has no link; ${HOST_LINKS}`);
    if (ends.length > 2) throw new TopologyError(`${where} has ${ends.length} links (${paths}); ${HOST_LINKS}`);
    const ports = ends.map((end) => end.port).sort((x, y) => x - y);
    if (ends.length === 2 && (ports[0] !== 0 || ports[1] !== 1)) {
      throw new TopologyError(
        `${where} has 2 links on ports ${ports.join(" and ")} (${paths}); a host with two links sends on port 0 and receives on port 1`,
      );
    }
  }
}

function checkPorts(nodes: Map<string, NodeEntry>): void {
  for (const node of nodes.values()) {
    const usedBy = new Map<number, string>();
    for (const { port, path } of node.ends) {
      if (port >= node.ports) {
        throw new TopologyError(
          `${path}.port ${port} is out of range for ${describeNode(node)}: its ports are 0..${node.ports - 1}`,
          `${path}.port`,
        );
      }
      const earlier = usedBy.get(port);
      if (earlier !== undefined) {
        throw new TopologyError(
          `port ${port} of ${describeNode(node)} is used by ${earlier} and ${path}`,
          `${path}.port`,
        );
      }
      usedBy.set(port, path);
    }
  }
}

function checkConnected(links: readonly CheckedLink[], nodes: Map<string, NodeEntry>): void {
  const entries = [...nodes.values()];
  const neighbours = entries.map((): number[] => []);
  for (const { a, b } of links) {
    neighbours[a.node.index]?.push(b.node.index);
    neighbours[b.node.index]?.push(a.node.index);
  }
  // Start from the first host (or the first node) so the reported pair is a host pair
  // whenever two hosts are cut apart.
  const start = entries.find((node) => node.kind === "host") ?? (entries[0] as NodeEntry);
  const reached = new Uint8Array(entries.length);
  const queue = [start.index];
  reached[start.index] = 1;
  for (let head = 0; head < queue.length; head++) {
    for (const next of neighbours[queue[head] as number] as number[]) {
      if (reached[next] === 0) {
        reached[next] = 1;
        queue.push(next);
      }
    }
  }
  const cut =
    entries.find((node) => node.kind === "host" && reached[node.index] === 0) ??
    entries.find((node) => reached[node.index] === 0);
  if (cut !== undefined) {
    throw new TopologyError(
      `the topology is disconnected: no path from ${describeNode(start)} to ${describeNode(cut)}`,
    );
  }
}
