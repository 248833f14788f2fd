import { formatValue } from "@losslab/kinds";
import type { LinkEnd, Topology } from "./topology.js";
import { TopologyError } from "./topology-error.js";

const endText = ({ node, port }: LinkEnd): string => `${formatValue(node)}:${port}`;

/** A link as its two ends, in a fixed order, so either orientation gives the same key. */
const linkKey = (a: LinkEnd, b: LinkEnd): string => [endText(a), endText(b)].sort().join(" <-> ");

/**
 * Throws a `TopologyError` (path `routing`) unless `topology` has exactly the nodes (ids,
 * kinds, port counts) and links (ends, either orientation) of `reference`, the topology
 * builder call `call` makes. Node and link order, bandwidths and delays may differ.
 * `hosts`, the reference's host count, is compared first, so a wrong routing size fails
 * before the (possibly large) reference is built.
 */
export function checkWiring(topology: Topology, hosts: number, reference: () => Topology, call: string): void {
  const fail = (problem: string): never => {
    throw new TopologyError(`routing needs the wiring of ${call}: ${problem}`, "routing");
  };
  const hostCount = topology.nodes.filter((node) => node.kind === "host").length;
  if (hostCount !== hosts) fail(`${hosts} hosts, the topology has ${hostCount}`);
  const expected = reference();
  if (topology.nodes.length !== expected.nodes.length) {
    fail(`${expected.nodes.length} nodes, the topology has ${topology.nodes.length}`);
  }
  const nodes = new Map(topology.nodes.map((node) => [node.id, node]));
  for (const { id, kind, ports } of expected.nodes) {
    const node = nodes.get(id);
    if (node === undefined) fail(`no node ${formatValue(id)}`);
    else if (node.kind !== kind) fail(`node ${formatValue(id)} must be a ${kind}, not a ${node.kind}`);
    else if (node.ports !== ports) fail(`${kind} ${formatValue(id)} must have ${ports} ports, not ${node.ports}`);
  }
  const links = new Set(topology.links.map(({ a, b }) => linkKey(a, b)));
  for (const { a, b } of expected.links) {
    if (!links.has(linkKey(a, b))) fail(`no link ${endText(a)} <-> ${endText(b)}`);
  }
  // Same node set; every expected link present; validated ports are used once: equal counts
  // leave no room for an extra link.
  if (topology.links.length !== expected.links.length) {
    fail(`${expected.links.length} links, the topology has ${topology.links.length}`);
  }
}
