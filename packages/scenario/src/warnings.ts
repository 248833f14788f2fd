import { buildRoutes, channelDependencyCycle } from "@losslab/topology";
import { costWarnings } from "./estimate-cost.js";
import { asScenarioError } from "./scenario-error.js";
import { retransmitTimeoutOf } from "./scenario-fabric.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { scenarioTopology } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";

/**
 * Everything worth saying before a run starts: its cost (`costWarnings`) and a possible
 * credit loop. `kinds`: the kinds the scenario names (plugins').
 */
export function scenarioWarnings(scenario: Scenario, kinds: ScenarioKinds = builtInKinds): string[] {
  return [...costWarnings(scenario, kinds), ...creditLoopWarnings(scenario, kinds), ...failureWarnings(scenario)];
}

/**
 * Link failures where no host retransmits (no lossy priority, no `adapter.retransmitTimeoutUs`):
 * what is lost with a failed link stays lost, and its flows never complete.
 */
export function failureWarnings(scenario: Scenario): string[] {
  if (scenario.failures.length === 0 || retransmitTimeoutOf(scenario) !== undefined) return [];
  return [
    "failures: no host retransmits (no switch.lossyPriorities, no adapter.retransmitTimeoutUs): packets lost with a failed link stay lost, and their flows do not complete",
  ];
}

/**
 * A fabric whose routing has a channel dependency cycle (Dally and Seitz) can deadlock under
 * any lossless flow control: each channel of the cycle may fill with packets for the next.
 * Topology kinds marked `deadlockFree` route without such cycles whatever their parameters
 * (up*\/down* trees, butterflies, the santos pair), so only the others (`custom`, plugins'
 * fabrics) are checked.
 */
export function creditLoopWarnings(scenario: Scenario, kinds: ScenarioKinds = builtInKinds): string[] {
  const definition = kinds.topology.definitionOf(scenario.topology, "topology");
  if (definition.deadlockFree === true) return [];
  // A plugin's kind may still refuse its parameters here: the same error as building the simulation gives.
  const topology = asScenarioError("topology", () => scenarioTopology(scenario, kinds));
  const cycle =
    definition.dependencyCycle === undefined
      ? channelDependencyCycle(buildRoutes(topology))
      : definition.dependencyCycle(scenario.topology);
  if (cycle === undefined) return [];
  const channels = [...cycle, cycle[0]!]
    .map((channel) => `${channel.from} port ${channel.port}${channel.vl === undefined ? "" : ` VL ${channel.vl}`}`)
    .join(" -> ");
  return [
    `topology: possible credit loop, the routes make a channel dependency cycle ${channels}; packets filling these channels would deadlock the fabric (route around it, or break the cycle)`,
  ];
}
