import type { InputOf, Parameters, ValuesOf } from "./parameter.js";

/**
 * One kind of a pluggable family (a marking policy, a controller, a topology, ...), defined
 * once next to its implementation: the name scenario files use, its parameters, and the
 * factory that builds it from checked values and what the simulation gives it in code
 * (`Context`). A family's registry lists its definitions; plugins add theirs the same way.
 */
export interface KindDefinition<
  Kind extends string = string,
  Ps extends Parameters = Parameters,
  Context = never,
  Made = unknown,
> {
  /** The family the kind belongs to (`"marking"`, `"controller"`, ...): where a plugin's kind goes. */
  readonly family: string;
  /** Its name in scenario files (`kind: "red"`). */
  readonly kind: Kind;
  /** One line: what it is and where it comes from (paper and section). */
  readonly description: string;
  readonly parameters: Ps;
  /**
   * Builds it. `values` passed the parameters' checks and carry their defaults; check here
   * only what spans several (throw `KindError` naming the field).
   */
  create(values: ValuesOf<Ps>, context: Context): Made;
}

/** Any definition, whatever its parameters and context. */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds kinds of any parameters and context.
export type AnyKindDefinition = KindDefinition<string, Parameters, any, unknown>;

/** A spec of a definition as a scenario file writes it: `{ kind, ...parameters }`. */
export type SpecOf<D> =
  D extends KindDefinition<infer Kind, infer Ps, infer _Context, infer _Made> ? { kind: Kind } & InputOf<Ps> : never;

/** A spec after checking: every default filled in. */
export type CheckedSpecOf<D> =
  D extends KindDefinition<infer Kind, infer Ps, infer _Context, infer _Made> ? { kind: Kind } & ValuesOf<Ps> : never;

/**
 * The `define...` function of a family: fixes the family's name, context and product, and
 * keeps the literal types of the kind and its parameters so specs are typed. `Extra`: fields
 * the family asks of its kinds besides the common ones.
 *
 * @example
 * export const defineController = definer<ControllerContext, ControllerMade, ControllerTraits>("controller");
 */
export function definer<Context, Made, Extra extends object = object>(family: string) {
  return <const Kind extends string, const Ps extends Parameters>(
    definition: Omit<KindDefinition<Kind, Ps, Context, Made>, "family"> & Extra,
  ): KindDefinition<Kind, Ps, Context, Made> & Extra => Object.freeze({ family, ...definition });
}
