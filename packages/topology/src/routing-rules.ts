import { dragonflyRule } from "./dragonfly-routing.js";
import { fatTreeRule } from "./fat-tree-routing.js";
import { kAryNFlyRule } from "./k-ary-n-fly-routing.js";
import { kAryNTreeRule } from "./k-ary-n-tree-routing.js";
import type { RoutingRule } from "./routing-rule.js";
import { spineLeafRule } from "./spine-leaf-routing.js";
import type { Topology } from "./topology.js";

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
    case "spine-leaf-ecmp":
      return spineLeafRule(topology, routing);
    case "k-ary-n-fly":
      return kAryNFlyRule(topology, routing);
    case "fat-tree":
      return fatTreeRule(topology, routing);
    case "dragonfly":
      return dragonflyRule(topology, routing);
  }
}
