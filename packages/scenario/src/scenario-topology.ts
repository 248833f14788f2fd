import { checkValues, type ValuesOf } from "@losslab/kinds";
import type { FabricSize, MultistageNetwork, Topology, TopologyDefinition } from "@losslab/topology";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";

/**
 * A scenario's `topology` field, as written or checked: a kind, its parameters, and the link
 * fields every kind has (`bandwidth`, `delayNs`), which are not the kind's.
 */
export type TopologyCounts = { readonly kind: string } & Readonly<Record<string, unknown>>;

/** The definition a scenario's topology names and its checked values (defaults filled in). */
export function topologyKindOf(
  topology: TopologyCounts,
  kinds: ScenarioKinds = builtInKinds,
): { definition: TopologyDefinition; values: ValuesOf<TopologyDefinition["parameters"]> } {
  const definition = kinds.topology.definitionOf(topology, "topology");
  const values = checkValues("topology", definition.kind, definition.parameters, kindFields(topology));
  return { definition, values };
}

/**
 * The topology a scenario names, built by its kind's definition (which also fixes its routing
 * rule), with the scenario's link bandwidth and delay.
 */
export function scenarioTopology(
  scenario: { readonly topology: TopologyCounts & { readonly bandwidth: number; readonly delayNs: number } },
  kinds: ScenarioKinds = builtInKinds,
): Topology {
  const { bandwidth, delayNs } = scenario.topology;
  return kinds.topology.create(kindFields(scenario.topology), { bandwidth, delayPs: Math.round(delayNs * 1000) });
}

/**
 * The size of the topology a scenario names, from its parameters alone (its kind's `size`):
 * building a fabric too big to run would take minutes and gigabytes to say the same, so
 * checks and estimates count here first.
 */
export function fabricSize(topology: TopologyCounts, kinds: ScenarioKinds = builtInKinds): FabricSize {
  const { definition, values } = topologyKindOf(topology, kinds);
  return definition.size(values);
}

/** One line saying what the topology is (`"4-ary 3-tree, 64 hosts"`), for `losslab validate`. */
export function describeTopology(topology: TopologyCounts, kinds: ScenarioKinds = builtInKinds): string {
  const { definition, values } = topologyKindOf(topology, kinds);
  return definition.describe(values);
}

/**
 * Radix, stages and round trip of a multistage topology (k-ary-n-tree, k-ary-n-fly, a
 * plugin's), for controllers whose defaults come from the network (ferrer-2012's MVCM);
 * undefined for other fabrics.
 */
export function topologyNetwork(
  topology: TopologyCounts,
  kinds: ScenarioKinds = builtInKinds,
): MultistageNetwork | undefined {
  const { definition, values } = topologyKindOf(topology, kinds);
  return definition.network?.(values);
}

/** The kind's own fields: all but the link fields every kind has. */
function kindFields(topology: TopologyCounts): Record<string, unknown> {
  const { bandwidth: _bandwidth, delayNs: _delayNs, ...fields } = topology;
  return fields;
}
