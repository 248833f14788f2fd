import { z } from "zod";
import { scenarioSchema } from "./schema.js";

/**
 * The JSON Schema of scenario files (as written, defaults optional), generated from the
 * validator so the two never disagree. Shipped as `@losslab/scenario/scenario.schema.json`;
 * a scenario file that names it in `"$schema"` gets completion and checks in editors.
 * Cross-field rules (intervals, `measureMs` inside the run) are only in `parseScenario`.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { io: "input", unrepresentable: "any" }),
    title: "losslab scenario",
  } as Record<string, unknown>;
}
