import { nearestRank } from "@losslab/metrics";
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type PresetContext } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";
import { schemeFields } from "./datacenter-scenario.js";
import { datacenterSwitch, hpccArtifact } from "./datacenter-switch.js";
import {
  bdpPackets,
  fatTreeNetworkRttUs,
  nsccWithTrimming,
  oneMessage,
  uecEcnRamp,
  uecLink,
  uecPackets,
  wireBytes,
} from "./uec-scenario.js";

/**
 * docs/spec/uec.md sec. 7, "uec-incast" (UE.8-UE.14): NSCC, RCCC and both on a trimming class
 * against DCQCN on a lossless one. Two matrices on 3-tier fat trees at 100 Gb/s, 1 us links:
 * uet-htsim's plan #3 (K 4, hosts 0-14 send 2 MB each to host 15) and a 127 -> 1 incast of
 * 100 KB on K 8 (`gen_incast.py 128 127 100000 0 13 0`: every other host sends to host 0).
 */
const matrices = {
  long: { k: 4, receiver: 15, messageBytes: 2_000_000, durationMs: 12 },
  short: { k: 8, receiver: 0, messageBytes: 100_000, durationMs: 6 },
} as const;
type Matrix = keyof typeof matrices;

const schemes = ["nscc", "rccc", "both", "dcqcn"] as const;
type UecScheme = (typeof schemes)[number];

const hostsOf = (k: number) => k ** 3 / 4;
const sendersOf = (matrix: Matrix) => {
  const { k, receiver } = matrices[matrix];
  return Array.from({ length: hostsOf(k) }, (_, i) => i).filter((i) => i !== receiver);
};

/** T_drain: the receiver link's time to carry every sender's message on the wire, us. */
const drainUs = (matrix: Matrix) =>
  (sendersOf(matrix).length * wireBytes(matrices[matrix].messageBytes) * 1e6) / uecLink.bandwidth;

const networkRttUs = fatTreeNetworkRttUs;
/** ECN 9-35 packets of the 43-packet BDP; NSCC's target 10.52 us. */
const uecMarking = uecEcnRamp(bdpPackets(networkRttUs, uecLink.bandwidth, uecPackets.dataBytes), uecPackets.dataBytes);
const nscc = nsccWithTrimming(networkRttUs);

/**
 * A run's end-to-end fields. uet-htsim marks no ECN on ToR downlinks when RCCC is on
 * (`dc/main_uec.cpp:708`); an incast congests only the receiver's downlink, so rccc and both
 * mark nothing. dcqcn: the datacenter presets' fields.
 */
function uecFields(scheme: UecScheme): Pick<ScenarioInput, "marking" | "controller" | "adapter"> {
  switch (scheme) {
    case "nscc":
      return { marking: uecMarking, controller: nscc };
    case "rccc":
      return { marking: { kind: "none" }, controller: { kind: "none" }, adapter: { receiverCredits: {} } };
    case "both":
      return { marking: { kind: "none" }, controller: nscc, adapter: { receiverCredits: {} } };
    case "dcqcn":
      return schemeFields("dcqcn");
  }
}

/** The receiver's ToR downlink: its egress queue is where the incast queues (port 1 of pod3-edge1 for H15 on K 4). */
const bottleneck = (matrix: Matrix) => (matrix === "long" ? "pod3-edge1:out1" : "pod0-edge0:out0");
const senderGroup = (host: number) => `H${host}`;

/**
 * The incast on the datacenter presets' shared-buffer switch scaled to 100 Gb/s (the HPCC
 * artifact's 32 MB, PFC at 1/8 of the free pool, 80 KB of headroom per input as uec-fan-in).
 * The UEC runs declare priority 0 lossy: over uet-htsim's 1-BDP queue (178 450 B, the
 * switch's default threshold) a packet is trimmed; dcqcn runs lossless under PFC.
 */
export function uecIncastScenario(matrix: Matrix, scheme: UecScheme, seed: number): ScenarioInput {
  const { k, receiver, messageBytes, durationMs } = matrices[matrix];
  const sw = datacenterSwitch("shared-buffer", {
    inputBufferBytes: 320_000,
    outputBufferBytes: 0,
    profile: hpccArtifact(100),
    ports: k,
  });
  return {
    name: `uec-incast ${matrix} ${scheme}`,
    seed,
    durationMs,
    topology: { kind: "fat-tree", k, ...uecLink },
    switch: scheme === "dcqcn" ? sw : { ...sw!, lossyPriorities: [0] },
    packets: uecPackets,
    ...uecFields(scheme),
    traffic: sendersOf(matrix).map((host) =>
      oneMessage(senderGroup(host), `H${host}`, `H${receiver}`, messageBytes, durationMs),
    ),
    metrics: { queueLengths: { intervalUs: 1, series: [bottleneck(matrix)] } },
  };
}

/** UE.13's window starts here; UE.14 counts trims from here on, ms. */
const queueFromMs = 0.5;
const trimsFromMs = 0.1;

function incastSummary(matrix: Matrix, result: ScenarioResult) {
  const senders = sendersOf(matrix);
  const fcts = senders.map((host) => result.completions[senderGroup(host)]?.maxUs);
  const done = fcts.filter((fct): fct is number => fct !== undefined);
  const tail = done.length === senders.length ? Math.max(...done) : null;
  const end = tail === null ? matrices[matrix].durationMs : tail / 1000;
  const samples = result.queueSeries(bottleneck(matrix));
  const held = samples
    .filter(([ms]) => ms >= queueFromMs && ms <= end)
    .map(([, bytes]) => bytes)
    .sort((a, b) => a - b);
  const recovery = result.recovery?.total;
  return {
    finished: done.length,
    tailUs: tail === null ? null : round(tail),
    tailOverDrain: tail === null ? null : round(tail / drainUs(matrix)),
    firstUs: done.length === 0 ? null : round(Math.min(...done)),
    queue: { p50: nearestRank(held, 50), p95: nearestRank(held, 95) },
    queueMax: Math.max(0, ...samples.map(([, bytes]) => bytes)),
    trimmed: recovery?.trimmed ?? 0,
    trimmedAfter100Us: result.trimmed(trimsFromMs, Number.POSITIVE_INFINITY),
    headersDropped: recovery?.headersDropped ?? 0,
    nacks: recovery?.nacks ?? 0,
    retransmissions: recovery?.retransmissions ?? 0,
    timeouts: recovery?.timeouts ?? 0,
    pauseFrames: result.pause?.frames ?? 0,
  };
}

/** What the claims read of one run's summary; a run whose flows did not all finish has no tail. */
const runKeys = ["tailUs", "timeouts", "trimmedAfter100Us"] as const;
type RunNumbers = { tailUs: number | null; timeouts: number; trimmedAfter100Us: number; queue: { p95: number } };
type IncastNumbers = Record<Matrix, Record<UecScheme, RunNumbers>>;

const runName = (matrix: Matrix, scheme: UecScheme) => `${matrix}-${scheme}`;
const runList = (Object.keys(matrices) as Matrix[]).flatMap((matrix) =>
  schemes.map((scheme) => ({ matrix, scheme, name: runName(matrix, scheme) })),
);

/** The largest of some tails, null if one is missing (an unfinished run fails its claim). */
const largest = (tails: ReadonlyArray<number | null>): number | null =>
  tails.some((tail) => tail === null) ? null : Math.max(...(tails as number[]));

/** `tail` at most `factor` x T_drain of `matrix`, as a part of a check. */
function drained(label: string, tail: number | null, matrix: Matrix, factor: number) {
  const bound = factor * drainUs(matrix);
  return { text: `${label} <= ${factor} x T_drain = ${round(bound)}`, pass: tail !== null && tail <= bound };
}

/** The claims UE.8-UE.14 of docs/spec/uec.md sec. 7. */
function incastChecks(n: IncastNumbers): Check[] {
  const { long, short } = n;
  const uec = ["nscc", "rccc", "both"] as const;
  const ratio = long.nscc.tailUs === null || long.dcqcn.tailUs === null ? null : long.nscc.tailUs / long.dcqcn.tailUs;
  const packetsPerMessage = Math.ceil(matrices.long.messageBytes / (uecPackets.dataBytes - uecPackets.headerBytes));
  const dataPackets = sendersOf("long").length * packetsPerMessage;
  return [
    check.all(
      "UE.8",
      "15 -> 1, 2 MB: tail FCT (us) of nscc, rccc, both, largest",
      largest(uec.map((scheme) => long[scheme].tailUs)),
      uec.map((scheme) => drained(scheme, long[scheme].tailUs, "long", 1.05)),
    ),
    check.all("UE.9", "15 -> 1, 2 MB: dcqcn's tail FCT (us)", long.dcqcn.tailUs, [
      drained("dcqcn", long.dcqcn.tailUs, "long", 1.05),
    ]),
    check.all("UE.10", "15 -> 1, 2 MB: tail(nscc) / tail(dcqcn)", ratio === null ? null : round(ratio), [
      { text: "in [0.95, 1.05]", pass: ratio !== null && ratio >= 0.95 && ratio <= 1.05 },
    ]),
    check.all(
      "UE.11",
      "127 -> 1, 100 KB: tail FCT (us) of nscc, rccc, dcqcn, largest",
      largest([short.nscc.tailUs, short.rccc.tailUs, short.dcqcn.tailUs]),
      (["nscc", "rccc", "dcqcn"] as const).map((scheme) => drained(scheme, short[scheme].tailUs, "short", 1.1)),
    ),
    check.all(
      "UE.12",
      "retransmission timeouts of nscc, rccc, both, both matrices, in all",
      uec.reduce((sum, scheme) => sum + long[scheme].timeouts + short[scheme].timeouts, 0),
      (["long", "short"] as const).flatMap((matrix) =>
        uec.map((scheme) => ({ text: `${matrix} ${scheme} = 0`, pass: n[matrix][scheme].timeouts === 0 })),
      ),
    ),
    check.atMost(
      "UE.13",
      `15 -> 1: rccc's receiver downlink queue p95 from ${queueFromMs} ms to the tail, bytes`,
      long.rccc.queue.p95,
      4 * 16_384,
      "4 x credit_per_pull = 65536",
    ),
    check.atMost(
      "UE.14",
      "15 -> 1: nscc's packets trimmed after 100 us, share of data packets",
      long.nscc.trimmedAfter100Us / dataPackets,
      0.01,
      `0.01 (of ${dataPackets})`,
    ),
  ];
}

/** The claims' numbers from a summary as `run` returns it, if it holds all of them. */
function incastNumbers(summary: Record<string, unknown>): IncastNumbers | undefined {
  const numbers: Partial<Record<Matrix, Partial<Record<UecScheme, RunNumbers>>>> = { long: {}, short: {} };
  for (const { matrix, scheme, name } of runList) {
    const top = summaryNumbers(summary[name], runKeys, ["tailUs"]);
    const queue = summaryNumbers((summary[name] as { queue?: unknown } | undefined)?.queue, ["p95"]);
    if (top === undefined || queue === undefined) return undefined;
    numbers[matrix]![scheme] = { ...top, queue };
  }
  return numbers as IncastNumbers;
}

/** The receiver's downlink queue over time on the 15 -> 1 matrix, one series per scheme. */
function queueChart(results: Record<string, ScenarioResult>): Chart {
  return {
    name: "uec-incast-queue",
    title: "15-to-1 incast of 2 MB on a K 4 fat tree: the receiver's downlink queue, KB",
    xLabel: "time (ms)",
    yLabel: "queue (KB, log scale)",
    logY: true,
    xDomain: [0, 7],
    series: schemes.map((scheme) => ({
      name: scheme,
      points: results[runName("long", scheme)]!.queueSeries(bottleneck("long"))
        .filter((_, i) => i % 5 === 0)
        .map(([t, bytes]): [number, number] => [round(t), round(bytes / 1000)]),
    })),
  };
}

/** Each run's tail FCT over T_drain, per matrix. */
function tailChart(summary: Record<string, { tailOverDrain: number | null }>): Chart {
  return {
    name: "uec-incast-tail",
    title: "Incast tail FCT over the drain time (0 nscc, 1 rccc, 2 both, 3 dcqcn)",
    xLabel: "scheme (0 nscc, 1 rccc, 2 both, 3 dcqcn)",
    yLabel: "tail FCT / T_drain",
    kind: "bar",
    series: (Object.keys(matrices) as Matrix[]).map((matrix) => ({
      name: matrix === "long" ? "15 -> 1, 2 MB (K 4)" : "127 -> 1, 100 KB (K 8)",
      points: schemes.map((scheme, i): [number, number] => [i, summary[runName(matrix, scheme)]!.tailOverDrain ?? 0]),
    })),
  };
}

async function runAll(context: PresetContext): Promise<Record<string, ScenarioResult>> {
  const results = await runScenarios(
    runList.map(({ matrix, scheme, name }) => ({
      label: name,
      scenario: uecIncastScenario(matrix, scheme, context.seed),
    })),
    context,
  );
  return Object.fromEntries(runList.map(({ name }, i) => [name, results[i]!]));
}

/** NSCC, RCCC and both with trimming against DCQCN lossless on two incasts (docs/spec/uec.md sec. 7, UE.8-UE.14). */
export const uecIncast: Preset = {
  name: "uec-incast",
  description:
    "Ultra Ethernet NSCC, RCCC and both with trimming against DCQCN lossless: 15 -> 1 of 2 MB (K 4) and 127 -> 1 of 100 KB (K 8), 100 Gb/s",
  expectedRuntime: "~6 s",
  scenarios: (seed) => runList.map(({ matrix, scheme }) => uecIncastScenario(matrix, scheme, seed)),
  async run(context) {
    const results = await runAll(context);
    const summary = Object.fromEntries(
      runList.map(({ matrix, name }) => [name, incastSummary(matrix, results[name]!)]),
    );
    const numbers = incastNumbers(summary);
    return {
      params: {
        matrices,
        schemes,
        drainUs: { long: round(drainUs("long")), short: round(drainUs("short")) },
        networkRttUs: round(networkRttUs),
        ecn: { kmin: uecMarking.kmin, kmax: uecMarking.kmax },
        targetDelayUs: round(nscc.targetDelayUs),
      },
      fingerprint: fingerprintOf(runList.map(({ name }) => results[name]!)),
      summary,
      checks: numbers === undefined ? [] : incastChecks(numbers),
      charts: [queueChart(results), tailChart(summary)],
    };
  },
  judge(summary) {
    const numbers = incastNumbers(summary);
    return numbers === undefined ? undefined : incastChecks(numbers);
  },
};
