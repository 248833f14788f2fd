import type { Engine } from "@losslab/engine";
import { CioqSwitch } from "./cioq-switch.js";
import { InputBufferedSwitch } from "./input-buffered-switch.js";
import { InputQueuedSwitch } from "./input-queued-switch.js";
import {
  SWITCH_ORGANISATIONS,
  type SwitchModel,
  type SwitchModelOptions,
  type SwitchOrganisation,
} from "./switch-model.js";

/** The options each organisation takes beyond the common ones. */
const SPECIFIC_OPTIONS: Record<SwitchOrganisation, readonly (keyof SwitchModelOptions)[]> = {
  "input-buffered": ["maxBypass", "outputOrder"],
  fifo: [],
  voq: ["islipIterations"],
  cioq: ["islipIterations", "speedup", "outputBufferBytes", "inputQueues"],
};
const ALL_SPECIFIC = [
  "maxBypass",
  "outputOrder",
  "islipIterations",
  "speedup",
  "outputBufferBytes",
  "inputQueues",
] as const;

/**
 * Builds a switch of the given organisation: "input-buffered" (santos-2002 Table 1),
 * "fifo" (strict FIFO inputs, head-of-line blocking), "voq" (virtual output queues, iSLIP)
 * or "cioq" (input and output buffers, crossbar speedup). Throws RangeError, naming the
 * option, for an unknown organisation, an option the organisation does not take, or a bad
 * value.
 */
export function createSwitch(
  engine: Engine,
  organisation: SwitchOrganisation,
  options: SwitchModelOptions,
): SwitchModel {
  if (!SWITCH_ORGANISATIONS.includes(organisation)) {
    throw new RangeError(
      `${options.name}: unknown switch organisation ${JSON.stringify(organisation)}; allowed: ${SWITCH_ORGANISATIONS.map((o) => `"${o}"`).join(", ")}`,
    );
  }
  for (const option of ALL_SPECIFIC) {
    if (options[option] !== undefined && !SPECIFIC_OPTIONS[organisation].includes(option)) {
      const takers = SWITCH_ORGANISATIONS.filter((o) => SPECIFIC_OPTIONS[o].includes(option));
      throw new RangeError(
        `${options.name}: option ${option} does not apply to organisation "${organisation}"; it applies to ${takers.map((o) => `"${o}"`).join(", ")}`,
      );
    }
  }
  switch (organisation) {
    case "input-buffered":
      return new InputBufferedSwitch(engine, options);
    case "fifo":
      return new InputQueuedSwitch(engine, { ...options, inputQueues: "fifo" });
    case "voq":
      return new InputQueuedSwitch(engine, { ...options, inputQueues: "voq" });
    case "cioq": {
      const { outputBufferBytes } = options;
      if (outputBufferBytes === undefined) {
        throw new RangeError(`${options.name}: organisation "cioq" needs outputBufferBytes (bytes per output buffer)`);
      }
      return new CioqSwitch(engine, { ...options, outputBufferBytes });
    }
  }
}
