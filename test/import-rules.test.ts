/**
 * Enforces the allowed-imports table of DESIGN.md: every import in a package's sources
 * and every dependency in its package.json must be allowed for that package. Importing
 * another package's internals (a deep path like "@losslab/core/src/x"), a relative path out
 * of the package and a Node built-in (the packages run in a browser) are forbidden too.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { allowed } from "./allowed-imports.js";
import { type ImportSite, importsOf } from "./imports.js";

const root = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Whether `path` (relative to the repository root) is `dir` or inside it. */
const isInside = (dir: string, path: string) => {
  const rest = relative(dir, path);
  return rest === "" || (!rest.startsWith("..") && !isAbsolute(rest));
};

/** The package name an import specifier refers to, or undefined for a relative or node: import. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("node:")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The violations of the table in one package's sources and manifest. */
export function violations(name: string, sites: ImportSite[], dependencies: string[]): string[] {
  const rule = allowed[name];
  if (rule === undefined) return [`package "${name}" is not in DESIGN.md's table`];
  const problems: string[] = [];
  for (const site of sites) {
    // A relative import stays inside the package: another package or an app only by its name.
    if (site.specifier.startsWith(".") && !isInside(`packages/${name}`, join(dirname(site.file), site.specifier))) {
      problems.push(`${site.file}: "${site.specifier}" leaves packages/${name}`);
    }
    // DESIGN.md: "Nothing in the simulation path uses Node built-ins: the same packages run in a browser."
    if (site.specifier.startsWith("node:"))
      problems.push(`${site.file}: imports the Node built-in "${site.specifier}"`);
    const pkg = packageOf(site.specifier);
    if (pkg === undefined) continue;
    if (pkg !== site.specifier && pkg.startsWith("@losslab/")) {
      problems.push(`${site.file}: deep import "${site.specifier}" (only a package's index is public)`);
    }
    const ok = rule.runtime.includes(pkg) || (site.typeOnly && rule.typesOnly?.includes(pkg));
    if (!ok)
      problems.push(
        `${site.file}: ${name} may not import "${site.specifier}"${site.typeOnly ? " (even as a type)" : ""}`,
      );
  }
  for (const dep of dependencies) {
    if (!rule.runtime.includes(dep) && !rule.typesOnly?.includes(dep)) {
      problems.push(`packages/${name}/package.json: dependency "${dep}" is not allowed`);
    }
  }
  return problems;
}

describe("allowed imports (DESIGN.md)", () => {
  const names = readdirSync(join(root, "packages")).sort();

  it("knows every package in packages/", () => {
    expect(names).toEqual(Object.keys(allowed).sort());
  });

  for (const name of names) {
    it(`${name} imports only what it may`, () => {
      const dir = join(root, "packages", name, "src");
      const sites = sourceFiles(dir).flatMap((file) => importsOf(relative(root, file), readFileSync(file, "utf8")));
      const manifest = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
      expect(violations(name, sites, Object.keys(manifest.dependencies ?? {}))).toEqual([]);
    });
  }

  it("catches a forbidden import, a value import of a types-only package, and a deep import", () => {
    const sites = [
      ...importsOf("x.ts", 'import { Engine } from "@losslab/engine";\n'),
      ...importsOf("y.ts", 'import type { Packet } from "@losslab/switch";\n'),
      ...importsOf("z.ts", 'export { a } from "@losslab/engine/src/time.js";\n'),
    ];
    const found = violations("core", sites, ["@losslab/switch"]);
    expect(found).toHaveLength(5);
    expect(found[0]).toContain('core may not import "@losslab/engine"');
    expect(found[1]).toContain('"@losslab/switch" (even as a type)');
    expect(found[2]).toContain("deep import");
    expect(violations("core", importsOf("t.ts", 'import type { Time } from "@losslab/engine";'), [])).toEqual([]);
    expect(violations("response", importsOf("r.ts", 'import x from "seedrandom";'), [])).toHaveLength(1);
  });

  it("catches a Node built-in: the packages run in a browser", () => {
    const sites = importsOf("packages/reproductions/src/x.ts", 'import { readFileSync } from "node:fs";\n');
    expect(violations("reproductions", sites, [])).toEqual([
      'packages/reproductions/src/x.ts: imports the Node built-in "node:fs"',
    ]);
  });

  it("catches a relative import that leaves the package, and lets one inside it pass", () => {
    const file = "packages/reproductions/src/presets/x.ts";
    const outside = importsOf(file, 'import { a } from "../../../../apps/lab/src/program.js";\n');
    expect(violations("reproductions", outside, [])).toEqual([
      `${file}: "../../../../apps/lab/src/program.js" leaves packages/reproductions`,
    ]);
    expect(violations("reproductions", importsOf(file, 'import { b } from "../sweep/run-sweep.js";\n'), [])).toEqual(
      [],
    );
  });
});
