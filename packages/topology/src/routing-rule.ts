import { kAryNFlyRule } from "./k-ary-n-fly-routing.js";
import { kAryNTreeRule } from "./k-ary-n-tree-routing.js";
import { spineLeafRule } from "./spine-leaf-routing.js";
import type { Topology } from "./topology.js";

/**
 * A routing rule prepared for one topology: `rule(node)(destination)` is the output port on
 * which node `node` sends a packet for host `destination` (both ids), -1 when `node` is the
 * destination. Curried so that a node's id is read once for all destinations: a table of a
 * 1,024-host fat tree asks 1.3 M times.
 */
export type RoutingRule = (node: string) => (destination: string) => number;

/**
 * The rule of a (validated) topology's `routing`, after checking that the topology has the
 * wiring the rule needs; `undefined` for `shortest-path` (or no routing), which
 * `buildRoutes` computes by breadth-first search.
 */
export function routingRule(topology: Topology): RoutingRule | undefined {
  const { routing } = topology;
  switch (routing?.kind) {
    case undefined:
    case "shortest-path":
      return undefined;
    case "k-ary-n-tree":
      return kAryNTreeRule(topology, routing);
    case "spine-leaf":
      return spineLeafRule(topology, routing);
    case "k-ary-n-fly":
      return kAryNFlyRule(topology, routing);
  }
}
