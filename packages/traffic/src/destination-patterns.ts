import { Registry, type SpecOf } from "@losslab/kinds";
import type { DestinationDefinition } from "./destination-pattern.js";
import { fixedDestinationDefinition } from "./fixed-destination.js";
import { groupShiftDestinationsDefinition } from "./group-shift-destinations.js";
import { permutationDestinationsDefinition } from "./permutation-destinations.js";
import { uniformDestinationsDefinition } from "./uniform-destinations.js";

/** The built-in destination patterns. Adding one: write its module with its definition, then add it here. */
const builtIn = [
  uniformDestinationsDefinition,
  permutationDestinationsDefinition,
  fixedDestinationDefinition,
  groupShiftDestinationsDefinition,
] as const;

/**
 * The built-in destination patterns (family `"destination"`), the only list of them: the
 * generators' `destinations`, the scenario schema and the README's table derive from it.
 */
export const destinationPatterns: Registry<DestinationDefinition> = new Registry<DestinationDefinition>(
  "destination",
  builtIn,
);

/** A built-in destination pattern as written in a spec: `{ kind: "uniform", hosts? }`, ... */
export type DestinationPatternSpec = SpecOf<(typeof builtIn)[number]>;
export type UniformDestinationsSpec = SpecOf<typeof uniformDestinationsDefinition>;
export type PermutationDestinationsSpec = SpecOf<typeof permutationDestinationsDefinition>;
export type FixedDestinationSpec = SpecOf<typeof fixedDestinationDefinition>;
export type GroupShiftDestinationsSpec = SpecOf<typeof groupShiftDestinationsDefinition>;
