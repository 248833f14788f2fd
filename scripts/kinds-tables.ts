/**
 * The docs tables of the kinds scenario files name, generated from the registries: a README
 * holds `<!-- kinds:<family> -->` ... `<!-- /kinds:<family> -->` and the table of that
 * family's kinds goes between. `pnpm kinds:tables` rewrites them; test/kinds-tables.test.ts
 * checks they are current.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { kindsTable } from "../packages/kinds/src/index.js";
import { builtInKinds, type ScenarioKinds } from "../packages/scenario/src/index.js";

const root = join(import.meta.dirname, "..");

/** The READMEs with kinds tables. */
export const readmesWithTables = [
  "packages/marking/README.md",
  "packages/response/README.md",
  "packages/switch/README.md",
  "packages/topology/README.md",
  "packages/traffic/README.md",
];

/** `markdown` with every kinds table filled in from the registries. */
export function withKindsTables(markdown: string): string {
  return markdown.replace(/<!-- kinds:(\w+) -->\n[\s\S]*?<!-- \/kinds:\1 -->/g, (_whole, family: string) => {
    const registry = builtInKinds[family as keyof ScenarioKinds];
    if (registry === undefined) throw new Error(`no kinds of family "${family}"`);
    return `<!-- kinds:${family} -->\n${kindsTable(registry.definitions)}\n<!-- /kinds:${family} -->`;
  });
}

if (process.argv[1] === import.meta.filename) {
  for (const readme of readmesWithTables) {
    const file = join(root, readme);
    writeFileSync(file, withKindsTables(readFileSync(file, "utf8")));
    console.log(`wrote the kinds tables of ${readme}`);
  }
}
