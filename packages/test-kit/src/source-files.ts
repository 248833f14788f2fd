/** The code files of a directory tree, for the tests that read the repository's imports. */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "./repository.js";

/** Every `.ts`/`.tsx` file below `dir` that is not a `.test.ts(x)`, as paths joined to `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every TypeScript or JavaScript file below `dir` (relative to the repository root, like the
 * paths returned), tests included; not installed or built ones, nor example directories.
 */
export function codeFiles(dir: string): string[] {
  return readdirSync(join(repositoryRoot, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (["node_modules", "dist", ".turbo", "examples"].includes(name)) return [];
    if (statSync(join(repositoryRoot, path)).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}
