/**
 * Flow completion times of htsim_roce and of losslab's matched run, side by side, as a
 * markdown table (docs/benchmarks.md, "Matched against htsim (K = 16)"):
 *
 *     node --conditions=@losslab/source --import tsx apps/lab/bench/htsim-fct.ts \
 *       htsim.out:htsim losslab-result.json:"losslab, input-buffered" [more.json:label ...]
 *
 * Each argument is one run, `:label` naming its column (default the file):
 * - htsim_roce's standard output: its lines `Flow Roce_<src>_<dst> <id> finished at <us> total
 *   bytes <n>` give the time at which the source got the ACK of the flow's last byte;
 * - `result.json`, a `losslab run --json` result of a scenario written with `htsim-scenario.ts
 *   --group-per-flow` (each flow its own group): `completions[group].maxUs` is the time the
 *   flow's last packet reached its destination, losslab's own definition;
 * - `result.json+acks.ndjson`, the same run traced with `--trace acks.ndjson --trace-kinds
 *   received`: then a flow's time is htsim's, the arrival of its last ACK's last byte at the
 *   source (a trace's flow ids are the trace rows' order, checked against the hosts).
 *
 * Percentiles are nearest-rank over the flows that completed (as @losslab/metrics'
 * `CompletionTimes`). A second table compares the flows one by one: losslab's time over
 * htsim's for each flow both completed.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Completion time in us of each flow that completed, keyed `<src>-><dst>`, and how many flows the run had. */
export interface FlowTimes {
  times: Map<string, number>;
  flows: number;
}

// htsim prints progress dots without a newline, so a line may start with some.
const HTSIM_LINE = /^\.*Flow Roce_(\d+)_(\d+) \d+ finished at ([\d.e+-]+) total bytes \d+$/;

/** htsim_roce's standard output: the flows that finished and when, us. */
export function htsimCompletions(text: string): FlowTimes {
  const times = new Map<string, number>();
  let flows = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("Connection ")) flows++;
    const match = HTSIM_LINE.exec(line.trim());
    if (match !== null) times.set(`${match[1]}->${match[2]}`, Number(match[3]));
  }
  return { times, flows };
}

/** A `losslab run --json` result with one group per flow: each group's completion time, us. */
export function losslabCompletions(result: {
  scenario?: { traffic?: Array<{ csv?: string }> };
  completions?: Record<string, { count: number; maxUs: number }>;
}): FlowTimes {
  const times = new Map<string, number>();
  for (const [group, summary] of Object.entries(result.completions ?? {})) {
    if (summary.count !== 1) {
      throw new Error(`group "${group}" holds ${summary.count} flows: write the scenario with --group-per-flow`);
    }
    times.set(group, summary.maxUs);
  }
  const rows = (result.scenario?.traffic ?? []).map(({ csv }) => (csv ?? "").trim().split("\n").length - 1);
  return { times, flows: rows.reduce((sum, count) => sum + count, 0) };
}

interface TraceLine {
  t: number;
  ev: string;
  dev: string;
  kind: string;
  flow: number;
}

/** What `ackCompletions` reads of a run's scenario (as `losslab run --json` echoes it). */
interface RunScenario {
  topology: { bandwidth: number };
  packets?: { dataBytes?: number; headerBytes?: number; ackBytes?: number };
  adapter?: { ackCoalescing?: number };
  traffic?: Array<{ csv?: string }>;
}

/**
 * The flows' times to their last ACK, us, from a packet trace of `received` events: a flow
 * has completed once it got one ACK per data packet (`ackCoalescing` 1), at the last byte of
 * the last of them.
 */
export function ackCompletions(scenario: RunScenario, trace: string): FlowTimes {
  if ((scenario.adapter?.ackCoalescing ?? 1) !== 1) throw new Error("ACK completion times need ackCoalescing 1");
  const payload = (scenario.packets?.dataBytes ?? 2068) - (scenario.packets?.headerBytes ?? 20);
  const ackUs = ((scenario.packets?.ackBytes ?? 20) / scenario.topology.bandwidth) * 1e6;
  const rows = (scenario.traffic ?? []).flatMap(({ csv }) => (csv ?? "").trim().split("\n").slice(1));
  const flows = rows.map((row) => {
    const [timeUs, source, destination, bytes] = row.split(",");
    return {
      startUs: Number(timeUs),
      source: source!,
      destination: destination!,
      packets: Math.ceil(Number(bytes) / payload),
    };
  });
  const acks = new Array<number>(flows.length).fill(0);
  const last = new Array<number>(flows.length).fill(0);
  for (const line of trace.split("\n")) {
    if (line === "") continue;
    const event = JSON.parse(line) as TraceLine;
    if (event.ev !== "received" || event.kind !== "ack") continue;
    const flow = flows[event.flow];
    if (flow === undefined || flow.source !== event.dev) {
      throw new Error(
        `trace: an ACK of flow ${event.flow} reached ${event.dev}, not the source of trace row ${event.flow}`,
      );
    }
    acks[event.flow]!++;
    last[event.flow] = Math.max(last[event.flow]!, event.t);
  }
  const times = new Map<string, number>();
  flows.forEach(({ startUs, source, destination, packets }, flow) => {
    if (acks[flow]! >= packets)
      times.set(`${source.slice(1)}->${destination.slice(1)}`, last[flow]! / 1000 + ackUs - startUs);
  });
  return { times, flows: flows.length };
}

/** The smallest value with at least p % of the sorted sample at or below it. */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

const ROWS: Array<[string, (sorted: number[]) => number]> = [
  ["min", (sorted) => sorted[0] ?? Number.NaN],
  ["p10", (sorted) => nearestRank(sorted, 10)],
  ["p50", (sorted) => nearestRank(sorted, 50)],
  ["p90", (sorted) => nearestRank(sorted, 90)],
  ["p99", (sorted) => nearestRank(sorted, 99)],
  ["max", (sorted) => sorted[sorted.length - 1] ?? Number.NaN],
  ["mean", (sorted) => sorted.reduce((sum, value) => sum + value, 0) / sorted.length],
];

const us = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));

/** The side-by-side table of several runs' completion times, us. */
export function fctTable(runs: ReadonlyArray<{ label: string } & FlowTimes>): string {
  const sorted = runs.map(({ times }) => [...times.values()].sort((a, b) => a - b));
  const lines = [
    `| flow completion time, us | ${runs.map(({ label }) => label).join(" | ")} |`,
    `| --- | ${runs.map(() => "---").join(" | ")} |`,
    `| flows completed | ${sorted.map((s, index) => `${s.length} of ${runs[index]!.flows}`).join(" | ")} |`,
    ...ROWS.map(([name, of]) => `| ${name} | ${sorted.map((s) => us(of(s))).join(" | ")} |`),
  ];
  return lines.join("\n");
}

/** Flow by flow against the first run: the spread of time ratios over the flows both completed. */
export function pairedTable(
  reference: { label: string } & FlowTimes,
  others: ReadonlyArray<{ label: string } & FlowTimes>,
): string {
  const lines = [
    `| flow by flow, against ${reference.label} | flows in both | ratio p10 | ratio p50 | ratio p90 | within 10 % |`,
    "| --- | --- | --- | --- | --- | --- |",
  ];
  for (const { label, times } of others) {
    const ratios: number[] = [];
    for (const [flow, time] of times) {
      const base = reference.times.get(flow);
      if (base !== undefined) ratios.push(time / base);
    }
    ratios.sort((a, b) => a - b);
    const within = ratios.filter((ratio) => Math.abs(ratio - 1) <= 0.1).length;
    const fixed = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(2));
    lines.push(
      `| ${label} | ${ratios.length} | ${fixed(nearestRank(ratios, 10))} | ${fixed(nearestRank(ratios, 50))} | ${fixed(nearestRank(ratios, 90))} | ${ratios.length === 0 ? "-" : `${((100 * within) / ratios.length).toFixed(0)} %`} |`,
    );
  }
  return lines.join("\n");
}

function main(args: readonly string[]): void {
  if (args.length === 0) {
    console.error("usage: htsim-fct.ts <htsim stdout>[:label] <losslab result.json>[+<acks.ndjson>][:label] ...");
    process.exit(2);
  }
  const runs = args.map((arg) => {
    const colon = arg.indexOf(":");
    const files = colon < 0 ? arg : arg.slice(0, colon);
    const label = colon < 0 ? files : arg.slice(colon + 1);
    const [file, trace] = files.split("+") as [string, string | undefined];
    const text = readFileSync(file, "utf8");
    if (!file.endsWith(".json")) return { label, ...htsimCompletions(text) };
    const result = JSON.parse(text);
    return {
      label,
      ...(trace === undefined
        ? losslabCompletions(result)
        : ackCompletions(result.scenario, readFileSync(trace, "utf8"))),
    };
  });
  console.log(fctTable(runs));
  console.log();
  console.log(pairedTable(runs[0]!, runs.slice(1)));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  main(process.argv.slice(2));
