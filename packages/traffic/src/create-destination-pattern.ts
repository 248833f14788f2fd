import { onlyFields, specObject, unknownKind } from "./check-spec.js";
import {
  type DestinationPattern,
  type DestinationPatternSpec,
  destinationPatternKinds,
} from "./destination-pattern.js";
import { fixedDestination } from "./fixed-destination.js";
import { permutationDestinations } from "./permutation-destinations.js";
import { uniformDestinations } from "./uniform-destinations.js";

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
