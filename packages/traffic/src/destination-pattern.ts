import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";
import type { RunScope } from "./run-scope.js";
import type { SpecPath } from "./spec-path.js";

/** A checked pattern, not yet tied to a network: what a destination kind's factory makes. */
export interface DestinationPattern {
  /**
   * Ties the pattern to one run: checks its hosts against the network (throwing a
   * `KindError`), draws anything drawn once, and returns each source's destination
   * chooser. `sourceField(index)` names the index-th source in error messages.
   */
  bind(scope: RunScope, sources: readonly string[], sourceField: (index: number) => string): (source: string) => string;
}

/**
 * A destination pattern, the _where_ of a message generator (family `"destination"`): a
 * generator's `destinations` names one. `create(values, { path })` builds the pattern.
 */
export type DestinationDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  SpecPath,
  DestinationPattern
>;

/** Defines a destination pattern, built in or in a plugin. */
export const defineDestinationPattern = definer<SpecPath, DestinationPattern>("destination");
