import { onlyFields, specObject, unknownKind } from "./check-spec.js";
import { fixedDestination } from "./fixed-destination.js";
import { permutationDestinations } from "./permutation-destinations.js";
import type { RunScope } from "./run-scope.js";
import { uniformDestinations } from "./uniform-destinations.js";

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

const fields: Record<DestinationPatternSpec["kind"], readonly string[]> = {
  uniform: ["kind", "hosts"],
  permutation: ["kind", "hosts"],
  fixed: ["kind", "destination"],
};

/** Checks a destination spec at `path` and builds the pattern. */
export function createDestinationPattern(value: unknown, path: string): DestinationPattern {
  const spec = specObject(value, path, `an object like { "kind": "uniform" }`);
  const kind = spec.kind;
  if (kind !== "uniform" && kind !== "permutation" && kind !== "fixed") {
    throw unknownKind(kind, `${path}.kind`, destinationPatternKinds);
  }
  onlyFields(spec, path, fields[kind], `destination kind "${kind}"`);
  if (kind === "uniform") return uniformDestinations(spec, path);
  if (kind === "permutation") return permutationDestinations(spec, path);
  return fixedDestination(spec, path);
}
