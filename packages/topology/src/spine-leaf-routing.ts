import { checkWiring } from "./check-wiring.js";
import type { Routing } from "./routing.js";
import { hostNumbers, type RoutingRule } from "./routing-rule.js";
import { spineLeaf } from "./spine-leaf.js";
import type { Topology } from "./topology.js";

/**
 * Destination-based routing of the two-level fat tree `spineLeaf({ leaves, spines,
 * hostsPerLeaf })`. Number host `H<l>.<i>` d = l * hostsPerLeaf + i. A host sends on port
 * 0. Leaf `L<l>` sends a packet for d on port i when d is on it, otherwise up to spine
 * `P<d mod spines>` (port hostsPerLeaf + d mod spines); a spine sends it down to the
 * destination's leaf (port l). Every path is a shortest one: 1 switch on the same leaf,
 * else leaf, spine, leaf. Kind `spine-leaf-ecmp`: the leaf may send up to any spine, an ECMP
 * group of ports hostsPerLeaf..hostsPerLeaf+spines-1 (htsim's leaf-spines hash over all
 * their uplinks).
 */
export function spineLeafRule(
  topology: Topology,
  { kind, leaves, spines, hostsPerLeaf }: Extract<Routing, { kind: "spine-leaf" | "spine-leaf-ecmp" }>,
): RoutingRule {
  const uplinks = kind === "spine-leaf-ecmp" ? "ecmp" : "by-destination";
  checkWiring(
    topology,
    leaves * hostsPerLeaf,
    () => spineLeaf({ leaves, spines, hostsPerLeaf, uplinks }),
    `spineLeaf({ leaves: ${leaves}, spines: ${spines}, hostsPerLeaf: ${hostsPerLeaf}${uplinks === "ecmp" ? ', uplinks: "ecmp"' : ""} })`,
  );
  const group = Array.from({ length: spines }, (_, p) => hostsPerLeaf + p);
  const hostNumber = hostNumbers(topology, (id) => {
    const [leaf, i] = id.slice(1).split(".").map(Number) as [number, number];
    return leaf * hostsPerLeaf + i;
  });
  return (node) => {
    const spine = node.startsWith("P");
    const own = Number(node.slice(1));
    return (destination) => {
      const d = hostNumber.get(destination) as number;
      const leaf = Math.floor(d / hostsPerLeaf);
      if (spine) return leaf;
      if (own === leaf) return d % hostsPerLeaf;
      return uplinks === "ecmp" ? group : hostsPerLeaf + (d % spines);
    };
  };
}
