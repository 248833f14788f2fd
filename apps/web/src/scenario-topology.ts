/**
 * The fabric a scenario describes, drawn by the topology view: built with @losslab/topology's
 * public builders from the scenario's `topology` section, as the scenario package builds it
 * for a run (only the shape matters here: link bandwidths and delays are not drawn).
 * Undefined for a kind this does not know, and the view then draws the metered links only.
 */
import type { Scenario } from "@losslab/scenario";
import {
  kAryNFly,
  kAryNTree,
  singleSwitch,
  spineLeaf,
  type Topology,
  topologyFromJSON,
  twoSwitch,
} from "@losslab/topology";

export function scenarioTopology(scenario: Scenario): Topology | undefined {
  const t = scenario.topology;
  switch (t.kind) {
    case "two-switch":
      return twoSwitch({ local: t.local, remote: t.remote, victim: t.victim });
    case "single-switch":
      return singleSwitch(t.hosts);
    case "k-ary-n-tree":
      return kAryNTree({ k: t.k, n: t.n });
    case "k-ary-n-fly":
      return kAryNFly({ k: t.k, n: t.n });
    case "spine-leaf":
      return spineLeaf({ leaves: t.leaves, spines: t.spines, hostsPerLeaf: t.hostsPerLeaf });
    case "custom":
      return topologyFromJSON({
        nodes: t.nodes,
        links: t.links.map((link) => ({ bandwidth: 1, delayPs: 0, ...link })),
      });
    default:
      return undefined;
  }
}
