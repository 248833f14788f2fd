import type { RunScope } from "./run-scope.js";

/** Uniform random destinations among `hosts` (default: every host), never the source itself. */
export interface UniformDestinationsSpec {
  readonly kind: "uniform";
  /** The candidate destinations (default: every host of the network). */
  readonly hosts?: readonly string[];
}

/**
 * A random permutation of `hosts` (default: every host) without fixed points, drawn once per
 * run: each source always sends to its image. Every source must be one of `hosts`.
 */
export interface PermutationDestinationsSpec {
  readonly kind: "permutation";
  readonly hosts?: readonly string[];
}

/** Every message goes to `destination`. */
export interface FixedDestinationSpec {
  readonly kind: "fixed";
  readonly destination: string;
}

/** The _where_ of a message generator: a destination pattern. */
export type DestinationPatternSpec = UniformDestinationsSpec | PermutationDestinationsSpec | FixedDestinationSpec;

/** The names of the destination patterns. */
export const destinationPatternKinds: readonly DestinationPatternSpec["kind"][] = Object.freeze([
  "uniform",
  "permutation",
  "fixed",
]);

/** A checked pattern, not yet tied to a network. Internal. */
export interface DestinationPattern {
  /**
   * Ties the pattern to one run: checks its hosts against the network (throwing a
   * `TrafficSpecError`), draws anything drawn once, and returns each source's destination
   * chooser. `sourceField(index)` names the index-th source in error messages.
   */
  bind(scope: RunScope, sources: readonly string[], sourceField: (index: number) => string): (source: string) => string;
}
