import type { Topology } from "./topology.js";

/**
 * A routing rule prepared for one topology: `rule(switch)(destination)` is the output port on
 * which switch `switch` sends a packet for host `destination` (both ids) or, for equal-cost
 * multipath (ECMP), the list of ports a packet may take, one of which a switch picks per flow
 * (`ecmp.ts`). Hosts are not asked: a host sends on its port 0. Curried so that a switch's id
 * is read once for all destinations: a table of a 1,024-host fat tree asks 1.3 M times.
 */
export type RoutingRule = (node: string) => (destination: string) => number | readonly number[];

/**
 * The number each host id of `topology` stands for (`parse` of the id; by default the `d` of
 * the builders' `H<d>`), parsed once: a rule asks for it switches x hosts times, and parsing
 * it each time (a substring per entry) made most of the garbage of building a large fabric.
 */
export function hostNumbers(
  topology: Topology,
  parse: (id: string) => number = (id) => Number(id.slice(1)),
): ReadonlyMap<string, number> {
  return new Map(topology.nodes.filter((node) => node.kind === "host").map((node) => [node.id, parse(node.id)]));
}
