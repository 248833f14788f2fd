import { definer, type KindDefinition, type Parameters, type ValuesOf } from "@losslab/kinds";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import {
  capabilityOf,
  checkUses,
  type GrantedContext,
  grantContext,
  type MarkingContext,
  type MarkingUse,
} from "./marking-context.js";

/**
 * A marking policy as scenario files know it (@losslab/kinds): its `kind`, a description,
 * its parameters (ranges, defaults, docs), what it `uses` of the run, and `create(values,
 * offered)`, which gets the checked values and what its caller offers (`MarkingContext`), of
 * which the policy's own factory sees only what it uses. Built-in policies and plugins define
 * theirs the same way (`defineMarkingPolicy`); `markingPolicies` lists the built-in ones.
 */
export type MarkingDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  Partial<MarkingContext>,
  CountedMarkingFactory
> &
  MarkingTraits;

/** What a simulation must know of a marking policy before it runs. */
export interface MarkingTraits {
  /** The capabilities of the context it needs or may use (`MarkingUse`); none if absent. */
  readonly uses?: readonly MarkingUse[];
  /**
   * Its policies send control frames to sources (it uses `"notifications"`): the simulation
   * then keeps every source queue open to hear them and records them.
   */
  readonly notifies?: boolean;
}

/** What `defineMarkingPolicy` is given: the factory gets exactly the capabilities `uses` names. */
export interface MarkingPolicyDefinition<
  Kind extends string,
  Ps extends Parameters,
  Uses extends readonly MarkingUse[],
> {
  readonly kind: Kind;
  /** One line: what it is and where it comes from (paper and section). */
  readonly description: string;
  readonly parameters: Ps;
  /**
   * What the policy asks of the run (`MarkingContext`): `"random"` needs a random stream; a
   * trailing `?` (`"subnetManager?"`) takes it when the caller offers it. Absent: nothing.
   */
  readonly uses?: Uses;
  /** Builds the factory from the checked values and the capabilities it uses. */
  create(values: ValuesOf<Ps>, context: GrantedContext<Uses>): CountedMarkingFactory;
}

const markingDefinition = definer<Partial<MarkingContext>, CountedMarkingFactory, MarkingTraits>("marking");

/**
 * Defines a marking policy, built in or in a plugin. Give it the policy's name, a line of
 * description, its parameters, what it uses of the run (`uses`) and a factory; scenario
 * files can then name it, `losslab validate` checks its parameters like a built-in's, and
 * the factory receives from its caller's context exactly what `uses` names. A needed
 * capability the caller does not offer is a `KindError`; one `uses` does not name, the
 * factory never sees.
 *
 * @example
 * export default defineMarkingPolicy({
 *   kind: "coin",
 *   description: "marks a data packet as it departs with probability p",
 *   parameters: { p: { type: "number", min: 0, max: 1, default: 0.1, description: "the probability" } },
 *   uses: ["random"],
 *   create: ({ p }, { random }) =>
 *     countedFactory("coin", (view) => ({ switchName: view.name, marked: 0, ... random() < p ... })),
 * });
 */
export function defineMarkingPolicy<
  const Kind extends string,
  const Ps extends Parameters,
  const Uses extends readonly MarkingUse[] = readonly [],
>(definition: MarkingPolicyDefinition<Kind, Ps, Uses>): MarkingDefinition<Kind, Ps> & { readonly uses: Uses } {
  const uses = checkUses(definition.kind, definition.uses ?? []) as Uses;
  return markingDefinition({
    ...definition,
    uses,
    notifies: uses.some((use) => capabilityOf(use) === "notifications"),
    create: (values, offered) =>
      definition.create(values, grantContext(definition.kind, uses, offered ?? {}) as GrantedContext<Uses>),
  }) as MarkingDefinition<Kind, Ps> & { readonly uses: Uses };
}
