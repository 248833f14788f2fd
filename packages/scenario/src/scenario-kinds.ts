import { type EntropyPolicyDefinition, entropyPolicies } from "@losslab/adapter";
import type { AnyKindDefinition, Registry } from "@losslab/kinds";
import { type MarkingDefinition, markingPolicies } from "@losslab/marking";
import { type ControllerDefinition, controllers } from "@losslab/response";
import {
  type FlowControlDefinition,
  flowControls,
  type SwitchOrganisationDefinition,
  switchOrganisations,
} from "@losslab/switch";
import { type TopologyDefinition, topologies } from "@losslab/topology";
import {
  type DestinationDefinition,
  destinationPatterns,
  type GeneratorDefinition,
  generators,
  type SizeDefinition,
  sizeDistributions,
} from "@losslab/traffic";
import { ScenarioError } from "./scenario-error.js";

/**
 * The registries a scenario file names kinds from: the built-in ones, plus what plugins add
 * (`withPlugins`). Parsing, the JSON Schema and running all take the same `ScenarioKinds`.
 */
export interface ScenarioKinds {
  readonly marking: Registry<MarkingDefinition>;
  readonly controller: Registry<ControllerDefinition>;
  readonly switch: Registry<SwitchOrganisationDefinition>;
  readonly flowControl: Registry<FlowControlDefinition>;
  readonly topology: Registry<TopologyDefinition>;
  /** Traffic generators (`traffic[i]`). */
  readonly traffic: Registry<GeneratorDefinition>;
  /** Destination patterns, nested in generators (`traffic[i].destinations`). */
  readonly destination: Registry<DestinationDefinition>;
  /** Message-size distributions, nested in generators (`traffic[i].size`). */
  readonly size: Registry<SizeDefinition>;
  /** How sources pick each packet's entropy for ECMP (`multipath`, @losslab/adapter). */
  readonly multipath: Registry<EntropyPolicyDefinition>;
}

/** The kinds losslab ships. */
export const builtInKinds: ScenarioKinds = Object.freeze({
  marking: markingPolicies,
  controller: controllers,
  switch: switchOrganisations,
  flowControl: flowControls,
  topology: topologies,
  traffic: generators,
  destination: destinationPatterns,
  size: sizeDistributions,
  multipath: entropyPolicies,
});

/** The registry of a family scenarios name kinds of, for nested specs (`kindSchema`). */
export function familyOf(kinds: ScenarioKinds, family: string): Registry<AnyKindDefinition> | undefined {
  return Object.hasOwn(kinds, family)
    ? (kinds[family as keyof ScenarioKinds] as Registry<AnyKindDefinition>)
    : undefined;
}

/**
 * `kinds` with the definitions a plugin exports (`defineMarkingPolicy(...)`, `defineController(...)`,
 * `defineTopology(...)`, ...), each in
 * its family's registry. A definition of a family scenarios do not name, or a kind whose
 * name is taken, is refused with a ScenarioError.
 */
export function withPlugins(kinds: ScenarioKinds, definitions: readonly AnyKindDefinition[]): ScenarioKinds {
  const families = Object.keys(kinds) as (keyof ScenarioKinds)[];
  const byFamily = new Map<keyof ScenarioKinds, AnyKindDefinition[]>();
  for (const definition of definitions) {
    const family = definition.family as keyof ScenarioKinds;
    if (!families.includes(family)) {
      throw new ScenarioError(
        `plugin kind "${definition.kind}" is of family "${definition.family}"; scenario files name kinds of: ${families.join(", ")}`,
      );
    }
    byFamily.set(family, [...(byFamily.get(family) ?? []), definition]);
  }
  const extended = { ...kinds };
  for (const [family, added] of byFamily) {
    try {
      (extended as Record<string, Registry<AnyKindDefinition>>)[family] = kinds[family].with(added);
    } catch (error) {
      throw new ScenarioError(`plugins: ${(error as Error).message}`);
    }
  }
  return Object.freeze(extended);
}
