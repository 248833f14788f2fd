/**
 * The READMEs that travel in the tarballs: every package README has a runnable example that
 * imports only published @losslab packages, and links that leave the package are absolute
 * (a relative link works on GitHub but not on the registry's page or in node_modules).
 * apps/lab/test/packed.test.ts runs the examples against the installed tarballs.
 */
import { readFileSync } from "node:fs";
import { join, normalize } from "node:path";
import { readmeExamples, showsOutput } from "@losslab/test-kit/readme-examples";
import { publishedPackageDirs, repositoryRoot as root } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";

const packageDirs = publishedPackageDirs();
const published = new Set(
  packageDirs.map((dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).name as string),
);

/** The targets of a README's Markdown links, except absolute URLs and same-page anchors. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```$/gm, "");
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^([a-z]+:|#)/.test(target));
}

describe("package READMEs", () => {
  for (const dir of packageDirs) {
    const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    const readme = readFileSync(join(root, dir, "README.md"), "utf8");

    it(`${manifest.name}: relative links stay inside what the tarball ships`, () => {
      const shipped = [...manifest.files, "package.json", "LICENSE"] as string[];
      for (const link of relativeLinks(readme)) {
        const path = normalize(link.split("#")[0] as string);
        const inside = shipped.some((entry) => path === entry || path.startsWith(`${entry}/`));
        expect(inside, `${link}: use https://github.com/losslab/losslab/blob/main/...`).toBe(true);
      }
    });

    if (dir === join("apps", "lab")) continue;
    it(`${manifest.name}: has a runnable example that imports only published packages`, () => {
      const examples = readmeExamples(readme);
      expect(examples.length).toBeGreaterThan(0);
      for (const { code } of examples) {
        const specifiers = [...code.matchAll(/^import [\s\S]*? from "([^"]+)";$/gm)].map((match) => match[1]);
        expect(specifiers.length).toBeGreaterThan(0);
        // The install command on the first line names every @losslab package the example imports.
        const installs = /^\/\/ example\.ts: runs as is \(npm i ([^,]+), then npx tsx example\.ts\)$/m.exec(code)?.[1];
        const imported = new Set(specifiers.filter((specifier) => specifier?.startsWith("@losslab/")));
        expect(installs?.split(" ").sort()).toEqual([...imported].sort());
        for (const specifier of specifiers)
          expect([...published, "node:"]).toContain(specifier?.startsWith("node:") ? "node:" : specifier);
      }
    });
  }
});

describe("relativeLinks and showsOutput", () => {
  it("finds relative links outside code blocks only", () => {
    const markdown = "[a](src/a.ts) [b](https://x.org/b) [c](#c)\n```ts\nconst x = [d](e);\n```\n[f](../../g.md#h)";
    expect(relativeLinks(markdown)).toEqual(["src/a.ts", "../../g.md#h"]);
  });

  it("matches printed output against the shown one, where ... leaves lines out", () => {
    const printed = "a\nb\nc\nd\ne";
    expect(showsOutput("a\nb\nc\nd\ne", printed)).toBe(true);
    expect(showsOutput("a\n...\nd\ne", printed)).toBe(true);
    expect(showsOutput("a\n...\nc\n...", printed)).toBe(true);
    expect(showsOutput("a\nc\n...", printed)).toBe(false);
    expect(showsOutput("a\n...\nd", printed)).toBe(false);
    expect(showsOutput("b\n...", printed)).toBe(false);
  });
});
