import { z } from "zod";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { scenarioSchemaFor } from "./schema.js";

/**
 * The JSON Schema of scenario files (as written, defaults optional), generated from the
 * validator so the two never disagree. Shipped as `@losslab/scenario/scenario.schema.json`;
 * a scenario file that names it in `"$schema"` gets completion and checks in editors.
 * With plugins' `kinds`, their kinds are in it too. Cross-field rules (intervals, `measureMs` inside the run) are only in `parseScenario`.
 */
export function scenarioJsonSchema(kinds: ScenarioKinds = builtInKinds): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchemaFor(kinds), { io: "input", unrepresentable: "any" }),
    title: "losslab scenario",
  } as Record<string, unknown>;
}
