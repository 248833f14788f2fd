import { definer, type KindDefinition, type Parameters, type Registry } from "@losslab/kinds";
import type { DestinationDefinition } from "./destination-pattern.js";
import type { SizeDefinition } from "./size-definition.js";
import type { SpecPath } from "./spec-path.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/**
 * The registries of the families nested in generator specs: `destination` (a generator's
 * `destinations`) and `size`. The built-in ones are `nestedTrafficKinds`; a scenario passes
 * its own, with its plugins' kinds.
 */
export interface NestedTrafficKinds {
  readonly destination: Registry<DestinationDefinition>;
  readonly size: Registry<SizeDefinition>;
}

/** What a generator's factory gets besides its values: its spec's path and the nested families. */
export interface GeneratorBuild extends SpecPath {
  readonly kinds: NestedTrafficKinds;
}

/**
 * A traffic generator as scenario files know it (@losslab/kinds): its `kind`, a description,
 * its parameters and `create(values, build)`, which builds an immutable `TrafficGenerator`
 * (it checks what spans several values, and builds nested specs with `build.kinds`); hosts
 * are checked when it starts. `generators` lists the built-in ones.
 */
export type GeneratorDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  GeneratorBuild,
  TrafficGenerator
>;

/**
 * Defines a traffic generator, built in or in a plugin (family `"traffic"`).
 *
 * @example
 * export default defineGenerator({
 *   kind: "one-message",
 *   description: "one message from source to destination at atUs",
 *   parameters: { source: { type: "text", description: "a host id" }, ... },
 *   create: (values) => ({ kind: "one-message", name: "one-message", start(context) { ... } }),
 * });
 */
export const defineGenerator = definer<GeneratorBuild, TrafficGenerator>("traffic");
