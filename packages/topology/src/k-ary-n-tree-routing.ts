import { checkWiring } from "./check-wiring.js";
import { digitOfWeight } from "./digit.js";
import { kAryNTree } from "./k-ary-n-tree.js";
import type { Routing } from "./routing.js";
import { hostNumbers, type RoutingRule } from "./routing-rule.js";
import type { Topology } from "./topology.js";

/**
 * Destination-digit up*\/down* routing (d-mod-k) of the k-ary n-tree `kAryNTree({ k, n })`.
 * A host sends on port 0. Switch `S<s>.<i>` sends a packet for host `Hd`:
 * - down port `digit s of d` when d is below it, i.e. floor(i / k^s) = floor(d / k^(s+1));
 * - otherwise up port `k + digit s of d`.
 *
 * Going up, stage s replaces digit s of the switch index by digit s of d, so a packet
 * climbs to the lowest common ancestor of source and destination (stage l) and comes down
 * the unique down path: 2l + 1 switches, a shortest path. The up links are spread by
 * destination: root `S<n-1>.<r>` carries exactly the packets for the k hosts with
 * d mod k^(n-1) = r (those that must climb to the roots).
 */
export function kAryNTreeRule(topology: Topology, { k, n }: Extract<Routing, { kind: "k-ary-n-tree" }>): RoutingRule {
  checkWiring(topology, k ** n, () => kAryNTree({ k, n }), `kAryNTree({ k: ${k}, n: ${n} })`);
  const hostNumber = hostNumbers(topology);
  return (node) => {
    const [stage, index] = node.slice(1).split(".").map(Number) as [number, number];
    const weight = k ** stage; // of digit `stage`
    const subtree = Math.floor(index / weight);
    const span = weight * k;
    return (destination) => {
      const d = hostNumber.get(destination) as number;
      return (subtree === Math.floor(d / span) ? 0 : k) + digitOfWeight(d, weight, k);
    };
  };
}
