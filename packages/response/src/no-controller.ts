/** The `none` controller kind: no congestion control at all. */
import { defineController } from "./controller-definition.js";

/** Registry entry (controllers.ts): flows keep only the window and rate limits a scenario gives them. */
export const noControllerDefinition = defineController({
  kind: "none",
  description: "no congestion control: flows keep only their window and rate limits",
  parameters: {},
  create: () => ({}),
});
