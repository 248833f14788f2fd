/**
 * docs/architecture.md says what the code defines, and this holds it to the code: its table of
 * packages and apps against the directories and the allowed-imports rules that
 * test/import-rules.test.ts enforces, and its table of kinds against the registries the
 * scenario names kinds from (`builtInKinds`). A package, a rule or a kind added without the
 * page fails here, and so does a page that lists one the code no longer has.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { publishedPackageDirs, repositoryRoot as root } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import * as adapter from "../packages/adapter/src/index.js";
import * as marking from "../packages/marking/src/index.js";
import * as response from "../packages/response/src/index.js";
import { builtInKinds } from "../packages/scenario/src/index.js";
import * as switches from "../packages/switch/src/index.js";
import * as topology from "../packages/topology/src/index.js";
import * as traffic from "../packages/traffic/src/index.js";
import { allowed } from "./allowed-imports.js";

const page = readFileSync(join(root, "docs", "architecture.md"), "utf8");

/** The rows of the table that follows `heading` (a line of the page), or whose header line it is; cells trimmed. */
export function tableAfter(text: string, heading: string): string[][] {
  const lines = text.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`docs/architecture.md has no line "${heading}"`);
  const header = lines.findIndex((line, i) => i >= start && line.startsWith("|"));
  const rows: string[][] = [];
  // Skip the header and its |---| line; the table ends at the first line that is not a row.
  for (let i = header + 2; i < lines.length && lines[i]!.startsWith("|"); i++) {
    rows.push(
      lines[i]!.slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The names a cell lists in backquotes, in order. */
export const quoted = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** A package's imports as the page writes them: workspace packages by their short name. */
const short = (specifier: string) => specifier.replace(/^@losslab\//, "");

describe("docs/architecture.md", () => {
  const packages = tableAfter(page, "## Packages and what each may import");
  const apps = tableAfter(page, "| app | what it is | may import |");

  it("lists every published package of packages/ and every app of apps/, once; the private test kit apart", () => {
    const listed = packages.map((row) => quoted(row[0]!)[0]);
    const published = publishedPackageDirs().filter((dir) => dir.startsWith("packages"));
    expect([...listed].sort()).toEqual(published.map((dir) => basename(dir)).sort());
    expect(readdirSync(join(root, "packages")).filter((name) => !listed.includes(name))).toEqual(["test-kit"]);
    expect(page).toContain("`packages/test-kit` (`@losslab/test-kit`)");
    expect(apps.map((row) => quoted(row[0]!)[0]).sort()).toEqual(readdirSync(join(root, "apps")).sort());
  });

  it("gives each package the imports the rules allow it, at run time and as types only", () => {
    type Rule = { runtime: string[]; typesOnly: string[] };
    const page: Record<string, Rule> = Object.fromEntries(
      packages.map((row) => [quoted(row[0]!)[0], { runtime: quoted(row[2]!), typesOnly: quoted(row[3]!) }]),
    );
    const code: Record<string, Rule> = Object.fromEntries(
      Object.entries(allowed).map(([name, rule]) => [
        name,
        { runtime: rule.runtime.map(short), typesOnly: (rule.typesOnly ?? []).map(short) },
      ]),
    );
    for (const rule of [...Object.values(page), ...Object.values(code)]) {
      rule.runtime.sort();
      rule.typesOnly.sort();
    }
    expect(page).toEqual(code);
  });

  it('says "nothing" only of a package that may import nothing', () => {
    for (const row of packages) expect(row[2] === "nothing").toBe(quoted(row[2]!).length === 0);
  });

  it("lists every family's registry, exported under the name it gives, with its kinds in their order", () => {
    const exported: Record<string, unknown> = {
      ...adapter,
      ...marking,
      ...response,
      ...switches,
      ...topology,
      ...traffic,
    };
    const rows = tableAfter(page, "| family (scenario field) | registry | kinds |");
    const registries = Object.values(builtInKinds);
    expect(rows).toHaveLength(registries.length);
    const listed = rows.map((row) => {
      const name = quoted(row[1]!)[0]!;
      const registry = registries.find((candidate) => candidate === exported[name]);
      expect(registry, `"${name}" is a registry the scenario names kinds from`).toBeDefined();
      expect(quoted(row[2]!), `the kinds of ${name}`).toEqual(registry!.kinds);
      return registry;
    });
    expect(new Set(listed).size).toBe(registries.length);
  });

  it("finds a table's rows, and its listed names", () => {
    const text = "# T\n\n## H\n\nsome words\n\n| a | b |\n| --- | --- |\n| `x` | `y`, `z` |\n| `w` | |\n\nafter\n";
    const rows = tableAfter(text, "## H");
    expect(rows).toEqual([
      ["`x`", "`y`, `z`"],
      ["`w`", ""],
    ]);
    expect(quoted(rows[0]![1]!)).toEqual(["y", "z"]);
    expect(tableAfter(text, "| a | b |")).toEqual(rows);
    expect(() => tableAfter(text, "## Nowhere")).toThrow(/no line/);
  });
});
