import { asScenarioError } from "./scenario-error.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { type TopologyCounts, topologyKindOf } from "./scenario-topology.js";

/**
 * Checks the topology a scenario names for what its parameters' ranges cannot say (a custom
 * fabric's wiring: unique ids, ports in range, no self-loop, connected), through its kind's
 * `check`, without building routes or devices. `checkFits` calls it first, so `losslab
 * validate`, `losslab run` and every sweep point refuse a bad fabric with the same line
 * (naming `topology.<field>`) before anything is built from it: the credit-loop warning, the
 * size estimate and the simulation all see only fabrics that passed.
 */
export function checkTopology(
  topology: TopologyCounts & { readonly bandwidth: number; readonly delayNs: number },
  kinds: ScenarioKinds = builtInKinds,
): void {
  asScenarioError("topology", () => {
    const { definition, values } = topologyKindOf(topology, kinds);
    definition.check?.(values, { bandwidth: topology.bandwidth, delayPs: Math.round(topology.delayNs * 1000) });
  });
}
