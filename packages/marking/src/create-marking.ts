import { formatValue } from "@losslab/core";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import { ibCcaDefinition } from "./ib-cca.js";
import { inputOutputTriggeredDefinition } from "./input-output-triggered.js";
import { inputTriggeredDefinition } from "./input-triggered.js";
import { ipmDefinition } from "./ipm.js";
import type { SpecOf } from "./marking-definition.js";
import type { MarkingRuntime } from "./marking-runtime.js";
import { MarkingSpecError } from "./marking-spec-error.js";
import { mvpmDefinition } from "./mvpm.js";
import { naiveDefinition } from "./naive.js";
import { noMarkingDefinition } from "./no-marking.js";
import { opmDefinition } from "./opm.js";
import { qcnDefinition } from "./qcn.js";
import { redDefinition } from "./red.js";
import { turnerDefinition } from "./turner.js";

/** Every known policy. Adding one: write its module, then add its definition here. */
const definitions = [
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
 * A marking policy as written in a scenario file:
 * `{ kind: "none" } | { kind: "naive" } | { kind: "input-triggered" } |
 * { kind: "input-output-triggered", outputThreshold: number } |
 * { kind: "ipm", threshold?, unit? } | { kind: "opm", threshold?, unit? } |
 * { kind: "mvpm", inputThreshold?, outputThreshold?, unit? } |
 * { kind: "ib-cca", threshold?, markingRate?, packetSize? } |
 * { kind: "qcn", at?, culprit?, equilibrium?, weight?, sampleInterval?, sampling?, sampleJitter?, unitBytes? } |
 * { kind: "turner" } | { kind: "red", kmin, kmax, pmax }`.
 */
export type MarkingSpec = SpecOf<(typeof definitions)[number]>;

/** The name of a known marking policy. */
export type MarkingKind = MarkingSpec["kind"];

/** The names of the known marking policies, in registry order. */
export const markingKinds: readonly MarkingKind[] = Object.freeze(definitions.map((definition) => definition.kind));

const byKind = new Map<string, (typeof definitions)[number]>(
  definitions.map((definition) => [definition.kind, definition]),
);

/**
 * Builds the marking policy factory a scenario names. The spec is checked at run time
 * (it usually comes from JSON): an unknown kind, an unknown field or a bad parameter throws
 * a `MarkingSpecError` naming the field and the allowed values. Build one factory per
 * simulation: it sums the marks of every switch it is attached to. `runtime` is given in
 * code, not in the scenario file: what a policy needs from the simulation (`qcn`'s CNM
 * delivery and random draws); policies that need nothing ignore it.
 *
 * @example
 * const marking = createMarking({ kind: "input-output-triggered", outputThreshold: 8 });
 * new InputBufferedSwitch(engine, { ...options, marking });
 * createMarking({ kind: "foo" } as never);
 * // MarkingSpecError: marking.kind: unknown "foo"; allowed: none, naive, input-triggered, input-output-triggered, ipm, ...
 */
export function createMarking(spec: MarkingSpec, runtime: MarkingRuntime = {}): CountedMarkingFactory {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    throw new MarkingSpecError("marking", `marking must be an object with a "kind" field, got ${formatValue(spec)}`);
  }
  const kind: unknown = spec.kind;
  const allowedKinds = markingKinds.join(", ");
  if (kind === undefined)
    throw new MarkingSpecError("marking.kind", `marking.kind is missing; allowed: ${allowedKinds}`);
  const definition = typeof kind === "string" ? byKind.get(kind) : undefined;
  if (definition === undefined) {
    throw new MarkingSpecError("marking.kind", `marking.kind: unknown ${formatValue(kind)}; allowed: ${allowedKinds}`);
  }
  const fields = ["kind", ...definition.parameters];
  for (const field of Object.keys(spec)) {
    if (!fields.includes(field)) {
      throw new MarkingSpecError(
        `marking.${field}`,
        `marking.${field}: unknown field for kind ${formatValue(kind)}; allowed: ${fields.join(", ")}`,
      );
    }
  }
  return (definition.create as (checked: MarkingSpec, runtime: MarkingRuntime) => CountedMarkingFactory)(spec, runtime);
}
