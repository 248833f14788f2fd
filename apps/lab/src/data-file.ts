import { readFile } from "node:fs/promises";
import { dirname, extname, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { UserError } from "./user-error.js";

/** Reads a JSON or YAML file; a missing or unparsable file is a UserError. */
export async function readDataFile(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(`cannot read ${what} "${file}"${code === "ENOENT" ? ": no such file" : `: ${code}`}`);
  }
  const yaml = [".yaml", ".yml"].includes(extname(file).toLowerCase());
  try {
    return yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new UserError(`${file} is not valid ${yaml ? "YAML" : "JSON"}: ${(error as Error).message.split("\n")[0]}`);
  }
}

/**
 * A `trace` generator may name its trace as `"file": "trace.csv"` (or `.json`), relative to
 * the scenario file; this reads it and hands the traffic package its text or entries.
 */
export async function inlineTraceFiles(input: unknown, scenarioFile: string): Promise<void> {
  const traffic = (input as { traffic?: unknown } | null)?.traffic;
  if (!Array.isArray(traffic)) return;
  for (const [i, spec] of traffic.entries()) {
    if (spec === null || typeof spec !== "object" || spec.kind !== "trace" || typeof spec.file !== "string") continue;
    const path = resolve(dirname(scenarioFile), spec.file);
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch {
      throw new UserError(`${scenarioFile}: traffic[${i}].file: cannot read trace "${spec.file}" (looked at ${path})`);
    }
    delete spec.file;
    if (extname(path).toLowerCase() === ".json") {
      try {
        spec.entries = JSON.parse(text);
      } catch (error) {
        throw new UserError(
          `${scenarioFile}: traffic[${i}].file: ${path} is not valid JSON: ${(error as Error).message}`,
        );
      }
    } else spec.csv = text;
  }
}
