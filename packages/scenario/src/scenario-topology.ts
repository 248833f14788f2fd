import {
  DEFAULT_BANDWIDTH,
  kAryNFly,
  kAryNTree,
  singleSwitch,
  spineLeaf,
  type Topology,
  topologyFromJSON,
  twoSwitch,
} from "@losslab/topology";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** The topology a scenario names, built by `@losslab/topology` (which also fixes its routing rule). */
export function scenarioTopology(scenario: Scenario): Topology {
  const t = scenario.topology;
  const link = { bandwidth: t.bandwidth, delayPs: Math.round(t.delayNs * 1000) };
  switch (t.kind) {
    case "two-switch":
      return twoSwitch({ local: t.local, remote: t.remote, victim: t.victim, ...link });
    case "single-switch":
      return singleSwitch(t.hosts, link);
    case "k-ary-n-tree":
      return kAryNTree({ k: t.k, n: t.n, ...link });
    case "k-ary-n-fly":
      return kAryNFly({ k: t.k, n: t.n, ...link });
    case "spine-leaf":
      return spineLeaf({ leaves: t.leaves, spines: t.spines, hostsPerLeaf: t.hostsPerLeaf, ...link });
    case "custom": {
      // Links without their own bandwidth or delay take the scenario's.
      const links = t.links.map((each) => ({
        bandwidth: link.bandwidth ?? DEFAULT_BANDWIDTH,
        delayPs: link.delayPs,
        ...each,
      }));
      try {
        return topologyFromJSON({ nodes: t.nodes, links, ...(t.routing === undefined ? {} : { routing: t.routing }) });
      } catch (error) {
        throw new ScenarioError(`topology.${(error as Error).message}`);
      }
    }
  }
}
