/**
 * No circle of imports among a package's source files (type-only imports included): a
 * family's contract lives apart from the registry that lists its implementations, so an
 * implementation imports the contract and only the registry imports the implementations.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { repositoryRoot as root } from "@losslab/test-kit/repository";
import { sourceFiles } from "@losslab/test-kit/source-files";
import { describe, expect, it } from "vitest";
import { importsOf } from "./imports.js";

/** The relative imports of each file, as files (`./x.js` is `x.ts`). */
export function importGraph(files: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of files) {
    const targets = importsOf(file, text)
      .filter((site) => site.specifier.startsWith("."))
      .map((site) => resolve(dirname(file), site.specifier).replace(/\.js$/, ".ts"))
      .filter((target) => files.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** One circle of the graph as a list of files (the first repeated at the end), or undefined. */
export function findCircle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") return [...path.slice(path.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const circle = visit(next);
        if (circle !== undefined) return circle;
      }
    }
    path.pop();
    state.set(file, "done");
    return undefined;
  };
  for (const file of graph.keys()) {
    if (state.get(file) === undefined) {
      const circle = visit(file);
      if (circle !== undefined) return circle;
    }
  }
  return undefined;
}

describe("import circles", () => {
  const dirs = [
    ...readdirSync(join(root, "packages")).map((name) => join(root, "packages", name, "src")),
    ...readdirSync(join(root, "apps")).map((name) => join(root, "apps", name, "src")),
  ];
  for (const dir of dirs) {
    it(`none among the sources of ${relative(root, dir)}`, () => {
      const files = new Map(sourceFiles(dir).map((file) => [file, readFileSync(file, "utf8")]));
      const circle = findCircle(importGraph(files));
      expect(circle?.map((file) => relative(root, file))).toBeUndefined();
    });
  }

  it("finds a circle through a type-only import, and none in a chain", () => {
    const files = new Map([
      ["/p/contract.ts", 'import { a } from "./impl.js";\n'],
      ["/p/impl.ts", 'import type { C } from "./contract.js";\n'],
      ["/p/other.ts", 'import { a } from "./impl.js";\n'],
    ]);
    expect(findCircle(importGraph(files))).toEqual(["/p/contract.ts", "/p/impl.ts", "/p/contract.ts"]);
    files.set("/p/contract.ts", "export type C = number;\n");
    expect(findCircle(importGraph(files))).toBeUndefined();
  });
});
