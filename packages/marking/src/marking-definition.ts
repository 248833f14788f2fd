import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import type { MarkingRuntime } from "./marking-runtime.js";

/**
 * How the registry knows a policy: its name in scenario files, the spec fields besides
 * `kind`, and how to build a factory from a spec whose kind and field names were checked.
 * Each policy module exports one; `create-marking.ts` lists them.
 */
export interface MarkingDefinition<Spec extends { readonly kind: string }> {
  readonly kind: Spec["kind"];
  /** Fields a spec of this kind may have besides `kind`. */
  readonly parameters: readonly string[];
  /**
   * Builds the factory; checks the parameters' values and throws `MarkingSpecError`.
   * `runtime` is what the simulation gives in code (`qcn` needs it; the others ignore it).
   */
  create(spec: Spec, runtime: MarkingRuntime): CountedMarkingFactory;
}

/** The spec type a definition accepts. */
export type SpecOf<Definition> = Definition extends MarkingDefinition<infer Spec> ? Spec : never;
