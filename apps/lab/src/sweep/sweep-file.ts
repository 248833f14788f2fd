import {
  checkFits,
  parseScenario,
  type Scenario,
  ScenarioError,
  type ScenarioKinds,
  scenarioSchemaFor,
} from "@losslab/scenario";
import { resolveInside } from "../files/data-dir.js";
import { dataDirOf, inlineDataFiles, readDataFile } from "../files/data-file.js";
import { type ResolvedPlugin, scenarioKinds } from "../plugins.js";
import { oneLine } from "../terminal/one-line.js";
import { UserError } from "../user-error.js";

export interface Sweep {
  /** The base scenario with every default filled in. */
  base: Scenario;
  /**
   * The base as written (trace files inlined): each point is this with its values set, then parsed,
   * so a swept field the defaults derive from (durationCycles, a buffer size) takes effect.
   */
  written: Record<string, unknown>;
  /** Parameter paths in the order listed, each with its values. */
  parameters: Array<{ path: string; values: unknown[] }>;
  /** Summary keys to chart (`groups.local`, `links.A->B`, ...); undefined: the groups. */
  outputs?: string[];
  /** Index in `parameters` of the one on the charts' x axis (the file's `x`; default the first). */
  x: number;
  /** The kinds its scenarios may name: the built-in ones and its plugins'. */
  kinds: ScenarioKinds;
  /** The base's plugins and `--plugin`'s, resolved: what the worker threads load for every point. */
  plugins: ResolvedPlugin[];
}

export interface SweepPoint {
  /** 1-based, in grid order. */
  index: number;
  /** One value per parameter, in parameter order. */
  values: unknown[];
  /** The base with the values set: a scenario input, validated. */
  scenario: Scenario;
}

/** The most points a sweep may have: every one is a scenario held in memory until it has run. */
const MAX_SWEEP_POINTS = 10_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Reads and checks a sweep file: its shape, the base scenario and every parameter path. A
 * base scenario file, and the trace files it names, are read from the sweep file's
 * directory or from `dataDir` (see `dataDirOf`).
 */
export async function readSweepFile(file: string, dataDir?: string, plugins: readonly string[] = []): Promise<Sweep> {
  const input = await readDataFile(file, "sweep file");
  if (!isObject(input)) throw new UserError(`${file}: a sweep file is an object { base, parameters, outputs?, x? }`);
  const unknown = Object.keys(input).filter((key) => !["base", "parameters", "outputs", "x"].includes(key));
  if (unknown.length > 0) {
    throw new UserError(
      `${file}: unknown field ${unknown.map((k) => `"${k}"`).join(", ")} (known: base, parameters, outputs, x)`,
    );
  }
  // The base: inline, or a scenario file in the data directory.
  let rawBase: unknown = input.base;
  let baseFile = file;
  let dir = await dataDirOf(file, dataDir);
  if (typeof rawBase === "string") {
    baseFile = await resolveInside(dir, rawBase, `${file}: base`);
    rawBase = await readDataFile(baseFile, "base scenario file", rawBase);
    dir = await dataDirOf(baseFile, dataDir);
  } else if (!isObject(rawBase)) {
    throw new UserError(`${file}: base: must be a scenario object or the path of a scenario file`);
  }
  await inlineDataFiles(rawBase, baseFile, dir);
  const resolved = await scenarioKinds(rawBase, baseFile, dir, plugins);
  const { kinds } = resolved;
  let base: Scenario;
  try {
    base = parseScenario(rawBase, kinds);
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(`${file}: base: ${problemsOf(error.message)}`);
    throw error;
  }

  if (!isObject(input.parameters) || Object.keys(input.parameters).length === 0) {
    throw new UserError(`${file}: parameters: must be an object { "dotted.path": [values...] } with at least one path`);
  }
  const parameters: Sweep["parameters"] = [];
  for (const [path, values] of Object.entries(input.parameters)) {
    if (!Array.isArray(values) || values.length === 0) {
      throw new UserError(`${file}: parameters."${path}": must be a non-empty list of values`);
    }
    // A point would load the code a value names: plugins are the base's (or --plugin's), for every point.
    if (path === "plugins" || path.startsWith("plugins.")) {
      throw new UserError(
        `${file}: parameters."${path}": plugins cannot be swept (a plugin is code): name them in the base scenario or with --plugin`,
      );
    }
    const texts = values.map(formatValue);
    const duplicate = texts.find((text, i) => texts.indexOf(text) !== i);
    if (duplicate !== undefined) throw new UserError(`${file}: parameters."${path}": duplicate value ${duplicate}`);
    const problem = checkPath(base, path, values[0], kinds);
    if (problem !== undefined) throw new UserError(`${file}: unknown parameter path "${path}": ${problem}`);
    parameters.push({ path, values });
  }

  const grid = parameters.reduce((product, { values }) => product * values.length, 1);
  if (grid > MAX_SWEEP_POINTS) {
    throw new UserError(
      `${file}: parameters: the grid has ${grid} points (${parameters.map(({ values }) => values.length).join(" x ")}); a sweep has at most ${MAX_SWEEP_POINTS}`,
    );
  }

  let outputs: string[] | undefined;
  if (input.outputs !== undefined) {
    if (!Array.isArray(input.outputs) || !input.outputs.every((o) => typeof o === "string")) {
      throw new UserError(`${file}: outputs: must be a list of summary keys such as "groups.local" or "links.A->B"`);
    }
    outputs = input.outputs as string[];
  }
  let x = 0;
  if (input.x !== undefined) {
    x = parameters.findIndex((p) => p.path === input.x);
    if (x < 0) {
      throw new UserError(
        `${file}: x: ${JSON.stringify(input.x)} is not a swept parameter; swept: ${parameters.map((p) => p.path).join(", ")}`,
      );
    }
  }
  const sweep = { base, written: rawBase as Record<string, unknown>, parameters, x, kinds, plugins: resolved.plugins };
  return outputs === undefined ? sweep : { ...sweep, outputs };
}

/**
 * Every point of the grid, validated with parseScenario and checkFits before anything runs. Invalid points
 * are reported together, each naming the point, its values and the field.
 */
export function sweepPoints(sweep: Sweep, file: string): SweepPoint[] {
  const combos: unknown[][] = [[]];
  for (const { values } of sweep.parameters) {
    const next: unknown[][] = [];
    for (const combo of combos) for (const value of values) next.push([...combo, value]);
    combos.splice(0, combos.length, ...next);
  }
  const points: SweepPoint[] = [];
  const problems: string[] = [];
  for (const [i, values] of combos.entries()) {
    const input = structuredClone(sweep.written);
    sweep.parameters.forEach(({ path }, p) => {
      setPath(input, path, structuredClone(values[p]), sweep.base);
    });
    const label = pointLabel(i + 1, sweep, values);
    try {
      const scenario = parseScenario(input, sweep.kinds);
      checkFits(scenario, sweep.kinds);
      points.push({ index: i + 1, values, scenario });
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      problems.push(`${label}: ${problemsOf(error.message)}`);
    }
  }
  if (problems.length === 1) throw new UserError(`${file}: ${problems[0]}`);
  if (problems.length > 1) {
    const shown = problems.slice(0, 5).map((p) => `  ${p}`);
    if (problems.length > 5) shown.push(`  ... and ${problems.length - 5} more`);
    throw new UserError(`${file}: ${problems.length} of ${combos.length} points are invalid:\n${shown.join("\n")}`);
  }
  return points;
}

/** `point 3 (switch.bufferPackets=0, marking.outputThreshold=2)`. */
export function pointLabel(index: number, sweep: Sweep, values: unknown[]): string {
  return `point ${index} (${sweep.parameters.map(({ path }, p) => `${path}=${formatValue(values[p])}`).join(", ")})`;
}

/** A parameter value as text: strings as they are, anything else as JSON. */
export function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A ScenarioError's problems on one line, without its "invalid scenario:" heading (the point's label says it). */
function problemsOf(message: string): string {
  return oneLine(message).replace(/^invalid scenario: /, "");
}

const segmentsOf = (path: string) => path.split(".");

/**
 * Why `path` is not a field of the scenario, or undefined if it is: every segment but the
 * last must exist in the base (defaults filled in); the last must exist there too or be an
 * optional field the schema knows (e.g. `limits.window`).
 */
function checkPath(base: Scenario, path: string, sample: unknown, kinds: ScenarioKinds): string | undefined {
  const segments = segmentsOf(path);
  if (segments.some((s) => s === "")) return "empty segment";
  let node: unknown = base;
  for (const [i, segment] of segments.entries()) {
    const here = segments.slice(0, i).join(".") || "the scenario";
    if (node === null || typeof node !== "object") return `${here} is not an object`;
    const container = node as Record<string, unknown>;
    if (segment in container && container[segment] !== undefined) {
      node = container[segment];
      continue;
    }
    if (i < segments.length - 1 || Array.isArray(container)) {
      return `the base has no ${segments.slice(0, i + 1).join(".")}`;
    }
    // The last segment, absent from the base: accept it if the schema has the field.
    const probe = structuredClone(base) as Record<string, unknown>;
    setPath(probe, path, sample, base);
    const result = scenarioSchemaFor(kinds).safeParse(probe);
    const parent = segments.slice(0, -1);
    const rejected =
      !result.success &&
      result.error.issues.some(
        (issue) =>
          issue.code === "unrecognized_keys" &&
          issue.keys.includes(segment) &&
          issue.path.map(String).join(".") === parent.join("."),
      );
    if (rejected) {
      const known = Object.keys(container).join(", ");
      return `${here} has no field "${segment}"${known === "" ? "" : ` (it has: ${known})`}`;
    }
    return undefined;
  }
  return undefined;
}

/** Sets `value` at a dotted path that checkPath accepted (array indices as numbers). */
/**
 * Sets `path` in `target` (a scenario as written) to `value`. An object on the path the file leaves
 * out comes from `defaults` (the parsed base, which checkPath found the path in): its kind and the
 * rest of its fields stay as the base had them.
 */
function setPath(target: Record<string, unknown>, path: string, value: unknown, defaults: unknown): void {
  const segments = segmentsOf(path);
  let node = target;
  let fallback = defaults as Record<string, unknown> | undefined;
  for (const segment of segments.slice(0, -1)) {
    fallback = fallback?.[segment] as Record<string, unknown> | undefined;
    if (node[segment] === undefined) node[segment] = structuredClone(fallback ?? {});
    node = node[segment] as Record<string, unknown>;
  }
  node[segments[segments.length - 1]!] = value;
}
