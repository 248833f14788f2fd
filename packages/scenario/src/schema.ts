import { DEFAULT_BUFFER_PACKETS } from "@losslab/switch";
import type { z } from "zod";
import { crossFieldChecks } from "./cross-field-checks.js";
import { bandwidthOf, durationMsOf } from "./derived-values.js";
import { scenarioFieldsSchema } from "./scenario-fields.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";

/**
 * The scenario file format naming kinds of `kinds`: its fields, the rules across fields, then
 * the defaults that depend on several.
 */
export function scenarioSchemaFor(kinds: ScenarioKinds) {
  let schema = schemas.get(kinds);
  if (schema === undefined) {
    schema = formatOf(kinds);
    schemas.set(kinds, schema);
  }
  return schema;
}

const formatOf = (kinds: ScenarioKinds) =>
  scenarioFieldsSchema(kinds)
    // Only once every field is in its range: the rules multiply and compare them.
    .superRefine((fields, context) => crossFieldChecks(fields, context, kinds), {
      when: (payload) => payload.issues.length === 0,
    })
    .transform((scenario) => ({
      ...scenario,
      durationMs: durationMsOf(scenario),
      // Input buffers of DEFAULT_BUFFER_PACKETS maximum-size packets unless sized in bytes.
      switch:
        scenario.switch.inputBufferBytes === undefined
          ? { ...scenario.switch, bufferPackets: scenario.switch.bufferPackets ?? DEFAULT_BUFFER_PACKETS }
          : scenario.switch,
      topology: {
        ...scenario.topology,
        // 1 byte per cycle in cycle-based models (ferrer-2012 sec. 5.1).
        bandwidth: bandwidthOf(scenario),
      },
    }));

const schemas = new WeakMap<ScenarioKinds, ReturnType<typeof formatOf>>();

/** The scenario file format with the built-in kinds. */
export const scenarioSchema = scenarioSchemaFor(builtInKinds);

/** A scenario as written in a file (defaults optional). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
/** A validated scenario with every default filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
