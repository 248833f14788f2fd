/**
 * No app imports another app (DESIGN.md; issue 39: the browser lab imported the CLI's
 * package for its presets, which are now @losslab/reproductions'). Every file of an app, its
 * sources, tests, benches, scripts and configuration, imports no other app, by its package
 * name or by a relative path into its directory, and its package.json depends on none.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repositoryRoot as root } from "@losslab/test-kit/repository";
import { codeFiles } from "@losslab/test-kit/source-files";
import { describe, expect, it } from "vitest";
import { importsOf } from "./imports.js";

interface App {
  /** Its directory, relative to the root: apps/<dir>. */
  dir: string;
  name: string;
  dependencies: string[];
}

const apps: App[] = readdirSync(join(root, "apps"))
  .sort()
  .map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, "apps", dir, "package.json"), "utf8"));
    const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    return { dir: join("apps", dir), name: manifest.name as string, dependencies };
  });

/** What in `files` (path -> text) of `app` imports another of `apps`, and which of its dependencies is one. */
export function appImports(app: App, apps: readonly App[], files: ReadonlyMap<string, string>): string[] {
  const others = apps.filter((other) => other.dir !== app.dir);
  const problems: string[] = [];
  for (const dependency of app.dependencies) {
    if (others.some((other) => other.name === dependency)) {
      problems.push(`${app.dir}/package.json: depends on the app ${dependency}`);
    }
  }
  for (const [file, text] of files) {
    for (const { specifier } of importsOf(file, text)) {
      const target = specifier.startsWith(".") ? join(dirname(file), specifier) : undefined;
      const other = others.find((candidate) =>
        target === undefined
          ? specifier === candidate.name || specifier.startsWith(`${candidate.name}/`)
          : !relative(candidate.dir, target).startsWith(".."),
      );
      if (other !== undefined) problems.push(`${file}: imports the app ${other.name} ("${specifier}")`);
    }
  }
  return problems;
}

describe("apps", () => {
  it("are more than one (else this test checks nothing)", () => {
    expect(apps.map((app) => app.name)).toEqual(["@losslab/lab", "@losslab/web"]);
  });

  for (const app of apps) {
    it(`${app.name} imports no other app and depends on none`, () => {
      const files = new Map(codeFiles(app.dir).map((file) => [file, readFileSync(join(root, file), "utf8")]));
      expect(files.size).toBeGreaterThan(0);
      expect(appImports(app, apps, files)).toEqual([]);
    });
  }

  it("catches an app's import of another by name, by relative path, and a dependency on one", () => {
    const lab: App = { dir: "apps/lab", name: "@losslab/lab", dependencies: [] };
    const web: App = { dir: "apps/web", name: "@losslab/web", dependencies: ["@losslab/lab", "vite"] };
    const files = new Map([
      ["apps/web/src/a.ts", 'import { presets } from "@losslab/lab";\n'],
      ["apps/web/src/b.ts", 'import { runLosslab } from "../../lab/src/program.js";\n'],
      ["apps/web/src/c.ts", 'import { x } from "./x.js";\nimport { y } from "@losslab/reproductions";\n'],
    ]);
    expect(appImports(web, [lab, web], files)).toEqual([
      "apps/web/package.json: depends on the app @losslab/lab",
      'apps/web/src/a.ts: imports the app @losslab/lab ("@losslab/lab")',
      'apps/web/src/b.ts: imports the app @losslab/lab ("../../lab/src/program.js")',
    ]);
    expect(appImports(lab, [lab, web], new Map([["apps/lab/src/c.ts", 'import "./web.js";\n']]))).toEqual([]);
  });
});
