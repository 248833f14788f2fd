import { checkWiring } from "./check-wiring.js";
import { fatTree } from "./fat-tree.js";
import type { Routing } from "./routing.js";
import { hostNumbers, type RoutingRule } from "./routing-rule.js";
import type { Topology } from "./topology.js";

/**
 * Up*\/down* routing with ECMP of the 3-tier fat tree `fatTree({ k, hostsPerTor })`. Number
 * the edge switches t = p * k/2 + e (`pod<p>-edge<e>`): host `Hd` is on edge t_d =
 * floor(d / hostsPerTor), port d mod hostsPerTor, in pod floor(t_d / (k/2)). A host sends on
 * port 0, and
 * - edge switch t sends a packet for d down port `d mod hostsPerTor` when t = t_d, otherwise
 *   up any of its k/2 uplinks (ports hostsPerTor..hostsPerTor+k/2-1): an ECMP group;
 * - aggregation switch `pod<p>-agg<a>` sends it down port `t_d mod k/2` when d is in pod p,
 *   otherwise up any of its k/2 core links (ports k/2..k-1): an ECMP group;
 * - core switch `core<c>` sends it down port (d's pod).
 *
 * Every choice is a shortest path (2 links on one edge switch, 4 within a pod, 6 across
 * pods) and never turns from down to up, so the routing is deadlock-free whatever the hash
 * picks. Al-Fares et al. spread the uplinks with two-level tables keyed on the host id
 * (sec. 3.4); this rule uses flow-hashed ECMP instead, the paper's sec. 2.2 baseline and what
 * data-centre switches do.
 */
export function fatTreeRule(
  topology: Topology,
  { k, hostsPerTor }: Extract<Routing, { kind: "fat-tree" }>,
): RoutingRule {
  const half = k / 2;
  checkWiring(
    topology,
    k * half * hostsPerTor,
    () => fatTree({ k, hostsPerTor }),
    `fatTree({ k: ${k}, hostsPerTor: ${hostsPerTor} })`,
  );
  const range = (from: number): number[] => Array.from({ length: half }, (_, i) => from + i);
  const torUplinks = range(hostsPerTor);
  const coreLinks = range(half);
  const numbers = hostNumbers(topology);
  const hostNumber = (id: string): number => numbers.get(id) as number;
  return (node) => {
    if (node.startsWith("core")) {
      return (destination) => Math.floor(hostNumber(destination) / (hostsPerTor * half));
    }
    const [podText, switchText] = node.slice(3).split("-") as [string, string];
    const pod = Number(podText);
    if (switchText.startsWith("edge")) {
      const tor = pod * half + Number(switchText.slice(4));
      return (destination) => {
        const d = hostNumber(destination);
        return Math.floor(d / hostsPerTor) === tor ? d % hostsPerTor : torUplinks;
      };
    }
    return (destination) => {
      const tor = Math.floor(hostNumber(destination) / hostsPerTor);
      return Math.floor(tor / half) === pod ? tor % half : coreLinks;
    };
  };
}
