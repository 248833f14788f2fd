import type { TrafficGenerator } from "./traffic-sink.js";

/**
 * How the registry knows a generator kind: its name in scenario files, the spec fields
 * besides `kind`, and how to build a generator from a spec (checking every value and throwing
 * `TrafficSpecError`). Each generator module exports one; `create-generator.ts` lists them.
 */
export interface GeneratorDefinition<Spec extends { readonly kind: string }> {
  readonly kind: Spec["kind"];
  /** Fields a spec of this kind may have besides `kind`. */
  readonly parameters: readonly string[];
  /** Builds the generator; `path` prefixes field names in errors (`traffic`, `traffic[2]`). */
  create(spec: Spec, path: string): TrafficGenerator;
}

/** The spec type a definition accepts. */
export type SpecOf<Definition> = Definition extends GeneratorDefinition<infer Spec> ? Spec : never;

/** The spec without its `kind`: what the generator's own function takes. */
export function withoutKind<Spec extends { readonly kind: string }>(spec: Spec): Omit<Spec, "kind"> {
  const { kind: _kind, ...options } = spec;
  return options;
}
