/**
 * A preset's output directory: result.json, each chart as CSV, SVG and PNG, and last
 * manifest.json, which lists every other file with its SHA-256 and records the seed, the
 * wall time and the charts' titles. The manifest is what makes the directory complete:
 * `reproduce --all` run again re-uses a directory whose manifest and files all check out
 * (readKeptPreset) and runs the preset again otherwise.
 *
 * A kept directory is data, and is checked as data (issue 42): the manifest names exactly
 * the files losslab writes there (plain names: nothing outside the directory), each read only
 * if it is a regular file (not a link, a pipe or a device) of bounded size; the claims are
 * re-judged from result.json's summary by the preset's own `judge` (a preset without one is
 * run again), and each SVG must be a chart as losslab draws it (chart-svg.ts) before the
 * report inlines it.
 */
import { createHash } from "node:crypto";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { type Check, chartToCsv, type Preset, type PresetResult, resultJsonText } from "@losslab/reproductions";
import { writeFileAtomic } from "../files/atomic-write.js";
import { readRegularFile } from "../files/regular-file.js";
import { UserError } from "../user-error.js";
import { svgProblem } from "./chart-svg.js";
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

/** The most bytes of a kept file losslab reads back (a PNG of a busy chart is well under 1 MiB). */
const MAX_KEPT_FILE_BYTES = 16 * 2 ** 20;
/** The most charts a manifest may list. */
const MAX_CHARTS = 100;
/** A file name losslab writes in a preset's directory: no directory part, no leading dot. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}$/;

/**
 * The output an earlier run of `preset` at `seed` left in `dir`, if it is complete, intact
 * and re-judged: the manifest parses, names this preset and seed and exactly the files
 * losslab writes (result.json, and each chart's .csv, .svg and .png); every one is a regular
 * file with its SHA-256; result.json has the spec's shape and its checks are those the
 * preset's `judge` gives for its summary; every SVG is a chart as losslab draws it.
 * `{ problem }` says why not when something is there; undefined when the preset never
 * finished there (no manifest, no result.json).
 */
export async function readKeptPreset(
  dir: string,
  preset: Preset,
  seed: number,
): Promise<KeptPreset | { problem: string } | undefined> {
  const read = async (file: string): Promise<Buffer | { problem: string }> => {
    try {
      return await readRegularFile(join(dir, file), "kept file", {
        shown: file,
        maxBytes: MAX_KEPT_FILE_BYTES,
        followLinks: false,
      });
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      return { problem: error.message.replace(/^cannot read kept file /, "") };
    }
  };
  const exists = async (file: string) => (await lstat(join(dir, file)).catch(() => undefined)) !== undefined;
  if (!(await exists(MANIFEST))) {
    return (await exists("result.json")) ? { problem: `no ${MANIFEST}: an unfinished run` } : undefined;
  }
  const manifestBytes = await read(MANIFEST);
  if ("problem" in manifestBytes) return manifestBytes;
  const manifest = parseManifest(manifestBytes.toString("utf8"));
  if (manifest === undefined) return { problem: `${MANIFEST} is damaged` };
  if (manifest.preset !== preset.name) return { problem: `${MANIFEST} is ${manifest.preset.slice(0, 80)}'s` };
  if (manifest.seed !== seed) return { problem: `it was run with seed ${manifest.seed}` };
  const expected = [
    "result.json",
    ...manifest.charts.flatMap(({ name }) => ["csv", "svg", "png"].map((e) => `${name}.${e}`)),
  ];
  const listed = Object.keys(manifest.files);
  if (expected.length !== listed.length || !expected.every((file) => Object.hasOwn(manifest.files, file))) {
    const odd = listed.find((file) => !expected.includes(file)) ?? expected.find((file) => !listed.includes(file));
    return {
      problem: `${MANIFEST} does not list the files losslab writes there (${JSON.stringify(odd?.slice(0, 80))})`,
    };
  }
  const contents = new Map<string, Buffer>();
  for (const [file, hash] of Object.entries(manifest.files)) {
    const bytes = await read(file);
    if ("problem" in bytes) return bytes;
    if (sha256(bytes) !== hash) return { problem: `${file} changed since it was written` };
    contents.set(file, bytes);
  }
  const result = parseResult(contents.get("result.json")!.toString("utf8"), preset.name, seed);
  if (result === undefined) return { problem: "result.json is not valid JSON of a preset's result" };
  // The claims are judged again from the numbers, never taken from result.json's PASS flags.
  if (preset.judge === undefined) {
    return {
      problem: "its claims compare runs its summary does not hold, so they cannot be judged again without running it",
    };
  }
  const judged = preset.judge(result.summary);
  if (judged === undefined) return { problem: "result.json's summary lacks a number its claims need" };
  if (JSON.stringify(judged) !== JSON.stringify(result.checks)) {
    return { problem: "result.json's claims are not what its numbers give (changed since it was written)" };
  }
  const charts: ReportChart[] = [];
  for (const { name, title } of manifest.charts) {
    const svg = contents.get(`${name}.svg`)!.toString("utf8");
    const problem = svgProblem(svg);
    if (problem !== undefined) return { problem: `${name}.svg is not a chart as losslab draws it (${problem})` };
    charts.push({ name, title, svg });
  }
  return { result: { ...result, checks: judged }, charts, wallTimeMs: manifest.wallTimeMs };
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

/**
 * The manifest, if it has its shape: plain file names only (a name with a directory part,
 * `..`, or a leading dot would make losslab read a file outside the directory), a SHA-256 for
 * each, at most MAX_CHARTS charts with names and titles.
 */
function parseManifest(text: string): Manifest | undefined {
  const value = parseJson(text);
  if (!isObject(value)) return undefined;
  const { preset, seed, wallTimeMs, charts, files } = value;
  const ok =
    typeof preset === "string" &&
    typeof seed === "number" &&
    typeof wallTimeMs === "number" &&
    Number.isFinite(wallTimeMs) &&
    Array.isArray(charts) &&
    charts.length <= MAX_CHARTS &&
    charts.every(
      (chart) =>
        isObject(chart) &&
        typeof chart.name === "string" &&
        FILE_NAME.test(`${chart.name}.svg`) &&
        typeof chart.title === "string" &&
        chart.title.length <= 1000,
    ) &&
    isObject(files) &&
    Object.keys(files).every((file) => FILE_NAME.test(file) && file !== MANIFEST) &&
    Object.values(files).every((hash) => typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash));
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
