import { buildRoutes, channelDependencyCycle } from "@losslab/topology";
import { costWarnings } from "./estimate-cost.js";
import { scenarioTopology } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";

/** Everything worth saying before a run starts: its cost (`costWarnings`) and a possible credit loop. */
export function scenarioWarnings(scenario: Scenario): string[] {
  return [...costWarnings(scenario), ...creditLoopWarnings(scenario)];
}

/**
 * A custom fabric whose routing has a channel dependency cycle (Dally and Seitz) can
 * deadlock under any lossless flow control: each channel of the cycle may fill with packets
 * for the next. The built-in topologies route without such cycles (up*\/down* trees,
 * butterflies, the santos pair), so only `custom` ones are checked.
 */
export function creditLoopWarnings(scenario: Scenario): string[] {
  if (scenario.topology.kind !== "custom") return [];
  const cycle = channelDependencyCycle(buildRoutes(scenarioTopology(scenario)));
  if (cycle === undefined) return [];
  const channels = [...cycle, cycle[0]!].map((channel) => `${channel.from} port ${channel.port}`).join(" -> ");
  return [
    `topology: possible credit loop, the routes make a channel dependency cycle ${channels}; packets filling these channels would deadlock the fabric (route around it, or break the cycle)`,
  ];
}
