/**
 * Where things are in the repository, for tests and scripts that read its files: the root,
 * a package's directory by its short name, and the packages that are published.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The repository's root directory. */
export const repositoryRoot = join(import.meta.dirname, "..", "..", "..");

/** The directory of the workspace package `@losslab/<name>`: `lab` and `web` are apps, the others packages. */
export const packageDirectory = (name: string): string =>
  join(repositoryRoot, name === "lab" || name === "web" ? "apps" : "packages", name);

/**
 * The published packages' directories, relative to the root: every package under packages/
 * whose manifest is not private (this kit is), and the lab app.
 */
export function publishedPackageDirs(): string[] {
  const packages = readdirSync(join(repositoryRoot, "packages"))
    .sort()
    .map((name) => join("packages", name))
    .filter((dir) => JSON.parse(readFileSync(join(repositoryRoot, dir, "package.json"), "utf8")).private !== true);
  return [...packages, join("apps", "lab")];
}
