import { scenarioJsonSchema } from "@losslab/scenario";
import { flagPlugins, kindsWith } from "../plugins.js";

/**
 * `losslab schema [--plugin m]`: the JSON Schema of scenario files, with the kinds of the
 * plugins given (the shipped `@losslab/scenario/scenario.schema.json` has the built-in ones).
 */
export async function schemaCommand(options: { plugin?: string[] }): Promise<void> {
  const kinds = await kindsWith(await flagPlugins(options.plugin ?? []));
  process.stdout.write(`${JSON.stringify(scenarioJsonSchema(kinds), null, 2)}\n`);
}
