import { LosslessViolation } from "@losslab/core";
import { EngineError } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { TopologyError } from "@losslab/topology";
import type { OptionFields } from "./option-fields.js";
import { ScenarioError } from "./scenario-error.js";

/**
 * Runs `build` (a step that builds part of the simulation from a scenario) and turns a
 * model's own refusal (RangeError, LosslessViolation, TopologyError, EngineError) into a
 * ScenarioError naming a scenario field: for an `OptionError`, the field its option came from
 * (`fields`, recorded as the options were built), else `field`. The cross-field checks should
 * leave nothing for the models to refuse; this keeps a rule they miss a one-line user error
 * instead of a stack trace. Other errors (ScenarioErrors already named, bugs) pass.
 */
export function asFieldError<T>(field: string, build: () => T, fields?: OptionFields): T {
  try {
    return build();
  } catch (error) {
    const model =
      error instanceof RangeError ||
      error instanceof LosslessViolation ||
      error instanceof TopologyError ||
      error instanceof EngineError;
    if (!model) throw error;
    const path = (error instanceof OptionError ? fields?.fieldOf(error.option) : undefined) ?? field;
    throw new ScenarioError(`${path}: ${(error as Error).message}`);
  }
}
