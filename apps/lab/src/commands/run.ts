import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { costWarnings, parseScenario, runScenario, ScenarioError, type ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../chart.js";
import { chartToCsv } from "../chart-csv.js";
import { round } from "../check.js";
import { inlineTraceFiles, readDataFile } from "../data-file.js";
import { terminalProgress } from "../progress.js";
import { UserError } from "../user-error.js";

export interface RunOptions {
  json?: boolean;
  seed?: number;
  out?: string;
}

/** `losslab run <file>`: validates a scenario file (JSON or YAML), runs it, prints its summary. */
export async function runCommand(file: string, options: RunOptions): Promise<void> {
  const input = await readDataFile(file, "scenario file");
  await inlineTraceFiles(input, file);
  if (options.seed !== undefined && input !== null && typeof input === "object") {
    (input as Record<string, unknown>).seed = options.seed;
  }
  let result: ScenarioResult;
  try {
    const scenario = parseScenario(input);
    for (const warning of costWarnings(scenario)) process.stderr.write(`losslab: warning: ${warning}\n`);
    const progress = options.json ? undefined : terminalProgress(scenario.name);
    result = runScenario(scenario, progress === undefined ? {} : { onProgress: progress });
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(`${file}: ${error.message}`);
    throw error;
  }
  const output = resultJson(result);
  if (options.json) process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  else process.stdout.write(formatSummary(result));
  if (options.out !== undefined) {
    await mkdir(options.out, { recursive: true });
    await writeFile(join(options.out, "result.json"), `${JSON.stringify(output, null, 2)}\n`);
    const chart = groupsChart(result);
    await writeFile(join(options.out, `${chart.name}.csv`), chartToCsv(chart));
    const { writeChart } = await import("../render-chart.js");
    await writeChart(chart, options.out);
    if (!options.json) process.stdout.write(`wrote result.json, ${chart.name}.csv/.svg/.png to ${options.out}/\n`);
  }
}

/** Meters with traffic, as series; the summary; and the counts. Deterministic key order. */
function resultJson(result: ScenarioResult) {
  const series: Record<string, Array<[number, number]>> = {};
  for (const meter of result.meters()) {
    if (meter.startsWith("flow:")) continue;
    const points = result.series(meter);
    if (points.some(([, v]) => v > 0)) series[meter] = points.map(([t, v]) => [round(t), round(v)]);
  }
  const summary = {
    links: Object.fromEntries(Object.entries(result.summary.links).map(([k, v]) => [k, round(v)])),
    groups: Object.fromEntries(Object.entries(result.summary.groups).map(([k, v]) => [k, round(v)])),
  };
  return {
    scenario: result.scenario,
    events: result.events,
    delivered: result.delivered,
    summary,
    completions: result.completions,
    series,
  };
}

function formatSummary(result: ScenarioResult): string {
  const [from, to] = result.scenario.metrics.measureMs ?? [0, result.scenario.durationMs];
  const lines = [`${result.scenario.name}`, "", `averages over ${from}-${to} ms (fraction of link bandwidth):`];
  for (const [group, value] of Object.entries(result.summary.groups))
    lines.push(`  group ${group.padEnd(24)} ${value.toFixed(4)}`);
  const busy = Object.entries(result.summary.links).filter(([, v]) => v >= 0.01);
  for (const [link, value] of busy) lines.push(`  link  ${link.padEnd(24)} ${value.toFixed(4)}`);
  const completions = Object.entries(result.completions);
  if (completions.length > 0) {
    lines.push("", "flow completion times (us), flows that completed:");
    for (const [group, c] of completions) {
      lines.push(
        `  ${group.padEnd(16)} count ${c.count}  mean ${c.meanUs.toFixed(1)}  p50 ${c.p50Us.toFixed(1)}  p99 ${c.p99Us.toFixed(1)}`,
      );
    }
  }
  lines.push("", `${result.delivered} data packets delivered, ${result.events} events`);
  return `${lines.join("\n")}\n`;
}

function groupsChart(result: ScenarioResult): Chart {
  return {
    name: "groups",
    title: result.scenario.name,
    xLabel: "time (ms)",
    yLabel: "rate (fraction of link bandwidth)",
    series: result
      .meters()
      .filter((m) => m.startsWith("group:"))
      .map((meter) => ({ name: meter.slice(6), points: result.series(meter) })),
  };
}
