/**
 * Enforces the allowed-imports table of DESIGN.md: every import in a package's sources
 * and every dependency in its package.json must be allowed for that package. Importing
 * another package's internals (a deep path like "@losslab/core/src/x"), a relative path out
 * of the package and a Node built-in (the packages run in a browser) are forbidden too.
 * The test kit (packages/test-kit, private) is outside the table: it may import any workspace
 * package by its name, and only tests, scripts and the apps' benches may import it (a package's
 * bench is part of a package the kit imports: importing the kit back would close a loop).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, isAbsolute, join, relative } from "node:path";
import { repositoryRoot as root } from "@losslab/test-kit/repository";
import { codeFiles, sourceFiles } from "@losslab/test-kit/source-files";
import { describe, expect, it } from "vitest";
import { allowed } from "./allowed-imports.js";
import { type ImportSite, importsOf } from "./imports.js";

/** The test kit: the fakes, fixtures and assertion helpers of every package's tests. */
const testKit = "@losslab/test-kit";

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
  const names = readdirSync(join(root, "packages"))
    .filter((name) => name !== "test-kit")
    .sort();

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

/** Packages that only run in Node: none may reach the web page. */
const NODE_ONLY = ["piscina", "bullmq", "ioredis", "commander", "playwright-core", "@resvg/resvg-js", "tsx"];

/**
 * What the web page's modules import, followed from its entries (apps/web/src: the page and
 * its workers) through relative imports and the workspace packages' sources (the
 * `@losslab/source` condition the page builds with): every Node built-in and Node-only
 * package reached, with the chain of files that reaches it. Other packages (vega, yaml, zod)
 * are not followed: the bundle test builds them (apps/web/test/browser.test.ts).
 */
export function pageReaches(
  entries: readonly string[],
  read: (file: string) => string | undefined = (file) =>
    existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : undefined,
): string[] {
  const found: string[] = [];
  const via = new Map<string, string>(entries.map((entry) => [entry, ""]));
  const queue = [...entries];
  const resolveFile = (file: string): string | undefined => {
    const candidates = [file, file.replace(/\.js$/, ".ts"), `${file}.ts`, join(file, "index.ts")];
    return candidates.find((candidate) => read(candidate) !== undefined);
  };
  const chain = (file: string): string => {
    const parent = via.get(file);
    return parent === undefined || parent === "" ? file : `${chain(parent)} -> ${file}`;
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const site of importsOf(file, read(file) ?? "")) {
      if (site.typeOnly) continue;
      const { specifier } = site;
      let target: string | undefined;
      if (specifier.startsWith(".")) target = resolveFile(join(dirname(file), specifier));
      else if (specifier.startsWith("@losslab/"))
        target = `packages/${specifier.slice("@losslab/".length)}/src/index.ts`;
      else if (specifier.startsWith("node:") || isBuiltin(specifier)) {
        found.push(`${chain(file)}: the Node built-in "${specifier}"`);
      } else if (NODE_ONLY.includes(packageOf(specifier) ?? "")) {
        found.push(`${chain(file)}: "${specifier}", which runs in Node only`);
      }
      if (target !== undefined && !via.has(target) && /\.ts$/.test(target)) {
        via.set(target, file);
        queue.push(target);
      }
    }
  }
  return found;
}

describe("the web page (apps/web)", () => {
  // The worker of a split run's other parts is an entry of its own: the worker starts it by URL, not by an import.
  const entries = ["apps/web/src/main.ts", "apps/web/src/worker.ts", "apps/web/src/part-worker.ts"];

  it("reaches no Node built-in and no Node-only package from its entries, through every workspace package it imports", () => {
    const read = new Set<string>();
    const reader = (file: string) => {
      read.add(file);
      return existsSync(join(root, file)) ? readFileSync(join(root, file), "utf8") : undefined;
    };
    expect(pageReaches(entries, reader)).toEqual([]);
    // Else this test would check nothing: it followed the presets down to the engine.
    for (const file of [
      "packages/reproductions/src/index.ts",
      "packages/scenario/src/index.ts",
      "packages/engine/src/index.ts",
    ]) {
      expect(read.has(file), file).toBe(true);
    }
  });

  it("would say which chain of imports brought one in", () => {
    const files: Record<string, string> = {
      "apps/web/src/main.ts": 'import { a } from "./a.js";\nimport type { T } from "@losslab/lab";\n',
      "apps/web/src/a.ts": 'import { b } from "@losslab/reproductions";\n',
      "packages/reproductions/src/index.ts": 'export { c } from "./pool.js";\n',
      "packages/reproductions/src/pool.ts":
        'import { Piscina } from "piscina";\nimport { readFileSync } from "node:fs";\n',
    };
    expect(pageReaches(["apps/web/src/main.ts"], (file) => files[file])).toEqual([
      'apps/web/src/main.ts -> apps/web/src/a.ts -> packages/reproductions/src/index.ts -> packages/reproductions/src/pool.ts: "piscina", which runs in Node only',
      'apps/web/src/main.ts -> apps/web/src/a.ts -> packages/reproductions/src/index.ts -> packages/reproductions/src/pool.ts: the Node built-in "node:fs"',
    ]);
  });
});

/** Where the test kit may be imported: its own files, tests and scripts anywhere, the apps' benches. */
const mayImportTestKit = (file: string) =>
  isInside("packages/test-kit", file) || /(^|\/)(test|scripts)\//.test(file) || /^apps\/[^/]+\/bench\//.test(file);

/** The imports of the test kit in `file` (relative to the root) where it may not be imported. */
export function testKitMisuses(file: string, text: string): string[] {
  if (mayImportTestKit(file)) return [];
  return importsOf(file, text)
    .filter((site) => packageOf(site.specifier) === testKit)
    .map((site) => `${file}: imports "${site.specifier}" (only tests, scripts and the apps' benches may)`);
}

/** The test kit's own imports that leave it or reach into a package's internals. */
export function testKitReaches(sites: ImportSite[]): string[] {
  return sites.flatMap((site) => {
    if (site.specifier.startsWith(".")) {
      const target = join(dirname(site.file), site.specifier);
      return isInside("packages/test-kit", target) ? [] : [`${site.file}: "${site.specifier}" leaves the test kit`];
    }
    const pkg = packageOf(site.specifier);
    return pkg?.startsWith("@losslab/") && pkg !== site.specifier
      ? [`${site.file}: deep import "${site.specifier}" (only a package's index is public)`]
      : [];
  });
}

describe("the test kit (@losslab/test-kit)", () => {
  it("is imported by tests, scripts and the apps' benches only: never by a package's sources or bench", () => {
    const files = ["packages", "apps", "scripts", "test"].flatMap((dir) => codeFiles(dir));
    const users = files.filter((file) => readFileSync(join(root, file), "utf8").includes(testKit));
    // Else this test would check nothing.
    expect(users.some((file) => file.startsWith("packages/core/test/"))).toBe(true);
    expect(files.flatMap((file) => testKitMisuses(file, readFileSync(join(root, file), "utf8")))).toEqual([]);
  });

  it("imports any workspace package, by its name only", () => {
    const dir = join(root, "packages", "test-kit", "src");
    const sites = sourceFiles(dir).flatMap((file) => importsOf(relative(root, file), readFileSync(file, "utf8")));
    expect(sites.some((site) => site.specifier === "@losslab/scenario")).toBe(true);
    expect(testKitReaches(sites)).toEqual([]);
  });

  it("catches a package's source or bench importing the kit, and lets a test, a script and an app's bench", () => {
    const kit = 'import { errorOf } from "@losslab/test-kit/errors";\n';
    expect(testKitMisuses("packages/core/src/packet.ts", kit)).toEqual([
      `packages/core/src/packet.ts: imports "@losslab/test-kit/errors" (only tests, scripts and the apps' benches may)`,
    ]);
    expect(testKitMisuses("apps/web/src/main.ts", kit)).toHaveLength(1);
    expect(testKitMisuses("packages/switch/bench/switch.bench.ts", kit)).toHaveLength(1);
    for (const file of ["packages/core/test/packet.test.ts", "apps/lab/bench/permutation.bench.ts", "scripts/x.ts"]) {
      expect(testKitMisuses(file, kit)).toEqual([]);
    }
    // The published packages' table refuses it too: it is in no package's list.
    expect(violations("core", importsOf("packages/core/src/x.ts", kit), [])).toContain(
      'packages/core/src/x.ts: core may not import "@losslab/test-kit/errors"',
    );
  });

  it("catches the kit leaving itself or reaching into a package", () => {
    const file = "packages/test-kit/src/x.ts";
    const sites = importsOf(
      file,
      'import { a } from "../../switch/src/link.js";\nimport { b } from "@losslab/switch/src/link.js";\nimport { c } from "./c.js";\n',
    );
    expect(testKitReaches(sites)).toEqual([
      `${file}: "../../switch/src/link.js" leaves the test kit`,
      `${file}: deep import "@losslab/switch/src/link.js" (only a package's index is public)`,
    ]);
  });
});
