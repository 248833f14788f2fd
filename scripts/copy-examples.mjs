// Part of @losslab/lab's build: copies the repository's examples/ into apps/lab/examples/
// (git-ignored), which the package ships, so that `losslab run <file>` works on the files
// `losslab --help` names where @losslab/lab is installed. The schema references in the
// files point at the installed @losslab/scenario instead of the repository's
// packages/scenario (node_modules/@losslab/lab/examples -> node_modules/@losslab/scenario).
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const from = join(import.meta.dirname, "..", "examples");
const to = join(import.meta.dirname, "..", "apps", "lab", "examples");
rmSync(to, { recursive: true, force: true });
// The scenario files and their data; not the plugin package (examples/plugin-marking), which
// is a project of its own with its node_modules.
cpSync(from, to, { recursive: true, filter: (source) => !source.includes("plugin-marking") });
for (const name of readdirSync(to)) {
  if (!/\.(json|ya?ml)$/.test(name)) continue;
  const file = join(to, name);
  const text = readFileSync(file, "utf8");
  writeFileSync(
    file,
    text.replaceAll("../packages/scenario/scenario.schema.json", "../../scenario/scenario.schema.json"),
  );
}
