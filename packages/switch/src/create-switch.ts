import type { Engine } from "@losslab/engine";
import { KindError, type Registry } from "@losslab/kinds";
import type { SwitchModel, SwitchModelOptions, SwitchOptions } from "./switch-model.js";
import type { SwitchOrganisationDefinition } from "./switch-organisation.js";
import { switchOrganisations } from "./switch-organisations.js";

/** The options every organisation takes (`SwitchOptions`); the rest belong to one organisation or another. */
const COMMON: ReadonlySet<string> = new Set<keyof SwitchOptions>([
  "name",
  "ports",
  "routes",
  "ecmp",
  "inputBufferBytes",
  "maxPacketBytes",
  "creditBytes",
  "forwardingDelay",
  "marking",
  "flowControl",
  "packets",
  "vls",
  "vlWeights",
  "telemetry",
  "vlScheduling",
  "vlQuantaBytes",
]);

/**
 * Builds a switch of the given organisation (`switchOrganisations`): "input-buffered"
 * (santos-2002 Table 1), "fifo" (strict FIFO inputs, head-of-line blocking), "voq" (virtual
 * output queues, iSLIP) or "cioq" (input and output buffers, crossbar speedup; its output
 * buffers default to the input buffer's size), or one of `organisations` when given (a
 * plugin's). Throws RangeError, naming the option, for an
 * unknown organisation, an option the organisation does not take, or a bad value.
 */
export function createSwitch(
  engine: Engine,
  organisation: string,
  options: SwitchModelOptions,
  organisations: Registry<SwitchOrganisationDefinition> = switchOrganisations,
): SwitchModel {
  const definition = organisations.get(organisation);
  if (definition === undefined) {
    throw new RangeError(
      `${options.name}: unknown switch organisation ${JSON.stringify(organisation)}; allowed: ${organisations.kinds.map((o) => `"${o}"`).join(", ")}`,
    );
  }
  const own: Record<string, unknown> = { kind: organisation };
  const common: Record<string, unknown> = {};
  for (const [option, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (Object.hasOwn(definition.parameters, option)) own[option] = value;
    else if (COMMON.has(option)) common[option] = value;
    else {
      const takers = organisations.definitions.filter((d) => Object.hasOwn(d.parameters, option));
      throw new RangeError(
        `${options.name}: option ${option} does not apply to organisation "${organisation}"; it applies to ${takers.length === 0 ? "none" : takers.map((d) => `"${d.kind}"`).join(", ")}`,
      );
    }
  }
  try {
    return organisations.create(own, { engine, options: common as unknown as SwitchOptions }, options.name);
  } catch (error) {
    if (error instanceof KindError) throw new RangeError(error.message);
    throw error;
  }
}
