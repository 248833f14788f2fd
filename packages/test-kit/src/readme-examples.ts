/**
 * The runnable examples of the package READMEs: ```ts blocks whose first line is the marker
 * comment `// example.ts: runs as is ...`. Each is a complete program that imports only
 * published @losslab packages, so a user can paste it into a project; the packed-packages
 * test (apps/lab/test/packed.test.ts) runs every one against the installed tarballs, and
 * package tests run theirs from source to check what it prints.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packageDirectory, repositoryRoot } from "./repository.js";

export const EXAMPLE_MARKER = "// example.ts: runs as is";

export interface ReadmeExample {
  code: string;
  /** The ```text block that follows the example, before any other code block: what it prints. */
  output: string | undefined;
}

/** The runnable examples of a README, in order. */
export function readmeExamples(readme: string): ReadmeExample[] {
  const blocks = [...readme.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({
    language: match[1] as string,
    text: match[2] as string,
  }));
  return blocks.flatMap((block, i) => {
    if (block.language !== "ts" || !block.text.startsWith(EXAMPLE_MARKER)) return [];
    const next = blocks[i + 1];
    return [{ code: block.text, output: next?.language === "text" ? next.text : undefined }];
  });
}

/** Where a published package's sources start, for running an example without a build. */
const sourceEntry = (name: string): string => join(packageDirectory(name), "src", "index.ts");

/** The README of `@losslab/<name>`. */
export const readmeOf = (name: string): string => readFileSync(join(packageDirectory(name), "README.md"), "utf8");

/**
 * Runs the first runnable example of the README of `@losslab/<name>` on the workspace sources
 * (its `@losslab/*` imports pointed at each package's src/index.ts) and returns what it prints.
 */
export function runReadmeExample(name: string): string {
  const example = readmeExamples(readmeOf(name))[0]?.code;
  if (example === undefined) throw new Error(`the README of @losslab/${name} has no runnable example`);
  const dir = mkdtempSync(join(tmpdir(), "losslab-readme-"));
  const file = join(dir, "example.ts");
  writeFileSync(
    file,
    example.replace(/from "@losslab\/([a-z-]+)"/g, (_, name: string) => `from ${JSON.stringify(sourceEntry(name))}`),
  );
  try {
    return execFileSync(process.execPath, ["--conditions=@losslab/source", "--import", "tsx", file], {
      cwd: repositoryRoot,
      encoding: "utf8",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Whether `printed` is what a README shows as an example's output: the shown lines in order,
 * where a line "..." stands for lines left out.
 */
export function showsOutput(shown: string, printed: string): boolean {
  const lines = printed.trimEnd().split("\n");
  const segments: string[][] = [[]];
  for (const line of shown.trimEnd().split("\n")) {
    if (line.trim() === "...") segments.push([]);
    else segments.at(-1)!.push(line);
  }
  let at = 0;
  for (const [i, segment] of segments.entries()) {
    if (segment.length === 0) continue;
    const fits = (start: number) => segment.every((line, j) => lines[start + j] === line);
    // The first segment starts the output and the last ends it, unless "..." stands there.
    if (i === 0) {
      if (!fits(0)) return false;
      at = segment.length;
      continue;
    }
    let start = at;
    while (start + segment.length <= lines.length && !fits(start)) start++;
    if (start + segment.length > lines.length) return false;
    at = start + segment.length;
  }
  return segments.at(-1)!.length === 0 || at === lines.length;
}
