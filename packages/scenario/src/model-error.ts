import { LosslessViolation } from "@losslab/core";
import { EngineError } from "@losslab/engine";
import { TopologyError } from "@losslab/topology";
import { ScenarioError } from "./scenario-error.js";

/**
 * Scenario fields by the option names the switch, adapter and link models use in their
 * errors (`A: flowControl.xoffBytes must be ...`), most specific first.
 */
const FIELDS: ReadonlyArray<[RegExp, string]> = [
  [/flowControl\.(\w+)/, "switch.flowControl.$1"],
  [/outputBufferBytes|output buffer/, "switch.outputBufferBytes"],
  [/inputBufferBytes|input buffer/, "switch.inputBufferBytes"],
  [/vlWeights/, "switch.vlWeights"],
  [/vlQuantaBytes/, "switch.vlQuantaBytes"],
  [/vlScheduling/, "switch.vlScheduling"],
  [/controlVl/, "adapter.controlVl"],
  [/\bVL\b|\bvls\b/, "switch.vls"],
  [/speedup/, "switch.speedup"],
  [/islipIterations/, "switch.islipIterations"],
  [/creditBytes/, "switch.creditBytes"],
  [/maxBypass/, "switch.maxBypass"],
  [/forwardingDelay/, "switch.forwardingDelayNs"],
  [/overheadBytes/, "packets.wireOverheadBytes"],
  [/ackCoalescing/, "adapter.ackCoalescing"],
];

/**
 * Runs `build` (a step that builds part of the simulation from a scenario) and turns a
 * model's own refusal (RangeError, LosslessViolation, TopologyError, EngineError) into a
 * ScenarioError naming the scenario field the message points at, else `field`. The
 * cross-field checks should leave nothing for the models to refuse; this keeps a rule they
 * miss a one-line user error instead of a stack trace. Other errors are bugs and pass.
 */
export function asFieldError<T>(field: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    const model =
      error instanceof RangeError ||
      error instanceof LosslessViolation ||
      error instanceof TopologyError ||
      error instanceof EngineError;
    if (!model) throw error;
    const message = (error as Error).message;
    const named = FIELDS.find(([pattern]) => pattern.test(message));
    const path = named === undefined ? field : message.match(named[0])![0].replace(named[0], named[1]);
    throw new ScenarioError(`${path}: ${message}`);
  }
}
