/**
 * The docs tables of the kinds scenario files name, generated from the registries: a README
 * holds `<!-- kinds:<family> -->` ... `<!-- /kinds:<family> -->` and the table of that
 * family's kinds goes between; `<!-- parameters:<family> -->` ... the table of the parameters
 * every kind of the family has (a switch's buffers and flow control). `pnpm kinds:tables`
 * rewrites them; test/kinds-tables.test.ts checks they are current.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { kindsTable, type Parameters, parametersTable } from "../packages/kinds/src/index.js";
import { builtInKinds, type ScenarioKinds } from "../packages/scenario/src/index.js";
import { switchParameters } from "../packages/switch/src/index.js";

/** The parameters every kind of a family has besides its own, by family. */
const commonParameters: Readonly<Record<string, Parameters>> = { switch: switchParameters };

const root = join(import.meta.dirname, "..");

/** The READMEs with kinds tables. */
export const readmesWithTables = [
  "packages/adapter/README.md",
  "packages/marking/README.md",
  "packages/response/README.md",
  "packages/switch/README.md",
  "packages/topology/README.md",
  "packages/traffic/README.md",
];

/** `markdown` with every kinds table filled in from the registries. */
export function withKindsTables(markdown: string): string {
  return markdown
    .replace(/<!-- kinds:(\w+) -->\n[\s\S]*?<!-- \/kinds:\1 -->/g, (_whole, family: string) => {
      const registry = builtInKinds[family as keyof ScenarioKinds];
      if (registry === undefined) throw new Error(`no kinds of family "${family}"`);
      return `<!-- kinds:${family} -->\n${kindsTable(registry.definitions)}\n<!-- /kinds:${family} -->`;
    })
    .replace(/<!-- parameters:(\w+) -->\n[\s\S]*?<!-- \/parameters:\1 -->/g, (_whole, family: string) => {
      const parameters = commonParameters[family];
      if (parameters === undefined) throw new Error(`no common parameters of family "${family}"`);
      return `<!-- parameters:${family} -->\n${parametersTable(parameters)}\n<!-- /parameters:${family} -->`;
    });
}

if (process.argv[1] === import.meta.filename) {
  for (const readme of readmesWithTables) {
    const file = join(root, readme);
    writeFileSync(file, withKindsTables(readFileSync(file, "utf8")));
    console.log(`wrote the kinds tables of ${readme}`);
  }
}
