/** Writes packages/scenario/scenario.schema.json from the validator (`pnpm --filter @losslab/scenario schema`). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { scenarioJsonSchema } from "../packages/scenario/src/index.js";

const file = join(import.meta.dirname, "..", "packages", "scenario", "scenario.schema.json");
writeFileSync(file, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
console.log(`wrote ${file}`);
