import { formatValue, OptionError, Registry, type SpecOf } from "@losslab/kinds";
import { cbfcDefinition } from "./cbfc-flow-control.js";
import { creditsDefinition } from "./credit-flow-control.js";
import type { ControlledBuffers, FlowControlDefinition, FlowControlOption, PauseSettings } from "./flow-control.js";
import { pauseDefinition } from "./pause-flow-control.js";

/** The built-in flow controls. Adding one: write its module with its definition, then add it here. */
const builtIn = [creditsDefinition, pauseDefinition, cbfcDefinition] as const;

/**
 * The built-in link-level flow controls, the only list of them: scenario files name them as
 * `switch.flowControl.kind`, and switch models look a `flowControl` option's kind up in it.
 */
export const flowControls: Registry<FlowControlDefinition> = new Registry<FlowControlDefinition>(
  "flowControl",
  builtIn,
);

/** A built-in flow control's spec as a scenario writes it. */
export type FlowControlSpec = SpecOf<(typeof builtIn)[number]>;

/** A switch's `flowControl` option of a built-in kind: `{ kind: "credits" }` or PAUSE's. */
export type FlowControl = ReturnType<(typeof builtIn)[number]["create"]>;

/**
 * The settings a switch's input buffers run with under its `flowControl` option (undefined:
 * credits, the default): the option's kind looked up in `flowControls`, its fields checked
 * against those the kind's parameters set, then the kind's own checks against the buffers.
 * Throws `OptionError` naming the option (`flowControl.kind`, `flowControl.xoffBytes`).
 */
export function inputSettings(
  flowControl: FlowControlOption | undefined,
  buffers: ControlledBuffers,
): PauseSettings | undefined {
  if (flowControl === undefined) return undefined;
  return flowControlOf(flowControl, buffers.name).inputSettings(flowControl, buffers);
}

/** The definition of a `flowControl` option's kind, its fields checked: throws `OptionError` naming the field. */
export function flowControlOf(flowControl: FlowControlOption, name: string): FlowControlDefinition {
  const kind: unknown = typeof flowControl === "object" && flowControl !== null ? flowControl.kind : undefined;
  const definition = typeof kind === "string" ? flowControls.get(kind) : undefined;
  if (definition === undefined) {
    const allowed = flowControls.kinds.map((k) => `"${k}"`).join(" or ");
    throw OptionError.of(name, "flowControl.kind", `must be ${allowed}`, { value: kind });
  }
  for (const field of Object.keys(flowControl)) {
    if (field === "kind" || optionsOf(definition).includes(field)) continue;
    const takers = flowControls.definitions.filter((other) => optionsOf(other).includes(field)).map((d) => d.kind);
    const where = takers.length === 0 ? "no kind" : `kind "${takers.join('", "')}" only`;
    throw OptionError.of(
      name,
      `flowControl.${field}`,
      `does not apply to kind ${formatValue(kind)}; it applies to ${where}`,
    );
  }
  return definition;
}

/** The option fields a kind's parameters set (`option`, or the parameter's name). */
function optionsOf(definition: FlowControlDefinition): string[] {
  return Object.entries(definition.parameters).map(([name, parameter]) => parameter.option ?? name);
}
