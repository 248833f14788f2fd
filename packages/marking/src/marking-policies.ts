import { Registry, type SpecOf } from "@losslab/kinds";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import { ibCcaDefinition } from "./ib-cca.js";
import { inputOutputTriggeredDefinition } from "./input-output-triggered.js";
import { inputTriggeredDefinition } from "./input-triggered.js";
import { ipmDefinition } from "./ipm.js";
import type { MarkingContext } from "./marking-context.js";
import type { MarkingDefinition } from "./marking-definition.js";
import { mvpmDefinition } from "./mvpm.js";
import { naiveDefinition } from "./naive.js";
import { noMarkingDefinition } from "./no-marking.js";
import { opmDefinition } from "./opm.js";
import { qcnDefinition } from "./qcn.js";
import { redDefinition } from "./red.js";
import { turnerDefinition } from "./turner.js";

/** The built-in policies. Adding one: write its module with its definition, then add it here. */
const builtIn = [
  noMarkingDefinition,
  naiveDefinition,
  inputTriggeredDefinition,
  inputOutputTriggeredDefinition,
  ipmDefinition,
  opmDefinition,
  mvpmDefinition,
  ibCcaDefinition,
  qcnDefinition,
  turnerDefinition,
  redDefinition,
] as const;

/**
 * The built-in marking policies, the only list of them: the scenario schema, its JSON
 * Schema and the README's table derive from it. A plugin's policies join it with
 * `markingPolicies.with([...])`.
 */
export const markingPolicies: Registry<MarkingDefinition> = new Registry<MarkingDefinition>("marking", builtIn);

/** A built-in marking policy as written in a scenario file, e.g. `{ kind: "red", kmin, kmax, pmax }`. */
export type MarkingSpec = SpecOf<(typeof builtIn)[number]>;

/** The name of a built-in marking policy. */
export type MarkingKind = MarkingSpec["kind"];

/**
 * Builds the marking policy factory a spec names (a built-in one; pass `registry` with a
 * plugin's kinds for others). The spec is checked at run time (it usually comes from JSON):
 * an unknown kind, an unknown field or a bad parameter throws a `KindError` naming the field
 * and the allowed values. Build one factory per simulation: it sums the marks of every switch
 * it is attached to. `context` is given in code, not in the scenario file: what the caller
 * offers the policy of the run (`MarkingContext`: a random stream, timers, the subnet
 * manager, ...), of which the policy gets what its definition `uses`; a policy that needs
 * something not offered throws a `KindError`, and policies that use nothing need no context.
 *
 * @example
 * const marking = createMarking({ kind: "input-output-triggered", outputThreshold: 8 });
 * new InputBufferedSwitch(engine, { ...options, marking });
 * createMarking({ kind: "red", kmin: 5_000, kmax: 200_000, pmax: 0.01 }, { random: () => stream.next() });
 * createMarking({ kind: "foo" } as never);
 * // KindError: marking.kind: unknown "foo"; allowed: none, naive, input-triggered, input-output-triggered, ipm, ...
 */
export function createMarking(
  spec: MarkingSpec,
  context: Partial<MarkingContext> = {},
  registry: Registry<MarkingDefinition> = markingPolicies,
): CountedMarkingFactory {
  return registry.create(spec, context);
}
