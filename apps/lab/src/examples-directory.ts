import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where the example scenarios are, for `--help`: beside the installed package's dist/ (its
 * build copies them there), or the repository's examples/ when run from source.
 */
export function examplesDirectory(): string {
  for (const candidate of ["../examples/", "../../../examples/"]) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  return "examples/";
}
