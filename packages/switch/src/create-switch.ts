import type { Engine } from "@losslab/engine";
import { KindError, OptionError, type Registry } from "@losslab/kinds";
import type { SwitchModel, SwitchOptions } from "./switch-model.js";
import type { SwitchOrganisationDefinition } from "./switch-organisation.js";
import { type SwitchModelOptions, switchOrganisations } from "./switch-organisations.js";

/**
 * Builds a switch of the given organisation (`switchOrganisations`): "input-buffered"
 * (santos-2002 Table 1), "fifo" (strict FIFO inputs, head-of-line blocking), "voq" (virtual
 * output queues, iSLIP) or "cioq" (input and output buffers, crossbar speedup; its output
 * buffers default to the input buffer's size), or one of `organisations` when given (a
 * plugin's). The options named by the organisation's parameters are its own, checked against
 * them; those another organisation's parameters name are refused; the rest are the options
 * every model takes (`SwitchOptions`). Throws `OptionError` (a RangeError) naming the option
 * for an unknown organisation, an option the organisation does not take, or a bad value.
 */
export function createSwitch(
  engine: Engine,
  organisation: string,
  options: SwitchModelOptions,
  organisations: Registry<SwitchOrganisationDefinition> = switchOrganisations,
): SwitchModel {
  const name = options.name;
  const definition = organisations.get(organisation);
  if (definition === undefined) {
    throw new OptionError(
      "kind",
      `${name}: unknown switch organisation ${JSON.stringify(organisation)}; allowed: ${organisations.kinds.map((o) => `"${o}"`).join(", ")}`,
    );
  }
  const own: Record<string, unknown> = { kind: organisation };
  const common: Record<string, unknown> = {};
  for (const [option, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (Object.hasOwn(definition.parameters, option)) {
      own[option] = value;
      continue;
    }
    const takers = organisations.definitions.filter((other) => Object.hasOwn(other.parameters, option));
    if (takers.length > 0) {
      const problem = `does not apply to organisation "${organisation}"; it applies to ${takers.map((d) => `"${d.kind}"`).join(", ")}`;
      throw new OptionError(option, `${name}: option ${option} ${problem}`, { problem });
    }
    common[option] = value;
  }
  try {
    return organisations.create(own, { engine, options: common as unknown as SwitchOptions }, name);
  } catch (error) {
    // A value out of its parameter's range: `S.maxBypass must be ...` names the option.
    if (error instanceof KindError) {
      const prefix = `${name}.`;
      const option = error.field.startsWith(prefix) ? error.field.slice(prefix.length) : error.field;
      throw new OptionError(option, error.message);
    }
    throw error;
  }
}
