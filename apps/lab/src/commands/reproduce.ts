import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { chartToCsv } from "../chart-csv.js";
import type { PresetResult } from "../preset.js";
import { findPreset } from "../presets/index.js";
import { terminalProgress } from "../progress.js";
import { formatResultTable } from "../result-table.js";

export interface ReproduceOptions {
  json?: boolean;
  out?: string;
  seed: number;
  workers: number;
}

/**
 * `losslab reproduce <preset>`: runs a paper figure's preset. With --json prints the spec's
 * JSON object on stdout; otherwise a readable table, plus CSV and chart files under --out.
 */
export async function reproduceCommand(name: string, options: ReproduceOptions): Promise<void> {
  const preset = findPreset(name);
  const progress = options.json ? () => {} : terminalProgress(preset.name);
  const result = await preset.run({ seed: options.seed, workers: options.workers, progress });
  if (options.json) {
    process.stdout.write(`${JSON.stringify(toJson(preset.name, options.seed, result), null, 2)}\n`);
  } else {
    process.stdout.write(formatResultTable(preset.name, result));
    const out = options.out ?? join("results", preset.name);
    const files = await writeOutputs(out, preset.name, options.seed, result);
    process.stdout.write(`\nwrote ${files.length} files to ${out}/\n`);
  }
  if (result.checks.some((check) => !check.pass)) process.exitCode = 1;
}

/** The JSON shape fixed by shared/spec/reproductions.md. */
export function toJson(preset: string, seed: number, result: PresetResult) {
  return { preset, seed, params: result.params, summary: result.summary, checks: result.checks };
}

async function writeOutputs(out: string, preset: string, seed: number, result: PresetResult): Promise<string[]> {
  await mkdir(out, { recursive: true });
  const written: string[] = [];
  const write = async (file: string, data: string | Uint8Array) => {
    await writeFile(join(out, file), data);
    written.push(file);
  };
  await write("result.json", `${JSON.stringify(toJson(preset, seed, result), null, 2)}\n`);
  const { renderChartSvg, renderChartPng } = await import("../render-chart.js");
  for (const chart of result.charts) {
    await write(`${chart.name}.csv`, chartToCsv(chart));
    await write(`${chart.name}.svg`, await renderChartSvg(chart));
    await write(`${chart.name}.png`, await renderChartPng(chart));
  }
  return written;
}
