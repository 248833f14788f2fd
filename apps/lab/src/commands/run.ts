import { join } from "node:path";
import type {
  CollectiveSummary,
  PauseSummary,
  QueueLengthSummary,
  ReorderSummary,
  SlowdownStats,
  SlowdownSummary,
} from "@losslab/metrics";
import { type Chart, chartToCsv, collectivesChart, round } from "@losslab/reproductions";
import {
  checkFits,
  parseScenario,
  type RecoverySummary,
  runScenario,
  ScenarioError,
  type ScenarioResult,
  type SwitchMarks,
  scenarioWarnings,
} from "@losslab/scenario";
import { queueChart } from "../charts/queue-chart.js";
import { slowdownChart } from "../charts/slowdown-chart.js";
import { writeFileAtomic } from "../files/atomic-write.js";
import { dataDirOf, inlineDataFiles, readDataFile } from "../files/data-file.js";
import { prepareOutputDir } from "../files/output-dir.js";
import { openTraceFile, type TraceFlags } from "../files/trace-file.js";
import { scenarioKinds } from "../plugins.js";
import { checkThreads, threadsRun } from "../split-runs/threads-refusal.js";
import { oneLine } from "../terminal/one-line.js";
import { simulationProgress } from "../terminal/progress.js";
import { UserError } from "../user-error.js";

export interface RunOptions extends TraceFlags {
  json?: boolean;
  /** With --json: the time series of every meter too (large: ~1 MB for 100 ms of scenario S). */
  series?: boolean;
  seed?: number;
  out?: string;
  /** Where the files the scenario names may be (default: the scenario file's directory). */
  dataDir?: string;
  /** Plugin modules to load besides the scenario's `plugins` (`--plugin`). */
  plugin?: string[];
  /** Threads to split the run over (`--threads`; default the scenario's `threads`, else 1: not split). */
  threads?: number;
}

/** `losslab run <file>`: validates a scenario file (JSON or YAML), runs it, prints its summary. */
export async function runCommand(file: string, options: RunOptions): Promise<void> {
  if (options.series && !options.json)
    throw new UserError("--series adds the time series to --json; use it with --json");
  const input = await readDataFile(file, "scenario file");
  const dir = await dataDirOf(file, options.dataDir);
  await inlineDataFiles(input, file, dir);
  if (options.seed !== undefined && input !== null && typeof input === "object") {
    (input as Record<string, unknown>).seed = options.seed;
  }
  const { kinds } = await scenarioKinds(input, file, dir, options.plugin);
  if (options.out !== undefined) await prepareOutputDir(options.out);
  let result: ScenarioResult;
  let traceNote: string | undefined;
  try {
    // `threads` says how to run, not what: it stays out of the run and so out of its result.
    const { threads: fileThreads, ...scenario } = parseScenario(input, kinds);
    // A scenario too big to build is refused before its warnings, as `validate` refuses it.
    checkFits(scenario, kinds);
    for (const warning of scenarioWarnings(scenario, kinds)) process.stderr.write(`losslab: warning: ${warning}\n`);
    const progress = options.json ? undefined : simulationProgress(scenario.name);
    let threads = options.threads ?? fileThreads ?? 1;
    // A refusal names where the threads were asked for: the command line, or the file.
    const asked = options.threads === undefined ? `${file}: threads: ${threads}` : `--threads ${threads}`;
    if (threads > 1) {
      const plugins = (options.plugin ?? []).length > 0 || (scenario.plugins ?? []).length > 0;
      const others = plugins ? ["plugins"] : [];
      // A fabric of fewer pods (groups, leaves, switches) than threads runs on as many as it has.
      threads = checkThreads(asked, threads, scenario, kinds, others, (warning) =>
        process.stderr.write(`losslab: warning: ${warning}\n`),
      );
    }
    const trace = openTraceFile(options);
    try {
      if (threads > 1) {
        const { runOnThreads } = await import("../threads/run-on-threads.js");
        const parts = threads;
        result = await threadsRun(asked, () => runOnThreads(scenario, kinds, parts, progress, trace?.options));
        const slower = slowerThanOneThread(result, asked);
        if (slower !== undefined) process.stderr.write(`losslab: warning: ${slower}\n`);
      } else {
        result = runScenario(scenario, {
          kinds,
          ...(progress === undefined ? {} : { onProgress: progress }),
          ...(trace === undefined ? {} : { trace: trace.options }),
        });
      }
    } finally {
      traceNote = trace?.close();
    }
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(`${file}: ${oneLine(error.message)}`);
    throw error;
  }
  if (traceNote !== undefined) process.stderr.write(`${traceNote}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify(resultJson(result, options.series === true), null, 2)}\n`);
  else process.stdout.write(formatSummary(result));
  if (options.out !== undefined) {
    // The file keeps everything, series included, next to the charts drawn from them.
    await writeFileAtomic(join(options.out, "result.json"), `${JSON.stringify(resultJson(result, true), null, 2)}\n`);
    const { writeChart } = await import("../charts/render-chart.js");
    const charts = [
      groupsChart(result),
      latencyChart(result),
      slowdownChart(result),
      queueChart(result),
      collectivesChart(result),
    ].filter((chart) => chart !== undefined);
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

/**
 * What `run --json` prints: the scenario, fingerprint and counts, the run's cost (`stats`),
 * the summary, the marks (per switch, and the percent of delivered data packets marked)
 * and completion times, the slowdown and queue lengths when the run has them, and under
 * PAUSE the PAUSE statistics (`pause`), with `metrics.responses` the controllers' `responses`;
 * with `withSeries`, the series of every meter with traffic too, of the recorded switch buffers
 * (`queue:<buffer>`, [ms, bytes]) and of the source waits (`sourceWait:<group>`), and the
 * congestion notifications the switches sent (`notifications`, QCN's CNMs, in the order sent).
 * Deterministic key order.
 */
export function resultJson(result: ScenarioResult, withSeries = false) {
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
    marks: { markedPct: rounded(s.markedPct), switches: result.marks },
    completions: result.completions,
    ...(result.collectives === undefined ? {} : { collectives: roundedCollectives(result.collectives) }),
    ...(result.slowdown === undefined ? {} : { slowdown: roundedSlowdown(result.slowdown) }),
    ...(result.queues === undefined ? {} : { queues: result.queues }),
    ...(result.pause === undefined ? {} : { pause: result.pause }),
    ...(result.recovery === undefined ? {} : { recovery: result.recovery }),
    ...(result.failures === undefined ? {} : { failures: result.failures }),
    ...(result.reorder === undefined ? {} : { reorder: roundedReorder(result.reorder) }),
    ...(result.scenario.metrics.responses ? { responses: result.responses } : {}),
    ...(withSeries ? { series: meterSeries(result) } : {}),
    ...(withSeries && result.notifications.length > 0 ? { notifications: result.notifications } : {}),
  };
}

type Reorder = NonNullable<ScenarioResult["reorder"]>;

/** The reorder buffers' means rounded as the other summary numbers are. */
function roundedReorder(reorder: Reorder): Reorder {
  const roundedOne = (summary: ReorderSummary): ReorderSummary => ({
    ...summary,
    meanPackets: round(summary.meanPackets),
    meanBytes: round(summary.meanBytes),
  });
  return {
    all: roundedOne(reorder.all),
    flows: Object.fromEntries(Object.entries(reorder.flows).map(([id, summary]) => [id, roundedOne(summary)])),
  };
}

/** One line: the reorder buffer in-order delivery would need, over all flows and at the worst flow's. */
function formatReorder({ all, flows }: Reorder): string {
  let worst = "";
  let worstBytes = -1;
  for (const [id, summary] of Object.entries(flows)) {
    if (summary.maxBytes > worstBytes) {
      worst = id;
      worstBytes = summary.maxBytes;
    }
  }
  return `reorder buffer (in-order delivery, per flow): max ${all.maxPackets} packets / ${all.maxBytes} B (flow ${worst}), mean ${all.meanPackets.toFixed(2)} packets / ${all.meanBytes.toFixed(0)} B over ${all.arrivals} arrivals`;
}

/** The collectives' times rounded as the other summary numbers are. */
function roundedCollectives(collectives: Record<string, CollectiveSummary>): Record<string, CollectiveSummary> {
  return Object.fromEntries(
    Object.entries(collectives).map(([name, c]) => [
      name,
      {
        ...c,
        meanUs: round(c.meanUs),
        minUs: round(c.minUs),
        maxUs: round(c.maxUs),
        runs: c.runs.map((run) => ({
          startUs: round(run.startUs),
          completionUs: round(run.completionUs),
          stepsUs: run.stepsUs.map(round),
          slowestRank: { ...run.slowestRank, us: round(run.slowestRank.us) },
        })),
      },
    ]),
  );
}

/**
 * Every meter with traffic (flows aside), as [time, value] points; then the recorded switch
 * buffers; then per collective (`collective:<name>`) its runs, [start ms, completion us]; then
 * per group of `metrics.sourceWaitGroups` (`sourceWait:<group>`) the fraction of each bin a
 * packet of it waited at its source, [bin start ms, fraction].
 */
function meterSeries(result: ScenarioResult): Record<string, Array<[number, number]>> {
  const series: Record<string, Array<[number, number]>> = {};
  for (const meter of result.meters()) {
    if (meter.startsWith("flow:")) continue;
    const points = result.series(meter);
    if (points.some(([, v]) => v > 0)) series[meter] = points.map(([t, v]) => [round(t), round(v)]);
  }
  for (const name of result.scenario.metrics.queueLengths?.series ?? []) {
    series[`queue:${name}`] = result.queueSeries(name).map(([t, bytes]) => [round(t), bytes]);
  }
  for (const [name, collective] of Object.entries(result.collectives ?? {})) {
    series[`collective:${name}`] = collective.runs.map((run) => [round(run.startUs / 1000), round(run.completionUs)]);
  }
  const binMs = result.scenario.metrics.binUs / 1000;
  for (const group of result.scenario.metrics.sourceWaitGroups) {
    series[`sourceWait:${group}`] = Array.from(result.sourceWait(group), (fraction, bin) => [
      round(bin * binMs),
      round(fraction),
    ]);
  }
  return series;
}

/** The slowdown summary with its ratios rounded as the other summary numbers are. */
function roundedSlowdown(slowdown: SlowdownSummary): SlowdownSummary {
  const stats = <T extends SlowdownStats>(s: T): T => ({
    ...s,
    mean: round(s.mean),
    p50: round(s.p50),
    p95: round(s.p95),
    p99: round(s.p99),
    max: round(s.max),
  });
  return { all: stats(slowdown.all), buckets: slowdown.buckets.map(stats) };
}

/**
 * `run`'s text: per flow group (and class) its rate, the percent of its data packets
 * marked and its mean latency; the busiest links' utilisation; the marks per switch;
 * completion times; then the counts, fingerprint and cost.
 */
export function formatSummary(result: ScenarioResult): string {
  const { summary } = result;
  const [from, to] = result.scenario.metrics.measureMs ?? [0, result.scenario.durationMs];
  const cycles = summary.latencyCycles;
  const latency = cycles ?? summary.latencyUs;
  const number = (value: number | undefined, digits: number) =>
    value === undefined || Number.isNaN(value) ? "-" : value.toFixed(digits);
  const percent = (value: number | undefined) =>
    value === undefined || Number.isNaN(value) ? "-" : `${value.toFixed(2)} %`;
  const rows: string[][] = [];
  const row = (label: string, rate: number | undefined, key: string) =>
    rows.push([
      label,
      number(rate, 4),
      percent(summary.markedPct[key]),
      number(latency[key], cycles === undefined ? 3 : 1),
    ]);
  for (const [group, rate] of Object.entries(summary.groups)) row(group, rate, `group:${group}`);
  for (const [name, rate] of Object.entries(summary.classes)) row(`class ${name}`, rate, `class:${name}`);
  row("all", undefined, "all");
  const header = ["flow group", "rate", "marked", cycles === undefined ? "latency us" : "latency cycles"];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("   ")}`;
  const lines = [
    result.scenario.name,
    `${result.scenario.durationMs} ms simulated; averages over ${from}-${to} ms`,
    "",
    line(header),
    ...rows.map(line),
    "  (rate: delivered, fraction of link bandwidth; marked: its data packets delivered with a mark;",
    "  latency: mean from generation to delivery)",
  ];
  const busy = Object.entries(summary.links)
    .filter(([, v]) => v >= 0.01)
    .sort(([, a], [, b]) => b - a);
  const shown = busy.slice(0, MAX_LINKS_SHOWN);
  lines.push("", "busiest links, utilisation (fraction of link bandwidth):");
  const nameWidth = Math.max(0, ...shown.map(([link]) => link.length));
  for (let i = 0; i < shown.length; i += LINKS_PER_LINE) {
    const cells = shown
      .slice(i, i + LINKS_PER_LINE)
      .map(([link, value]) => `${link.padEnd(nameWidth)} ${value.toFixed(4)}`);
    lines.push(`  ${cells.join("    ")}`);
  }
  if (shown.length === 0) lines.push("  (no link above 0.01)");
  if (busy.length > shown.length) lines.push(`  (${busy.length - shown.length} more links above 0.01; all in --json)`);
  lines.push("", formatMarks(result));
  const completions = Object.entries(result.completions);
  if (completions.length > 0) {
    lines.push("", "flow completion times (us), flows that completed:");
    for (const [group, c] of completions) {
      lines.push(
        `  ${group.padEnd(16)} count ${c.count}  mean ${c.meanUs.toFixed(1)}  p50 ${c.p50Us.toFixed(1)}  p99 ${c.p99Us.toFixed(1)}`,
      );
    }
  }
  if (result.collectives !== undefined) lines.push("", ...formatCollectives(result.collectives));
  if (result.slowdown !== undefined) {
    const { all, buckets } = result.slowdown;
    const kb = (bytes: number) =>
      bytes >= 1e6 ? `${+(bytes / 1e6).toPrecision(4)} MB` : `${+(bytes / 1000).toPrecision(4)} KB`;
    lines.push("", "flow slowdown (completion time / alone on the empty network), by flow size:");
    const slowdownLine = (label: string, s: SlowdownStats) =>
      `  ${label.padEnd(20)} count ${s.count}  mean ${s.mean.toFixed(2)}  p50 ${s.p50.toFixed(2)}  p95 ${s.p95.toFixed(2)}  p99 ${s.p99.toFixed(2)}`;
    for (const bucket of buckets) {
      const label = bucket.toBytes === null ? `> ${kb(bucket.fromBytes)}` : `<= ${kb(bucket.toBytes)}`;
      lines.push(slowdownLine(label, bucket));
    }
    lines.push(slowdownLine("all", all));
  }
  if (result.pause !== undefined) lines.push("", formatPause(result.pause));
  if (result.recovery !== undefined) lines.push("", formatRecovery(result.recovery));
  if (result.failures !== undefined) {
    const links = Object.entries(result.failures.byLink).map(([link, lost]) => `${link} ${lost}`);
    const { lost, recomputations } = result.failures;
    const times = recomputations === 1 ? "once" : `${recomputations} times`;
    const rerouted = recomputations === undefined ? "" : `; routes recomputed ${times}`;
    lines.push("", `link failures: ${lost} frames lost (${links.join(", ")})${rerouted}`);
  }
  if (result.queues !== undefined) lines.push("", ...formatQueues(result.queues));
  if (result.reorder !== undefined) lines.push("", formatReorder(result.reorder));
  const stats = result.stats;
  lines.push(
    "",
    `${result.delivered} data packets delivered, ${result.marked} marked by the switches, ${result.events} events, fingerprint ${result.fingerprint}`,
    `${stats.packetHops.total} packet-hops (${stats.eventsPerPacketHop} events each) in ${(stats.wallMs / 1000).toFixed(2)} s: ${stats.packetHopsPerSecond} packet-hops/s, ${stats.eventsPerSecond} events/s${stats.peakRssMiB === undefined ? "" : `, peak RSS ${stats.peakRssMiB} MiB`}`,
  );
  // A split run: each part's share of the events, and how long it ran and waited for the others at window ends.
  for (const [part, thread] of (stats.threads ?? []).entries()) {
    lines.push(
      `thread ${part}: ${thread.events} events in ${thread.windows} windows, ${(thread.runMs / 1000).toFixed(2)} s running, ${(thread.waitMs / 1000).toFixed(2)} s waiting at window ends, ${(thread.exchangeMs / 1000).toFixed(2)} s taking in the others' frames`,
    );
  }
  const scaling = stats.scaling;
  if (scaling !== undefined) {
    const { measured } = scaling;
    lines.push(
      `windows: ${(measured.windowsMs / 1000).toFixed(2)} s on ${measured.threads} threads (the busiest part's events at ${scaling.perEventUs} us each: ${(measured.modelMs / 1000).toFixed(2)} s, + ${scaling.windowOverheadUs} us per window)`,
      `predicted from it (busiest part per window, same overhead per window): ${scaling.predicted.map((p) => `${p.threads} threads ${p.speedup}x (imbalance ${p.imbalance})`).join(", ")}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Per collective: its runs' completion times, its longest step and its slowest rank (of the
 * slowest run); every run's steps are in --json.
 */
function formatCollectives(collectives: Record<string, CollectiveSummary>): string[] {
  const lines = ["collectives, completion time (us): first flow's start to last flow's delivery:"];
  for (const [name, c] of Object.entries(collectives)) {
    const slowest = c.runs.reduce((a, b) => (b.completionUs > a.completionUs ? b : a));
    const longest = Math.max(...slowest.stepsUs);
    const step = slowest.stepsUs.indexOf(longest);
    lines.push(
      `  ${name} (${c.kind}, ${c.ranks} ranks, ${c.bytes} bytes): runs ${c.count}  mean ${c.meanUs.toFixed(2)}  min ${c.minUs.toFixed(2)}  max ${c.maxUs.toFixed(2)}`,
      `    slowest run: ${slowest.stepsUs.length} steps, longest step ${step} (${longest.toFixed(2)} us), slowest rank ${slowest.slowestRank.rank} on ${slowest.slowestRank.host} (${slowest.slowestRank.us.toFixed(2)} us)`,
    );
  }
  return lines;
}

/** One line: the switches' marking decisions, busiest first (with turner's kinds), or why there are none. */
function formatMarks(result: ScenarioResult): string {
  const switches = Object.entries(result.marks)
    .filter(([, marks]) => marks.marked > 0)
    .sort(([, a], [, b]) => b.marked - a.marked);
  if (result.scenario.marking.kind === "none") return "marks: none (no marking policy)";
  if (switches.length === 0) return `marks: none (${result.scenario.marking.kind} marking marked no packet)`;
  const kinds = (marks: SwitchMarks) => {
    const parts = (["generating", "propagating", "revoked", "blocked"] as const)
      .filter((kind) => marks[kind] !== undefined && marks[kind] > 0)
      .map((kind) => `${kind} ${marks[kind]}`);
    return parts.length === 0 ? "" : ` (${parts.join(", ")})`;
  };
  const shown = switches.slice(0, MAX_SWITCHES_SHOWN).map(([name, marks]) => `${name} ${marks.marked}${kinds(marks)}`);
  const more = switches.length > shown.length ? `, and ${switches.length - shown.length} more switches` : "";
  return `marks: ${result.marked} by ${result.scenario.marking.kind} marking: ${shown.join(", ")}${more}`;
}

/** One line: what lossy priorities cut and dropped, and how the transport recovered it. */
function formatRecovery({ total, duplicates }: RecoverySummary): string {
  return `trimming: ${total.trimmed} packets trimmed, ${total.headersDropped} headers dropped; ${total.nacks} NACKs, ${total.retransmissions} retransmissions, ${total.timeouts} timeouts, ${duplicates} duplicates not delivered`;
}

/** One line: PAUSE frames and paused time, in all and on the most paused links. */
function formatPause(pause: PauseSummary): string {
  if (pause.frames === 0 && pause.pausedUs === 0) return "PAUSE: no link was paused";
  const links = [...pause.byLink]
    .sort((a, b) => b.pausedUs - a.pausedUs)
    .slice(0, MAX_SWITCHES_SHOWN)
    .map((link) => `${link.link} ${link.pausedUs.toFixed(1)} us`);
  const more = pause.byLink.length > links.length ? `, and ${pause.byLink.length - links.length} more links` : "";
  return `PAUSE: ${pause.frames} XOFF frames, senders held ${pause.pausedUs.toFixed(1)} us in all; most: ${links.join(", ")}${more}`;
}

/** The buffers with the longest queues (p99), with their percentiles in KB. */
function formatQueues(queues: Record<string, QueueLengthSummary>): string[] {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const longest = Object.entries(queues)
    .sort(([, a], [, b]) => b.p99 - a.p99 || b.max - a.max)
    .slice(0, MAX_SWITCHES_SHOWN);
  const more = Object.keys(queues).length - longest.length;
  return [
    "queue lengths (KB; p50 / p95 / p99 / max), longest first:",
    ...longest.map(([name, q]) => `  ${name.padEnd(20)} ${kb(q.p50)} / ${kb(q.p95)} / ${kb(q.p99)} / ${kb(q.max)}`),
    ...(more > 0 ? [`  (${more} more buffers held data; all in --json)`] : []),
  ];
}

/** Busiest links the text summary lists (a fat tree has hundreds), and how many on a line. */
const MAX_LINKS_SHOWN = 12;
const LINKS_PER_LINE = 3;
/** Switches the marks line names, busiest first. */
const MAX_SWITCHES_SHOWN = 8;

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

/**
 * A line for a split run whose windows ran slower than one thread would have run their events
 * (`stats.scaling.measured.speedup` below 1): windows so short (the shortest link the split
 * cuts) that their ends cost more than the parts save. The result is the single run's anyway.
 */
export function slowerThanOneThread(result: ScenarioResult, asked: string): string | undefined {
  const scaling = result.stats.scaling;
  if (scaling === undefined || scaling.measured.speedup >= 1) return undefined;
  const windowNs = ((result.stats.simulatedMs * 1e6) / scaling.windows).toPrecision(3);
  return `${asked}: its windows ran at ${scaling.measured.speedup}x the speed of one thread: ${scaling.windows} windows of about ${windowNs} ns (the shortest link the split cuts), each ending at a barrier of the threads, cost more than the split saves; the result is the same on one thread`;
}
