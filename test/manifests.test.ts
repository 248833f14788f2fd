/**
 * Every published package's manifest: its dependencies are exactly the packages its sources
 * import (a declared dependency nothing imports costs users an install; an undeclared one
 * breaks the installed package), @losslab ones as `workspace:^` ranges, and it carries what a
 * registry page shows (license file, repository, homepage, engines, keywords) and the guard
 * that stops a plain `npm publish`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "./imports.js";

const root = join(import.meta.dirname, "..");
const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const packageDirs = [...readdirSync(join(root, "packages")).map((name) => join("packages", name)), join("apps", "lab")];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The packages a source tree uses: imports, dynamic imports and `require.resolve` of a package's files. */
export function packagesUsed(files: { file: string; text: string }[]): Set<string> {
  const used = new Set<string>();
  for (const { file, text } of files) {
    const specifiers = [
      ...importsOf(file, text).map((site) => site.specifier),
      ...[...text.matchAll(/require\.resolve\(\s*["']([^"']+)["']/g)].map((match) => match[1] as string),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
      const parts = specifier.split("/");
      used.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] as string));
    }
  }
  return used;
}

describe("package manifests", () => {
  for (const dir of packageDirs) {
    const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));

    it(`${manifest.name}: dependencies match the imports of its sources`, () => {
      const files = sources(join(root, dir, "src")).map((file) => ({ file, text: readFileSync(file, "utf8") }));
      const used = [...packagesUsed(files)].sort();
      expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(used);
      for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
        if (name.startsWith("@losslab/")) expect(range, name).toBe("workspace:^");
      }
    });

    it(`${manifest.name}: license, repository, homepage, engines, keywords and the publish guard`, () => {
      expect(manifest.license).toBe("MIT");
      expect(readFileSync(join(root, dir, "LICENSE"), "utf8")).toBe(readFileSync(join(root, "LICENSE"), "utf8"));
      expect(manifest.repository).toEqual({
        type: "git",
        url: expect.stringMatching(/^git\+https:\/\//),
        directory: dir,
      });
      expect(manifest.homepage).toBe(`${manifest.repository.url.slice(4, -4)}/tree/main/${dir}#readme`);
      expect(manifest.engines).toEqual(rootManifest.engines);
      expect(manifest.keywords).toContain("losslab");
      expect(manifest.scripts.prepublishOnly).toBe("node ../../scripts/publish-guard.mjs");
      expect(existsSync(join(root, dir, "README.md"))).toBe(true);
    });
  }

  it("finds a package used only through require.resolve, and ignores relative and node: imports", () => {
    const used = packagesUsed([
      {
        file: "x.ts",
        text: 'import { a } from "./a.js";\nimport fs from "node:fs";\nimport type { B } from "@scope/b/sub";\nconst f = require.resolve("fonts/package.json");\n',
      },
    ]);
    expect([...used].sort()).toEqual(["@scope/b", "fonts"]);
  });
});
