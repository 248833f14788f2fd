import { nearestRank } from "@losslab/metrics";
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { gbps, runSchemes, schemeFields } from "./datacenter-scenario.js";
import { datacenterSwitch, tridentII } from "./datacenter-switch.js";
import { oneMessage, uecPackets, wireBytes } from "./uec-scenario.js";

/**
 * docs/spec/uec.md sec. 7, "uec-fan-in": Ultra Ethernet's NSCC and RCCC beside DCQCN on a
 * lossless incast. 8 senders each send 2 MB to one receiver at t = 0 through one shared-buffer
 * switch with PFC, 100 Gb/s, 1 us links, uet-htsim's packets (4150 B, 64 B header).
 */
const setup = { senders: 8, messageBytes: 2_000_000, durationMs: 8, rateGbps: 100, delayNs: 1000 };

/** The runs: NSCC alone, RCCC alone, both (uet-htsim's three modes), and DCQCN. */
const runs = ["nscc", "rccc", "both", "dcqcn"] as const;
type UecScheme = (typeof runs)[number];

const packets = uecPackets;
const bandwidth = gbps(setup.rateGbps);
/** The fabric's largest unloaded round trip (the scenario's `baseRoundTrip`): 4 link delays, a data packet and an ACK serialised twice, ps. */
const baseRtt = 4 * setup.delayNs * 1000 + (2 * (packets.dataBytes + packets.ackBytes) * 1e12) / bandwidth;
/** BDP in packets, as uet-htsim sizes its ECN ramp (`dc/main_uec.cpp:701-702`). */
const bdpPackets = (bandwidth * baseRtt) / 1e12 / packets.dataBytes;
/** Each message on the wire: ceil(2 MB / 4086 B) = 490 packets. */
const messageWireBytes = wireBytes(setup.messageBytes);
/** T_drain: the receiver link's time to carry every byte of the incast, us. */
const drainUs = (setup.senders * messageWireBytes * 1e6) / bandwidth;
/** NSCC's target_Qdelay on a lossless fabric: network_rtt (choice C9), as bytes of the receiver's queue. */
const targetQueueBytes = (baseRtt * bandwidth) / 1e12;
/** UE.13's window: the receiver's queue from 0.5 ms to the tail. */
const queueFromMs = 0.5;

/** uet-htsim's ECN ramp: from 0.2 to 0.8 BDP (whole packets, rounded up), all marked above. */
const uecMarking = {
  kind: "red",
  kmin: Math.ceil(bdpPackets * 0.2) * packets.dataBytes,
  kmax: Math.ceil(bdpPackets * 0.8) * packets.dataBytes,
  pmax: 1,
} as const;

/**
 * A run's end-to-end fields. uet-htsim marks no ECN on ToR downlinks when RCCC is on
 * (`dc/main_uec.cpp:708`): here the receiver's port is that downlink, so rccc and both mark nothing.
 */
function uecFields(scheme: UecScheme): Pick<ScenarioInput, "marking" | "controller" | "adapter"> {
  switch (scheme) {
    case "nscc":
      return { marking: uecMarking, controller: { kind: "nscc" } };
    case "rccc":
      return { marking: { kind: "none" }, controller: { kind: "none" }, adapter: { receiverCredits: {} } };
    case "both":
      return { marking: { kind: "none" }, controller: { kind: "nscc" }, adapter: { receiverCredits: {} } };
    case "dcqcn":
      return schemeFields("dcqcn");
  }
}

const receiver = `H${setup.senders}`;
/** The receiver's egress queue at the switch: where the incast queues. */
const bottleneck = `S:out${setup.senders}`;
const senderGroup = (i: number) => `sender${i}`;

/** The incast: one message from each sender, each its own group (its own completion time). */
export function uecFanInScenario(scheme: UecScheme, seed: number): ScenarioInput {
  return {
    name: `uec-fan-in ${scheme}`,
    seed,
    durationMs: setup.durationMs,
    topology: { kind: "single-switch", hosts: setup.senders + 1, bandwidth, delayNs: setup.delayNs },
    switch: datacenterSwitch("shared-buffer", {
      inputBufferBytes: 320_000, // 80 KB of headroom per input: 72 KB can arrive after XOFF at 100 Gb
      outputBufferBytes: 0,
      profile: tridentII,
      ports: setup.senders + 1,
    }),
    packets,
    ...uecFields(scheme),
    traffic: Array.from({ length: setup.senders }, (_, i) =>
      oneMessage(senderGroup(i), `H${i}`, receiver, setup.messageBytes, setup.durationMs),
    ),
    metrics: { queueLengths: { intervalUs: 1, series: [bottleneck] } },
  };
}

/** One run's numbers: tail and per-sender completion, the receiver's queue, PAUSE frames. */
function fanInSummary(result: ScenarioResult) {
  const fcts = Array.from({ length: setup.senders }, (_, i) => result.completions[senderGroup(i)]?.maxUs ?? null);
  const done = fcts.filter((fct): fct is number => fct !== null);
  const tail = done.length === setup.senders ? Math.max(...done) : null;
  const queue = (fromMs: number, toMs: number) => {
    const held = result
      .queueSeries(bottleneck)
      .filter(([ms]) => ms >= fromMs && ms <= toMs)
      .map(([, bytes]) => bytes)
      .sort((a, b) => a - b);
    return { p50: nearestRank(held, 50), p95: nearestRank(held, 95) };
  };
  const end = tail === null ? setup.durationMs : tail / 1000;
  return {
    tailUs: tail === null ? null : round(tail),
    tailOverDrain: tail === null ? null : round(tail / drainUs),
    firstUs: done.length === 0 ? null : round(Math.min(...done)),
    fctSpreadUs: tail === null ? null : round(tail - Math.min(...done)),
    queue: queue(queueFromMs, end),
    queueMax: queue(0, end).p95 === null ? null : Math.max(...result.queueSeries(bottleneck).map(([, bytes]) => bytes)),
    pauseFrames: result.pause?.frames ?? 0,
  };
}

/** What the claims read of one run's summary. */
interface FanInNumbers {
  tailUs: number;
  queue: { p95: number };
}

/** The claims UE.8, UE.9, UE.10, UE.13 of docs/spec/uec.md sec. 7, on this preset's lossless incast. */
function uecChecks(n: Record<UecScheme, FanInNumbers>): Check[] {
  const bound = 1.05 * drainUs;
  const boundText = `1.05 x T_drain = ${round(bound)}`;
  const ratio = n.nscc.tailUs / n.dcqcn.tailUs;
  return [
    check.all(
      "UE.8",
      "nscc, rccc, both: tail FCT (us), largest",
      Math.max(n.nscc.tailUs, n.rccc.tailUs, n.both.tailUs),
      [
        { text: `nscc <= ${boundText}`, pass: n.nscc.tailUs <= bound },
        { text: `rccc <= ${boundText}`, pass: n.rccc.tailUs <= bound },
        { text: `both <= ${boundText}`, pass: n.both.tailUs <= bound },
      ],
    ),
    check.atMost("UE.9", "dcqcn: tail FCT (us)", n.dcqcn.tailUs, bound, boundText),
    check.within("UE.10", "tail(nscc) / tail(dcqcn)", round(ratio), 0.95, 1.05),
    check.atMost(
      "UE.13",
      `rccc: receiver's queue p95 from ${queueFromMs} ms to the tail, bytes`,
      n.rccc.queue.p95,
      4 * 16_384,
      "4 x credit_per_pull = 65536",
    ),
  ];
}

/** A run's summary as the claims read it, if it holds those numbers. */
function fanInNumbers(summary: unknown): FanInNumbers | undefined {
  const top = summaryNumbers(summary, ["tailUs"]);
  const queue = summaryNumbers((summary as { queue?: unknown } | null)?.queue, ["p95"]);
  return top === undefined || queue === undefined ? undefined : { ...top, queue };
}

/** The receiver's queue over time, one series per run. */
function queueChart(results: readonly ScenarioResult[]): Chart {
  return {
    name: "uec-fan-in-queue",
    title: "8-to-1 incast at 100 Gb/s: the receiver's switch queue, KB",
    xLabel: "time (ms)",
    yLabel: "queue (KB)",
    series: runs.map((scheme, i) => ({
      name: scheme,
      points: results[i]!.queueSeries(bottleneck).map(([t, bytes]): [number, number] => [round(t), bytes / 1000]),
    })),
  };
}

/** NSCC, RCCC and both against DCQCN on a lossless 8-to-1 incast (docs/spec/uec.md sec. 7). */
export const uecFanIn: Preset = {
  name: "uec-fan-in",
  description: "Ultra Ethernet NSCC, RCCC and both beside DCQCN: 8 x 2 MB into one receiver (100 Gb/s, PFC)",
  expectedRuntime: "~3 s",
  scenarios: (seed) => runs.map((scheme) => uecFanInScenario(scheme, seed)),
  async run(context) {
    const results = await runSchemes(runs, (scheme, seed) => uecFanInScenario(scheme, seed), context);
    const summaries = results.map(fanInSummary);
    const summary = Object.fromEntries(runs.map((scheme, i) => [scheme, summaries[i]!]));
    const numbers = runs.map((scheme) => fanInNumbers(summary[scheme]));
    return {
      params: {
        ...setup,
        runs,
        drainUs: round(drainUs),
        baseRttUs: round(baseRtt / 1e6),
        targetQueueBytes: round(targetQueueBytes),
      },
      fingerprint: fingerprintOf(results),
      summary,
      checks: numbers.every((n) => n !== undefined)
        ? uecChecks(
            Object.fromEntries(runs.map((scheme, i) => [scheme, numbers[i]!])) as Record<UecScheme, FanInNumbers>,
          )
        : [],
      charts: [queueChart(results)],
    };
  },
  judge(summary) {
    const numbers = runs.map((scheme) => fanInNumbers(summary[scheme]));
    return numbers.every((n) => n !== undefined)
      ? uecChecks(Object.fromEntries(runs.map((scheme, i) => [scheme, numbers[i]!])) as Record<UecScheme, FanInNumbers>)
      : undefined;
  },
};
