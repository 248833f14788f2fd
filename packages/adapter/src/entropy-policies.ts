import { Registry, type SpecOf } from "@losslab/kinds";
import { bitmapSprayingDefinition } from "./bitmap-spraying.js";
import type { EntropyPolicyDefinition } from "./entropy-policy.js";
import { mixedSprayingDefinition } from "./mixed-spraying.js";
import { obliviousSprayingDefinition } from "./oblivious-spraying.js";
import { repsDefinition } from "./reps.js";
import { roundRobinSprayingDefinition } from "./round-robin-spraying.js";
import { singlePathDefinition } from "./single-path.js";

/** The built-in multipath kinds. Adding one: write its module with its definition, then add it here. */
const builtIn = [
  singlePathDefinition,
  obliviousSprayingDefinition,
  roundRobinSprayingDefinition,
  repsDefinition,
  bitmapSprayingDefinition,
  mixedSprayingDefinition,
] as const;

/**
 * The built-in multipath kinds (how sources pick each packet's entropy), the only list of
 * them: the scenario field `multipath`, its JSON Schema and the README's table derive from it.
 *
 * @example
 * ```ts
 * const entropy = entropyPolicies.create({ kind: "reps" }, undefined); // an EntropyPolicyFactory
 * new HostAdapter(engine, { name: "h0", host: 0, packets, entropy });
 * ```
 */
export const entropyPolicies: Registry<EntropyPolicyDefinition> = new Registry<EntropyPolicyDefinition>(
  "multipath",
  builtIn,
);

/** A built-in multipath kind as written in a scenario file, e.g. `{ kind: "reps", buffer: 8 }`. */
export type EntropyPolicySpec = SpecOf<(typeof builtIn)[number]>;
