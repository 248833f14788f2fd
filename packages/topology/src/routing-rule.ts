/**
 * A routing rule prepared for one topology: `rule(node)(destination)` is the output port on
 * which node `node` sends a packet for host `destination` (both ids), -1 when `node` is the
 * destination, or, for equal-cost multipath (ECMP), the list of ports a packet may take,
 * one of which a switch picks per flow (`ecmp.ts`). Curried so that a node's id is read once
 * for all destinations: a table of a 1,024-host fat tree asks 1.3 M times.
 */
export type RoutingRule = (node: string) => (destination: string) => number | readonly number[];
