import { checkWiring } from "./check-wiring.js";
import { dragonfly } from "./dragonfly.js";
import { DragonflyShape } from "./dragonfly-shape.js";
import type { Routing } from "./routing.js";
import { hostNumbers, type RoutingRule } from "./routing-rule.js";
import type { Topology } from "./topology.js";

/**
 * The minimal (local-global-local) routes of the Dragonfly `dragonfly(routing)` as tables
 * (Kim et al., ISCA 2008, sec. 4): a router sends a packet for a host of its own group over
 * the local link to the host's router; for another group, over its own global link to that
 * group, else over the local link to a router that has one. Where a pair of groups has several
 * global links (g < a·h + 1) the candidates form an ECMP group. What the tables cannot say
 * (Valiant, UGAL, the VL of each hop) the switches decide per packet (@losslab/switch's
 * `dragonflyRouter`); the tables are what `buildRoutes`, the channel-dependency check and the
 * minimal algorithm use.
 */
export function dragonflyRule(topology: Topology, routing: Extract<Routing, { kind: "dragonfly" }>): RoutingRule {
  const shape = new DragonflyShape(routing);
  const { p, a, h, g, arrangement } = routing;
  checkWiring(
    topology,
    shape.hosts,
    () => dragonfly({ p, a, h, g, arrangement }),
    `dragonfly({ p: ${p}, a: ${a}, h: ${h}, g: ${g}, arrangement: "${arrangement}" })`,
  );
  const numbers = hostNumbers(topology);
  return (node) => {
    const [groupText, rText] = node.slice(1).split(".") as [string, string];
    const group = Number(groupText);
    const r = Number(rText);
    const router = group * a + r;
    return (destination) => {
      const d = numbers.get(destination) as number;
      const targetGroup = shape.groupOf(shape.routerOfHost(d));
      if (targetGroup === group) return shape.minimalPort(router, d, 0);
      const ports = shape.portsTowardGroup(router, targetGroup);
      return ports.length === 1 ? (ports[0] as number) : ports;
    };
  };
}
