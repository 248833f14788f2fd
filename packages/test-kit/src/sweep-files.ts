/** The files of a `losslab sweep` run, for the tests that write a sweep and read back what it left. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Writes `sweep` as sweep.json (and each of `extra` as JSON beside it) to a fresh directory; returns its path. */
export function sweepFile(sweep: unknown, extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "losslab-sweep-"));
  for (const [name, content] of Object.entries(extra)) writeFileSync(join(dir, name), JSON.stringify(content));
  const file = join(dir, "sweep.json");
  writeFileSync(file, JSON.stringify(sweep));
  return file;
}

/** Every file of a directory with its bytes (base64), by name: two equal snapshots are byte-equal outputs. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) files[name] = readFileSync(join(dir, name)).toString("base64");
  return files;
}

/** How many points a sweep's results.csv holds now (0 before it exists). */
export function rowsOnDisk(csv: string): number {
  try {
    return readFileSync(csv, "utf8").trimEnd().split("\n").length - 1;
  } catch {
    return 0;
  }
}
