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

/** The kinds whose file a scenario may name (`file: ...`), and the field its text goes to. */
const FILE_KINDS: Record<"traffic" | "topology", Record<string, string>> = {
  traffic: { "ns3-hpcc-flows": "text", "htsim-matrix": "text" },
  topology: { "ns3-hpcc": "text", "htsim-fat-tree": "text" },
};

/**
 * The files a scenario names, read into it, inside the data directory (see `dataDirOf`): a
 * `trace` generator's `"file": "trace.csv"` (or `.json`) becomes its `csv` text or `entries`;
 * a peer's file named by `ns3-hpcc-flows` or `htsim-matrix` traffic, or an `ns3-hpcc` or
 * `htsim-fat-tree` topology, becomes its `text`. The packages read no files: this hands them
 * the text. A spec that gives both `file` and the field it fills is an error naming both.
 */
export async function inlineDataFiles(input: unknown, scenarioFile: string, dir: DataDir): Promise<void> {
  if (input === null || typeof input !== "object") return;
  const { traffic, topology } = input as { traffic?: unknown; topology?: unknown };
  const specs: Array<[string, unknown, "traffic" | "topology"]> = [["topology", topology, "topology"]];
  if (Array.isArray(traffic))
    specs.push(...traffic.map((spec, i): [string, unknown, "traffic"] => [`traffic[${i}]`, spec, "traffic"]));
  for (const [path, spec, family] of specs) {
    if (spec === null || typeof spec !== "object" || !("file" in spec)) continue;
    const kind = (spec as { kind?: unknown }).kind;
    if (family === "traffic" && kind === "trace") {
      await inlineTrace(spec as Record<string, unknown>, path, scenarioFile, dir);
      continue;
    }
    const target = typeof kind === "string" ? FILE_KINDS[family][kind] : undefined;
    if (target === undefined) continue;
    const text = await readNamedFile(
      spec as Record<string, unknown>,
      path,
      [target],
      scenarioFile,
      dir,
      `${kind} file`,
    );
    (spec as Record<string, unknown>)[target] = text.text;
  }
}

/**
 * Reads the file `spec.file` names (deleting `file`): `what` it is, for messages (`trace
 * file`), `suffixes` its usual names end with; `others` are the fields it may not be given with.
 */
async function readNamedFile(
  spec: Record<string, unknown>,
  path: string,
  others: readonly string[],
  scenarioFile: string,
  dir: DataDir,
  what: string,
  suffixes = "",
): Promise<{ text: string; name: string; resolved: string; field: string }> {
  const field = `${scenarioFile}: ${path}.file`;
  const name: unknown = spec.file;
  if (typeof name !== "string" || name === "") {
    throw new UserError(`${field}: must be the name of a ${what}${suffixes}, got ${quoteValue(name)}`);
  }
  for (const other of others) {
    if (other in spec) {
      throw new UserError(
        `${scenarioFile}: ${path}: give the ${what.replace(/ file$/, "")} as ${path}.file or ${path}.${other}, not both`,
      );
    }
  }
  const resolved = await resolveInside(dir, name, field);
  const text = await readTextFile(resolved, what, name).catch((error: unknown) => {
    throw error instanceof UserError ? new UserError(`${field}: ${error.message}`) : error;
  });
  delete spec.file;
  return { text, name, resolved, field };
}

/** A trace generator's file: a CSV trace's text (`csv`), or a JSON trace's entries (`entries`). */
async function inlineTrace(spec: Record<string, unknown>, path: string, scenarioFile: string, dir: DataDir) {
  const { text, name, resolved, field } = await readNamedFile(
    spec,
    path,
    ["csv", "entries"],
    scenarioFile,
    dir,
    "trace file",
    " (.csv or .json)",
  );
  if (extname(resolved).toLowerCase() === ".json") {
    try {
      spec.entries = JSON.parse(text);
    } catch (error) {
      const reason = (error as Error).message.split("\n")[0]!.slice(0, 200);
      throw new UserError(`${field}: ${quoteValue(name)} is not valid JSON: ${reason}`);
    }
  } else spec.csv = text;
}
