/**
 * Writes packages/scenario/scenario.schema.json from the validator (`pnpm --filter
 * @losslab/scenario schema`), in biome's format, so that `pnpm lint` stays clean.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { scenarioJsonSchema } from "../packages/scenario/src/index.js";

const root = join(import.meta.dirname, "..");
const file = join(root, "packages", "scenario", "scenario.schema.json");
writeFileSync(file, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
const biome = spawnSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], {
  cwd: root,
  encoding: "utf8",
});
if (biome.status !== 0) throw new Error(`biome could not format ${file}:\n${biome.stdout}${biome.stderr}`);
console.log(`wrote ${file}`);
