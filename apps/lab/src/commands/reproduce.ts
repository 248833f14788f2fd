import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseScenario, runScenario } from "@losslab/scenario";
import { chartToCsv } from "../chart-csv.js";
import { prepareOutputDir } from "../output-dir.js";
import type { Preset, PresetResult } from "../preset.js";
import { findPreset, presets } from "../presets/index.js";
import { terminalProgress } from "../progress.js";
import { collectEnvironment } from "../report/environment.js";
import { formatSeconds, type ReportChart, type ReportPreset, renderHtmlReport } from "../report/html-report.js";
import { formatResultTable } from "../result-table.js";
import { openTraceFile, type TraceFlags } from "../trace-file.js";
import { UserError } from "../user-error.js";

export interface ReproduceOptions extends TraceFlags {
  json?: boolean;
  out?: string;
  seed: number;
  workers: number;
  /** Run every preset (or those in --only) and write <out>/index.html. */
  all?: boolean;
  /** Comma-separated preset names restricting --all. */
  only?: string;
  /** List the presets instead of running one. */
  list?: boolean;
  /** With --trace: which of the preset's runs to trace (1-based). */
  traceRun?: number;
  /** With --trace: write the trace and stop (skip the preset's own runs). */
  traceOnly?: boolean;
}

/**
 * `losslab reproduce <preset>`: runs a paper figure's preset. With --json prints the spec's
 * JSON object on stdout; otherwise a readable table, plus CSV and chart files under --out.
 * `--list` lists the presets; `--all` runs them all and writes an HTML report.
 */
export async function reproduceCommand(name: string | undefined, options: ReproduceOptions): Promise<void> {
  if (options.list) {
    if (name !== undefined || options.all) throw new UserError("--list takes no preset name and no --all");
    listPresets(options.json === true);
    return;
  }
  if (options.all) {
    if (options.trace !== undefined) throw new UserError("--trace traces one preset's run; not with --all");
    if (name !== undefined) {
      throw new UserError(`give either a preset name or --all, not both (got "${name}" and --all)`);
    }
    await reproduceAll(options);
    return;
  }
  if (name === undefined) {
    throw new UserError("give a preset name or --all (see `losslab reproduce --list`)");
  }
  if (options.only !== undefined) throw new UserError("--only restricts --all; use it with --all");
  const preset = findPreset(name);
  traceRun(preset, options);
  if (options.traceOnly) return;
  const out = options.out ?? join("results", preset.name);
  if (!options.json) await prepareOutputDir(out);
  const progress = options.json ? () => {} : terminalProgress(preset.name);
  const result = await preset.run({ seed: options.seed, workers: options.workers, progress });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(toJson(preset.name, options.seed, result), null, 2)}\n`);
  } else {
    process.stdout.write(formatResultTable(preset.name, result));
    const files = await writeOutputs(out, preset.name, options.seed, result);
    process.stdout.write(`\nwrote ${files.length} files to ${out}/\n`);
  }
  if (result.checks.some((check) => !check.pass)) process.exitCode = 1;
}

/**
 * --trace: runs the chosen scenario of the preset once more with a packet trace (the
 * preset's own runs stay untraced, and may run on worker threads).
 */
function traceRun(preset: Preset, options: ReproduceOptions): void {
  if (options.trace === undefined) {
    if (options.traceRun !== undefined || options.traceOnly) {
      throw new UserError(`${options.traceOnly ? "--trace-only" : "--trace-run"} needs --trace FILE`);
    }
    openTraceFile(options); // rejects trace filters without --trace
    return;
  }
  const scenarios = preset.scenarios(options.seed);
  if (scenarios.length === 0) throw new UserError(`${preset.name} simulates nothing (an analytical figure): no trace`);
  const run = options.traceRun ?? (scenarios.length === 1 ? 1 : undefined);
  if (run === undefined || run > scenarios.length) {
    throw new UserError(
      `${preset.name} makes ${scenarios.length} runs: choose one with --trace-run 1..${scenarios.length}` +
        (run === undefined ? "" : ` (got ${run})`),
    );
  }
  const trace = openTraceFile(options)!;
  try {
    runScenario(parseScenario(scenarios[run - 1]), { trace: trace.options });
  } finally {
    process.stderr.write(`${preset.name}, run ${run} of ${scenarios.length}: ${trace.close()}\n`);
  }
}

/** The JSON shape fixed by shared/spec/reproductions.md, plus the runs' fingerprint. */
export function toJson(preset: string, seed: number, result: PresetResult) {
  const { params, fingerprint, summary, checks } = result;
  return { preset, seed, params, fingerprint, summary, checks };
}

function listPresets(json: boolean): void {
  const rows = presets.map(({ name, description, expectedRuntime }) => ({ name, description, expectedRuntime }));
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const header = { name: "preset", description: "description", expectedRuntime: "runtime" };
  const nameWidth = Math.max(...[header, ...rows].map((r) => r.name.length));
  const runtimeWidth = Math.max(...[header, ...rows].map((r) => r.expectedRuntime.length));
  const line = (r: typeof header) =>
    `${r.name.padEnd(nameWidth)}  ${r.expectedRuntime.padEnd(runtimeWidth)}  ${r.description}`;
  process.stdout.write(`${[line(header), ...rows.map(line)].join("\n")}\n`);
}

/** The presets --all runs: every one but the long ones, or those named in --only (in the registry's order). */
function selectPresets(only: string | undefined): Preset[] {
  if (only === undefined) return presets.filter((preset) => preset.long !== true);
  const names = only
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "");
  const known = new Set(presets.map((p) => p.name));
  const unknown = names.filter((n) => !known.has(n));
  if (names.length === 0 || unknown.length > 0) {
    const what = names.length === 0 ? "--only names no preset" : `unknown preset(s) in --only: ${unknown.join(", ")}`;
    throw new UserError(`${what}; known presets: ${presets.map((p) => p.name).join(", ")}`);
  }
  return presets.filter((p) => names.includes(p.name));
}

async function reproduceAll(options: ReproduceOptions): Promise<void> {
  if (options.json) throw new UserError("--json is not supported with --all (see <out>/<preset>/result.json)");
  const selected = selectPresets(options.only);
  const out = options.out ?? "results";
  await prepareOutputDir(out);
  const environment = collectEnvironment();
  const reports: ReportPreset[] = [];
  const start = performance.now();
  for (const [index, preset] of selected.entries()) {
    const label = `[${index + 1}/${selected.length}] ${preset.name}`;
    process.stderr.write(`${label}: running (expected ${preset.expectedRuntime})\n`);
    const presetStart = performance.now();
    const result = await preset.run({
      seed: options.seed,
      workers: options.workers,
      progress: terminalProgress(label),
    });
    const dir = join(out, preset.name);
    const { charts } = await writeOutputsWithSvgs(dir, preset.name, options.seed, result);
    const wallTimeMs = performance.now() - presetStart;
    const failed = result.checks.filter((c) => !c.pass).length;
    process.stderr.write(
      `${label}: ${result.checks.length - failed} of ${result.checks.length} claims pass, ${formatSeconds(wallTimeMs)}\n`,
    );
    process.stdout.write(`${formatResultTable(preset.name, result)}\n`);
    reports.push({
      name: preset.name,
      description: preset.description,
      expectedRuntime: preset.expectedRuntime,
      wallTimeMs,
      result,
      charts,
    });
  }
  const totalWallTimeMs = performance.now() - start;
  const html = renderHtmlReport({
    environment,
    seed: options.seed,
    workers: options.workers,
    totalWallTimeMs,
    presets: reports,
  });
  await mkdir(out, { recursive: true });
  const index = join(out, "index.html");
  await writeFile(index, html);
  const checks = reports.flatMap((r) => r.result.checks);
  const failed = checks.filter((c) => !c.pass).length;
  process.stdout.write(
    `${reports.length} presets, ${checks.length - failed} of ${checks.length} claims pass, ${formatSeconds(totalWallTimeMs)}; wrote ${index}\n`,
  );
  if (failed > 0) process.exitCode = 1;
}

async function writeOutputs(out: string, preset: string, seed: number, result: PresetResult): Promise<string[]> {
  return (await writeOutputsWithSvgs(out, preset, seed, result)).written;
}

async function writeOutputsWithSvgs(
  out: string,
  preset: string,
  seed: number,
  result: PresetResult,
): Promise<{ written: string[]; charts: ReportChart[] }> {
  await mkdir(out, { recursive: true });
  const written: string[] = [];
  const charts: ReportChart[] = [];
  const write = async (file: string, data: string | Uint8Array) => {
    await writeFile(join(out, file), data);
    written.push(file);
  };
  await write("result.json", `${JSON.stringify(toJson(preset, seed, result), null, 2)}\n`);
  const { renderChartSvg, svgDocumentToPng } = await import("../render-chart.js");
  for (const chart of result.charts) {
    await write(`${chart.name}.csv`, chartToCsv(chart));
    const svg = await renderChartSvg(chart);
    await write(`${chart.name}.svg`, svg);
    await write(`${chart.name}.png`, svgDocumentToPng(svg));
    charts.push({ name: chart.name, title: chart.title, svg });
  }
  return { written, charts };
}
