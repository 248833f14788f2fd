/** What `reproduce NAME --out DIR` writes that a run's trajectory decides, for comparing two ways of running a preset. */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { losslabInProcess } from "./in-process.js";

/** result.json and every chart's CSV that `reproduce NAME ARGS --out DIR` writes, by file name. */
export async function presetFiles(name: string, ...args: string[]): Promise<Record<string, string>> {
  const out = mkdtempSync(join(tmpdir(), "losslab-reproduce-threads-"));
  const run = await losslabInProcess("reproduce", name, "--out", out, ...args);
  expect(run.code, run.stderr).toBe(0);
  const kept = readdirSync(out).filter((file) => file === "result.json" || file.endsWith(".csv"));
  return Object.fromEntries(kept.map((file) => [file, readFileSync(join(out, file), "utf8")]));
}
