/**
 * A preset's output directory: result.json, each chart as CSV, SVG and PNG, and last
 * manifest.json, which lists every other file with its SHA-256 and records the seed, the
 * wall time and the charts' titles. The manifest is what makes the directory complete:
 * `reproduce --all` run again re-uses a directory whose manifest and files all check out
 * (readKeptPreset) and runs the preset again otherwise.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Check, chartToCsv, type PresetResult, resultJsonText } from "@losslab/reproductions";
import { writeFileAtomic } from "../files/atomic-write.js";
import type { ReportChart } from "./html-report.js";

export const MANIFEST = "manifest.json";

interface Manifest {
  preset: string;
  seed: number;
  /** Wall time of the run and of writing its files, in milliseconds. */
  wallTimeMs: number;
  /** The charts in the preset's order, for the report. */
  charts: Array<{ name: string; title: string }>;
  /** Every other file of the directory -> SHA-256 of its bytes, in hex. */
  files: Record<string, string>;
}

/** What an earlier run left that can stand for running the preset again. */
export interface KeptPreset {
  /** As the preset returned it, without its charts' data (the report needs only their SVGs). */
  result: PresetResult;
  charts: ReportChart[];
  wallTimeMs: number;
}

/**
 * Writes the preset's files to `dir` (which exists), each atomically, the manifest last.
 * `startedAt` is the `performance.now()` at which the run started. Returns the file names and
 * the charts as the report shows them.
 */
export async function writePresetOutput(
  dir: string,
  preset: string,
  seed: number,
  result: PresetResult,
  startedAt: number,
): Promise<{ written: string[]; charts: ReportChart[]; wallTimeMs: number }> {
  const files: Record<string, string> = {};
  const write = async (file: string, data: string | Uint8Array) => {
    await writeFileAtomic(join(dir, file), data);
    files[file] = sha256(data);
  };
  await write("result.json", resultJsonText(preset, seed, result));
  const charts: ReportChart[] = [];
  const { renderChartSvg, svgDocumentToPng } = await import("../charts/render-chart.js");
  for (const chart of result.charts) {
    await write(`${chart.name}.csv`, chartToCsv(chart));
    const svg = await renderChartSvg(chart);
    await write(`${chart.name}.svg`, svg);
    await write(`${chart.name}.png`, svgDocumentToPng(svg));
    charts.push({ name: chart.name, title: chart.title, svg });
  }
  const wallTimeMs = performance.now() - startedAt;
  const manifest: Manifest = {
    preset,
    seed,
    wallTimeMs: Math.round(wallTimeMs),
    charts: charts.map(({ name, title }) => ({ name, title })),
    files,
  };
  await writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { written: [...Object.keys(files), MANIFEST], charts, wallTimeMs };
}

/**
 * The output an earlier run of `preset` at `seed` left in `dir`, if it is complete and
 * intact: the manifest parses and names this preset and seed, every file it lists has its
 * SHA-256, and result.json parses with the spec's shape. `{ problem }` says why not when
 * something is there; undefined when the preset never finished there (no manifest, no
 * result.json).
 */
export async function readKeptPreset(
  dir: string,
  preset: string,
  seed: number,
): Promise<KeptPreset | { problem: string } | undefined> {
  const manifestText = await readFile(join(dir, MANIFEST), "utf8").catch(() => undefined);
  if (manifestText === undefined) {
    const result = await readFile(join(dir, "result.json")).catch(() => undefined);
    return result === undefined ? undefined : { problem: `no ${MANIFEST}: an unfinished run` };
  }
  const manifest = parseManifest(manifestText);
  if (manifest === undefined) return { problem: `${MANIFEST} is damaged` };
  if (manifest.preset !== preset) return { problem: `${MANIFEST} is ${manifest.preset}'s` };
  if (manifest.seed !== seed) return { problem: `it was run with seed ${manifest.seed}` };
  const contents = new Map<string, Buffer>();
  for (const [file, hash] of Object.entries(manifest.files)) {
    const bytes = await readFile(join(dir, file)).catch(() => undefined);
    if (bytes === undefined) return { problem: `${file} is missing` };
    if (sha256(bytes) !== hash) return { problem: `${file} changed since it was written` };
    contents.set(file, bytes);
  }
  const resultBytes = contents.get("result.json");
  if (resultBytes === undefined) return { problem: `${MANIFEST} lists no result.json` };
  const result = parseResult(resultBytes.toString("utf8"), preset, seed);
  if (result === undefined) return { problem: "result.json is not valid JSON of a preset's result" };
  const charts: ReportChart[] = [];
  for (const { name, title } of manifest.charts) {
    const svg = contents.get(`${name}.svg`);
    if (svg === undefined) return { problem: `${MANIFEST} lists no ${name}.svg` };
    charts.push({ name, title, svg: svg.toString("utf8") });
  }
  return { result, charts, wallTimeMs: manifest.wallTimeMs };
}

function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseManifest(text: string): Manifest | undefined {
  const value = parseJson(text);
  if (!isObject(value)) return undefined;
  const { preset, seed, wallTimeMs, charts, files } = value;
  const ok =
    typeof preset === "string" &&
    typeof seed === "number" &&
    typeof wallTimeMs === "number" &&
    Array.isArray(charts) &&
    charts.every((chart) => isObject(chart) && typeof chart.name === "string" && typeof chart.title === "string") &&
    isObject(files) &&
    Object.values(files).every((hash) => typeof hash === "string");
  return ok ? (value as unknown as Manifest) : undefined;
}

function parseResult(text: string, preset: string, seed: number): PresetResult | undefined {
  const value = parseJson(text);
  if (!isObject(value) || value.preset !== preset || value.seed !== seed) return undefined;
  const { params, fingerprint, summary, checks } = value;
  const ok =
    isObject(params) &&
    typeof fingerprint === "string" &&
    /^[0-9a-f]{16}$/.test(fingerprint) &&
    isObject(summary) &&
    Array.isArray(checks) &&
    checks.every(isCheck);
  return ok ? ({ params, fingerprint, summary, checks, charts: [] } as PresetResult) : undefined;
}

function isCheck(value: unknown): value is Check {
  return (
    isObject(value) &&
    typeof value.id === "string" &&
    typeof value.claim === "string" &&
    (typeof value.value === "number" || value.value === null) &&
    typeof value.expected === "string" &&
    typeof value.pass === "boolean"
  );
}
