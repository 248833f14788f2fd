import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import type { MarkingRuntime } from "./marking-runtime.js";

/**
 * A marking policy as scenario files know it (@losslab/kinds): its `kind`, a description,
 * its parameters (ranges, defaults, docs) and `create(values, runtime)`, which gets the
 * checked values and what the simulation gives in code (`MarkingRuntime`). Built-in policies
 * and plugins define theirs the same way; `markingPolicies` lists the built-in ones.
 */
export type MarkingDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  MarkingRuntime,
  CountedMarkingFactory
> &
  MarkingTraits;

/** What a simulation must know of a marking policy before it runs. */
export interface MarkingTraits {
  /**
   * Its policies send control frames to sources (`SwitchView.notify`, as QCN's CNMs): the
   * simulation then keeps every source queue open to hear them and records them.
   */
  readonly notifies?: boolean;
}

/**
 * Defines a marking policy, built in or in a plugin. Give it the policy's name, a line of
 * description, its parameters and a factory; scenario files can then name it, and
 * `losslab validate` checks its parameters like a built-in's.
 *
 * @example
 * export default defineMarkingPolicy({
 *   kind: "always",
 *   description: "marks every data packet as it departs",
 *   parameters: {},
 *   create: () => countedFactory("always", (view) => ({ switchName: view.name, marked: 0, ... })),
 * });
 */
export const defineMarkingPolicy = definer<MarkingRuntime, CountedMarkingFactory, MarkingTraits>("marking");
