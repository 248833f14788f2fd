/**
 * Every published package's manifest: its dependencies are exactly the packages its sources
 * import (a declared dependency nothing imports costs users an install; an undeclared one
 * breaks the installed package), @losslab ones as `workspace:^` ranges, and it carries what a
 * registry page shows (license file, repository, homepage, engines, keywords) and the guard
 * that stops a plain `npm publish`. The test kit's manifest: private, never built, never
 * versioned by changesets, its dependencies what its sources import.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageDirectory, publishedPackageDirs, repositoryRoot as root } from "@losslab/test-kit/repository";
import { sourceFiles } from "@losslab/test-kit/source-files";
import { describe, expect, it } from "vitest";
import { importsOf } from "./imports.js";

const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const packageDirs = publishedPackageDirs();

/** The sources of a directory, read. */
const readSources = (dir: string) => sourceFiles(dir).map((file) => ({ file, text: readFileSync(file, "utf8") }));

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
      const used = [...packagesUsed(readSources(join(root, dir, "src")))].sort();
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

  it("@losslab/test-kit: private, source only, never versioned; it depends on what its sources import", () => {
    const dir = packageDirectory("test-kit");
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    expect(manifest.private).toBe(true);
    expect(packageDirs).not.toContain(join("packages", "test-kit"));
    expect(manifest.scripts?.build).toBeUndefined();
    expect(manifest.publishConfig).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    // Its dependents are the tests: the repository root depends on it, no package does (a
    // package's devDependency on it would close a circle core -> test-kit -> core, which turbo refuses).
    expect(rootManifest.devDependencies["@losslab/test-kit"]).toBe("workspace:*");
    for (const published of packageDirs) {
      const { dependencies, devDependencies, peerDependencies } = JSON.parse(
        readFileSync(join(root, published, "package.json"), "utf8"),
      );
      expect({ ...dependencies, ...devDependencies, ...peerDependencies }, published).not.toHaveProperty(
        "@losslab/test-kit",
      );
    }
    const used = [...packagesUsed(readSources(join(dir, "src")))].sort();
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(used);
    const changesets = JSON.parse(readFileSync(join(root, ".changeset", "config.json"), "utf8"));
    expect(changesets.ignore).toContain(manifest.name);
  });

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
