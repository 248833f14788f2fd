import { checkWiring } from "./check-wiring.js";
import { digitOfWeight } from "./digit.js";
import { kAryNFly } from "./k-ary-n-fly.js";
import type { Routing } from "./routing.js";
import { hostNumbers, type RoutingRule } from "./routing-rule.js";
import type { Topology } from "./topology.js";

/**
 * Destination-tag routing of the butterfly `kAryNFly({ k, n })`: a host sends on port 0;
 * a stage-s switch sends a packet for host `Hd` on output `k + digit n-1-s of d`. From a
 * host this is the unique path, n switches long.
 *
 * Gotcha: a stage-s switch reaches only the k^(n-s) hosts whose top s digits match its
 * own; for the others its entry is the destination-tag port all the same, which no packet
 * injected by a host ever uses (`Routes.path` from such a switch throws).
 */
export function kAryNFlyRule(topology: Topology, { k, n }: Extract<Routing, { kind: "k-ary-n-fly" }>): RoutingRule {
  checkWiring(topology, k ** n, () => kAryNFly({ k, n }), `kAryNFly({ k: ${k}, n: ${n} })`);
  const hostNumber = hostNumbers(topology);
  return (node) => {
    const stage = Number(node.slice(1, node.indexOf(".")));
    const weight = k ** (n - 1 - stage); // of digit n - 1 - stage
    return (destination) => k + digitOfWeight(hostNumber.get(destination) as number, weight, k);
  };
}
