import { join } from "node:path";
import {
  checkFits,
  parseScenario,
  runScenario,
  ScenarioError,
  type ScenarioResult,
  scenarioWarnings,
} from "@losslab/scenario";
import { writeFileAtomic } from "../atomic-write.js";
import type { Chart } from "../chart.js";
import { chartToCsv } from "../chart-csv.js";
import { round } from "../check.js";
import { dataDirOf, inlineTraceFiles, readDataFile } from "../data-file.js";
import { oneLine } from "../one-line.js";
import { prepareOutputDir } from "../output-dir.js";
import { simulationProgress } from "../progress.js";
import { openTraceFile, type TraceFlags } from "../trace-file.js";
import { UserError } from "../user-error.js";

export interface RunOptions extends TraceFlags {
  json?: boolean;
  seed?: number;
  out?: string;
  /** Where the files the scenario names may be (default: the scenario file's directory). */
  dataDir?: string;
}

/** `losslab run <file>`: validates a scenario file (JSON or YAML), runs it, prints its summary. */
export async function runCommand(file: string, options: RunOptions): Promise<void> {
  const input = await readDataFile(file, "scenario file");
  await inlineTraceFiles(input, file, await dataDirOf(file, options.dataDir));
  if (options.seed !== undefined && input !== null && typeof input === "object") {
    (input as Record<string, unknown>).seed = options.seed;
  }
  if (options.out !== undefined) await prepareOutputDir(options.out);
  let result: ScenarioResult;
  let traceNote: string | undefined;
  try {
    const scenario = parseScenario(input);
    // A scenario too big to build is refused before its warnings, as `validate` refuses it.
    checkFits(scenario);
    for (const warning of scenarioWarnings(scenario)) process.stderr.write(`losslab: warning: ${warning}\n`);
    const trace = openTraceFile(options);
    const progress = options.json ? undefined : simulationProgress(scenario.name);
    try {
      result = runScenario(scenario, {
        ...(progress === undefined ? {} : { onProgress: progress }),
        ...(trace === undefined ? {} : { trace: trace.options }),
      });
    } finally {
      traceNote = trace?.close();
    }
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(`${file}: ${oneLine(error.message)}`);
    throw error;
  }
  if (traceNote !== undefined) process.stderr.write(`${traceNote}\n`);
  const output = resultJson(result);
  if (options.json) process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
  else process.stdout.write(formatSummary(result));
  if (options.out !== undefined) {
    await writeFileAtomic(join(options.out, "result.json"), `${JSON.stringify(output, null, 2)}\n`);
    const { writeChart } = await import("../render-chart.js");
    const charts = [groupsChart(result), latencyChart(result)];
    for (const chart of charts) {
      await writeFileAtomic(join(options.out, `${chart.name}.csv`), chartToCsv(chart));
      await writeChart(chart, options.out);
    }
    if (!options.json) {
      const names = charts.map((chart) => chart.name).join(", ");
      process.stdout.write(`wrote result.json and the charts ${names} (.csv/.svg/.png) to ${options.out}/\n`);
    }
  }
}

/** Meters with traffic, as series; the summary; and the counts. Deterministic key order. */
export function resultJson(result: ScenarioResult) {
  const series: Record<string, Array<[number, number]>> = {};
  for (const meter of result.meters()) {
    if (meter.startsWith("flow:")) continue;
    const points = result.series(meter);
    if (points.some(([, v]) => v > 0)) series[meter] = points.map(([t, v]) => [round(t), round(v)]);
  }
  const rounded = (values: Record<string, number> | undefined) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, Number.isNaN(v) ? null : round(v)]));
  const s = result.summary;
  const summary = {
    links: rounded(s.links),
    groups: rounded(s.groups),
    classes: rounded(s.classes),
    latencyUs: rounded(s.latencyUs),
    ...(s.latencyCycles === undefined ? {} : { latencyCycles: rounded(s.latencyCycles) }),
  };
  return {
    scenario: result.scenario,
    fingerprint: result.fingerprint,
    events: result.events,
    delivered: result.delivered,
    marked: result.marked,
    stats: result.stats,
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
  for (const [name, value] of Object.entries(result.summary.classes))
    lines.push(`  class ${name.padEnd(24)} ${value.toFixed(4)}`);
  const busy = Object.entries(result.summary.links)
    .filter(([, v]) => v >= 0.01)
    .sort(([, a], [, b]) => b - a);
  const shown = busy.slice(0, MAX_LINKS_SHOWN);
  for (const [link, value] of shown) lines.push(`  link  ${link.padEnd(24)} ${value.toFixed(4)}`);
  if (busy.length > shown.length) lines.push(`  (${busy.length - shown.length} more links above 0.01; all in --json)`);
  const cycles = result.summary.latencyCycles;
  lines.push("", `mean latency from generation, ${cycles === undefined ? "us" : "cycles"}:`);
  for (const [name, value] of Object.entries(cycles ?? result.summary.latencyUs)) {
    lines.push(`  ${name.padEnd(30)} ${Number.isNaN(value) ? "-" : value.toFixed(cycles === undefined ? 3 : 1)}`);
  }
  const completions = Object.entries(result.completions);
  if (completions.length > 0) {
    lines.push("", "flow completion times (us), flows that completed:");
    for (const [group, c] of completions) {
      lines.push(
        `  ${group.padEnd(16)} count ${c.count}  mean ${c.meanUs.toFixed(1)}  p50 ${c.p50Us.toFixed(1)}  p99 ${c.p99Us.toFixed(1)}`,
      );
    }
  }
  const stats = result.stats;
  lines.push(
    "",
    `${result.delivered} data packets delivered, ${result.marked} marked by the switches, ${result.events} events, fingerprint ${result.fingerprint}`,
    `${stats.packetHops.total} packet-hops (${stats.eventsPerPacketHop} events each) in ${(stats.wallMs / 1000).toFixed(2)} s: ${stats.packetHopsPerSecond} packet-hops/s, ${stats.eventsPerSecond} events/s${stats.peakRssMiB === undefined ? "" : `, peak RSS ${stats.peakRssMiB} MiB`}`,
  );
  return `${lines.join("\n")}\n`;
}

/** Busiest links the text summary lists (a fat tree has hundreds). */
const MAX_LINKS_SHOWN = 12;

/** Mean latency per bin of every latency meter, in cycles when the scenario has them, else us. */
function latencyChart(result: ScenarioResult): Chart {
  const cycle = result.scenario.cycleNs;
  const unit = cycle === undefined ? 1e6 : cycle * 1000;
  const names = ["all", ...Object.keys(result.summary.latencyUs).filter((name) => name !== "all")];
  return {
    name: "latency",
    title: `Latency from generation: ${result.scenario.name}`,
    xLabel: cycle === undefined ? "time (ms)" : "time (cycles)",
    yLabel: cycle === undefined ? "mean latency (us)" : "mean latency (cycles)",
    series: names.map((name) => ({
      name,
      points: result
        .latency(name)
        .series()
        .map(([t, v]): [number, number] => [round(cycle === undefined ? t / 1e9 : t / unit), round(v / unit)]),
    })),
  };
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
