import { dirname, extname } from "node:path";
import { quoteValue } from "@losslab/scenario";
import { parse as parseYaml } from "yaml";
import { UserError } from "../user-error.js";
import { type DataDir, dataDir, resolveInside } from "./data-dir.js";
import { readTextFile } from "./regular-file.js";

/**
 * Reads a JSON or YAML file; a missing, special, oversized or unparsable file is a UserError
 * whose message quotes no more of the file than its parser's first line (cut at 200 characters).
 */
export async function readDataFile(file: string, what: string, shown = file): Promise<unknown> {
  const text = await readTextFile(file, what, shown);
  const yaml = [".yaml", ".yml"].includes(extname(file).toLowerCase());
  try {
    // YAML: errors only, so a warning (an unknown tag) never adds a line to stderr.
    return yaml ? parseYaml(text, { logLevel: "error" }) : JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0]!.slice(0, 200);
    throw new UserError(`${shown} is not valid ${yaml ? "YAML" : "JSON"}: ${reason}`);
  }
}

/**
 * The data directory of the files a scenario (or sweep) file names: `--data-dir` when given,
 * else the file's own directory.
 */
export function dataDirOf(file: string, given: string | undefined): Promise<DataDir> {
  return given === undefined ? dataDir(dirname(file), false) : dataDir(given, true);
}

/**
 * A `trace` generator may name its trace as `"file": "trace.csv"` (or `.json`), inside the
 * data directory (see `dataDirOf`); this reads it and hands the traffic package its text or
 * entries. A trace that also has `csv` or `entries` is an error naming both fields.
 */
export async function inlineTraceFiles(input: unknown, scenarioFile: string, dir: DataDir): Promise<void> {
  const traffic = (input as { traffic?: unknown } | null)?.traffic;
  if (!Array.isArray(traffic)) return;
  for (const [i, spec] of traffic.entries()) {
    if (spec === null || typeof spec !== "object" || spec.kind !== "trace" || !("file" in spec)) continue;
    const field = `${scenarioFile}: traffic[${i}].file`;
    const name: unknown = spec.file;
    if (typeof name !== "string" || name === "") {
      throw new UserError(`${field}: must be the name of a trace file (.csv or .json), got ${quoteValue(name)}`);
    }
    for (const other of ["csv", "entries"]) {
      if (other in spec) {
        throw new UserError(
          `${scenarioFile}: traffic[${i}]: give the trace as traffic[${i}].file or traffic[${i}].${other}, not both`,
        );
      }
    }
    const path = await resolveInside(dir, name, field);
    const text = await readTextFile(path, "trace file", name).catch((error: unknown) => {
      throw error instanceof UserError ? new UserError(`${field}: ${error.message}`) : error;
    });
    delete spec.file;
    if (extname(path).toLowerCase() === ".json") {
      try {
        spec.entries = JSON.parse(text);
      } catch (error) {
        const reason = (error as Error).message.split("\n")[0]!.slice(0, 200);
        throw new UserError(`${field}: ${quoteValue(name)} is not valid JSON: ${reason}`);
      }
    } else spec.csv = text;
  }
}
