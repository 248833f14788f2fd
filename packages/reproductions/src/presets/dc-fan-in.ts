import { nearestRank } from "@losslab/metrics";
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { datacenterPackets, gbps, linkDelayNs, runSchemes, type Scheme, schemeFields } from "./datacenter-scenario.js";
import { type DatacenterOrganisation, datacenterSwitch, tridentII } from "./datacenter-switch.js";
import { jainIndex } from "./jain-index.js";

/**
 * docs/spec/datacenter.md, dc-fan-in: 4 senders into one receiver at 25 Gb/s, sender i from
 * 2i ms, 14 ms, measured over 10-14 ms; converged once Jain over 0.5 ms windows stays >= 0.9.
 */
const setup = { senders: 4, startEveryMs: 2, durationMs: 14, measureMs: [10, 14], windowMs: 0.5, fairJain: 0.9 };

const runs = ["dcqcn", "hpcc", "timely"] as const satisfies readonly Scheme[];

const bandwidth = gbps(25);

/**
 * The hosts: senders H0..H3, receiver H4 (the single switch's last port), on DCQCN's testbed
 * switch (`tridentII`) or on the CIOQ crossbar of before (`organisation` "cioq").
 */
export function fanInScenario(
  scheme: Scheme,
  seed: number,
  organisation: DatacenterOrganisation = "shared-buffer",
): ScenarioInput {
  const { senders, startEveryMs, durationMs, windowMs } = setup;
  return {
    name: `dc-fan-in ${scheme}`,
    seed,
    durationMs,
    topology: { kind: "single-switch", hosts: senders + 1, bandwidth, delayNs: linkDelayNs },
    switch: datacenterSwitch(organisation, {
      inputBufferBytes: 200_000,
      outputBufferBytes: 400_000,
      profile: tridentII,
      ports: senders + 1,
    }),
    packets: datacenterPackets,
    flows: Array.from({ length: senders }, (_, i) => ({
      source: `H${i}`,
      destination: `H${senders}`,
      group: `flow${i}`,
      startUs: i * startEveryMs * 1000,
    })),
    ...schemeFields(scheme, senders),
    metrics: { binUs: 10, windowMs, stepUs: 100, queueLengths: { intervalUs: 1, series: [bottleneck] } },
  };
}

/** The receiver's port's egress queue (CIOQ: output buffer) at the switch: where the fan-in queues. */
const bottleneck = `S:out${setup.senders}`;

/** Nearest-rank percentiles of the bottleneck's occupancy sampled in the measurement interval, bytes. */
function queueOver(result: ScenarioResult, fromMs: number, toMs: number) {
  const held = result
    .queueSeries(bottleneck)
    .filter(([ms]) => ms >= fromMs && ms < toMs)
    .map(([, bytes]) => bytes)
    .sort((a, b) => a - b);
  return { p50: nearestRank(held, 50), p95: nearestRank(held, 95), p99: nearestRank(held, 99) };
}

const groups = Array.from({ length: setup.senders }, (_, i) => `group:flow${i}`);

/**
 * How long after the last sender starts until the flows stay fair: the first step from which
 * on Jain's index of the windowed rates stays >= `fairJain`, ms after that start; null if never.
 */
function convergeMs(result: ScenarioResult): number | null {
  const lastStart = (setup.senders - 1) * setup.startEveryMs;
  const series = groups.map((group) => result.series(group));
  let converged: number | null = null;
  for (let step = 0; step < series[0]!.length; step++) {
    const time = series[0]![step]![0];
    if (time - setup.windowMs / 2 < lastStart) continue;
    const fair = jainIndex(series.map((points) => points[step]![1])) >= setup.fairJain;
    if (!fair) converged = null;
    else converged ??= time - setup.windowMs / 2 - lastStart;
  }
  return converged === null ? null : round(converged);
}

function fanInSummary(result: ScenarioResult) {
  const [from, to] = setup.measureMs as [number, number];
  const rates = groups.map((group) => round(result.rate(group, from, to)));
  return {
    rates: Object.fromEntries(rates.map((rate, i) => [`sender${i}`, rate])),
    jain: round(jainIndex(rates)),
    util: round(result.rate(`link:S->H${setup.senders}`, from, to)),
    queue: queueOver(result, from, to),
    convergeMs: convergeMs(result),
    pauseFrames: result.pause?.frames ?? 0,
  };
}

function ratesChart(scheme: Scheme, result: ScenarioResult): Chart {
  return {
    name: `dc-fan-in-${scheme}`,
    title: `${scheme.toUpperCase()}: 4 senders into one receiver (25 Gb/s), one more every 2 ms`,
    xLabel: "time (ms)",
    yLabel: "rate (fraction of link bandwidth)",
    yDomain: [0, 1.05],
    series: [
      ...groups.map((group, i) => ({
        name: `sender ${i}`,
        points: result.series(group).map(([t, v]): [number, number] => [round(t), round(v)]),
      })),
      {
        name: "receiver link",
        points: result.series(`link:S->H${setup.senders}`).map(([t, v]): [number, number] => [round(t), round(v)]),
      },
    ],
  };
}

/** The bottleneck's occupancy over time, one series per scheme. */
function queueChart(results: readonly ScenarioResult[]): Chart {
  return {
    name: "dc-fan-in-queue",
    title: "Queue at the receiver's switch port (egress queue), KB",
    xLabel: "time (ms)",
    yLabel: "queue (KB)",
    series: runs.map((scheme, i) => ({
      name: scheme,
      points: results[i]!.queueSeries(bottleneck).map(([t, bytes]): [number, number] => [round(t), bytes / 1000]),
    })),
  };
}

/** What the claims FI.* read of one scheme's summary: its Jain index, utilisation and queue p95. */
interface FanInNumbers {
  jain: number;
  util: number;
  queue: { p95: number };
}

/** The claims FI.* of the spec, from the three schemes' summaries. */
function fanInChecks(dcqcn: FanInNumbers, hpcc: FanInNumbers, timely: FanInNumbers): Check[] {
  return [
    check.atLeast("FI.1", "dcqcn: Jain index (10-14 ms)", dcqcn.jain, setup.fairJain),
    check.atLeast("FI.2", "hpcc: Jain index (10-14 ms)", hpcc.jain, setup.fairJain),
    check.atLeast("FI.3", "timely: Jain index (10-14 ms)", timely.jain, setup.fairJain),
    check.all(
      "FI.4",
      "every scheme: receiver link utilisation (10-14 ms), lowest",
      Math.min(dcqcn.util, hpcc.util, timely.util),
      [
        { text: "dcqcn >= 0.9", pass: dcqcn.util >= 0.9 },
        { text: "hpcc >= 0.9", pass: hpcc.util >= 0.9 },
        { text: "timely >= 0.9", pass: timely.util >= 0.9 },
      ],
    ),
    check.atMost("FI.5", "hpcc: bottleneck queue p95 (10-14 ms), bytes", hpcc.queue.p95, 10000),
    check.atMost(
      "FI.6",
      "hpcc: bottleneck queue p95, against dcqcn's",
      hpcc.queue.p95,
      dcqcn.queue.p95 / 4,
      `queue p95(dcqcn) / 4 = ${round(dcqcn.queue.p95 / 4)}`,
    ),
  ];
}

/** A scheme's summary as the claims read it, if it holds those numbers (`Preset.judge`). */
function fanInNumbers(summary: unknown): FanInNumbers | undefined {
  const top = summaryNumbers(summary, ["jain", "util"]);
  const queue = summaryNumbers((summary as { queue?: unknown } | null)?.queue, ["p95"]);
  return top === undefined || queue === undefined ? undefined : { ...top, queue };
}

/** DCQCN, HPCC and TIMELY share one receiver fairly; HPCC holds the queue near empty. */
export const dcFanIn: Preset = {
  name: "dc-fan-in",
  description: "DCQCN, HPCC and TIMELY: 4 flows into one receiver (25 Gb/s) converge to fair shares",
  expectedRuntime: "2 s",
  scenarios: (seed) => runs.map((scheme) => fanInScenario(scheme, seed)),
  async run(context) {
    const results = await runSchemes(runs, (scheme, seed) => fanInScenario(scheme, seed), context);
    const [dcqcn, hpcc, timely] = results.map(fanInSummary) as [
      ReturnType<typeof fanInSummary>,
      ReturnType<typeof fanInSummary>,
      ReturnType<typeof fanInSummary>,
    ];
    return {
      params: { ...setup, runs },
      fingerprint: fingerprintOf(results),
      summary: { dcqcn, hpcc, timely },
      checks: fanInChecks(dcqcn, hpcc, timely),
      charts: [...runs.map((scheme, i) => ratesChart(scheme, results[i]!)), queueChart(results)],
    };
  },
  judge(summary) {
    const [dcqcn, hpcc, timely] = runs.map((scheme) => fanInNumbers(summary[scheme]));
    return dcqcn === undefined || hpcc === undefined || timely === undefined
      ? undefined
      : fanInChecks(dcqcn, hpcc, timely);
  },
};
