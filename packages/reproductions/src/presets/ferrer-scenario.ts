/**
 * Scenario M of ferrer-2012 (sec. 5.1, Table 3) as the spec defines it for the small
 * presets: a bidirectional 4-ary 3-tree (the paper's "4-ary 3-fly with bidirectional
 * links"), CIOQ switches with strict-FIFO inputs, speedup 2 and 1 KB buffers, 64-byte
 * credits, links of 1 byte/cycle, 256 B payload + 22 B header, 22 B ACKs, one virtual
 * output queue per destination at every NIC, and traffic pattern I: 7/8 of the hosts send
 * uniform Bernoulli traffic all the time; the other 1/8 wait until 50,000 packets have
 * been delivered, then send 1,000 packets each to one hot-spot host and stop.
 */
import { parseScenario, runScenario, type ScenarioInput, type ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { round } from "../check.js";
import { runWith, type ScenarioRunner } from "../scenario-runner.js";

export interface FerrerParams {
  k: number;
  n: number;
  /** Uniform load per host: payload bytes per cycle (0.45 B/cycle per first-stage switch / 4 hosts). */
  uniformRate: number;
  /**
   * Load of each hot source while it sends. The spec's load scaling: 8x the uniform rate on
   * a 4-ary 3-tree, so 8 hot sources offer the hot-spot link ~7.2x its capacity, as the
   * paper's 64 sources do on its 4-ary 5-fly.
   */
  hotRate: number;
  /** Packets delivered network-wide before the hot sources start. */
  triggerPackets: number;
  /** Packets each hot source sends. */
  hotPackets: number;
  /** Hot sources (Table 3: 1/8 of the hosts; the spec's 4-ary 5-tree: 64). Default hosts / 8. */
  hotSources?: number;
  durationCycles: number;
  /** Window per destination queue (packets); omitted: none. */
  window?: number;
  marking?: ScenarioInput["marking"];
  controller?: ScenarioInput["controller"];
}

/** Bin of the latency-over-time curves (the spec's 2,000-cycle bins). */
export const LATENCY_BIN_CYCLES = 2000;
/** Bin of the accepted-traffic curves (the spec's 20,000-cycle bins). */
export const THROUGHPUT_BIN_CYCLES = 20_000;
const PAYLOAD = 256;
const HEADER = 22;

/**
 * The paper's own setting (spec: the `-large` presets): a 4-ary 5-tree (1,024 hosts), 64
 * hot sources at the uniform rate (7.2x the hot-spot link), all other hosts uniform. The
 * hot spot drains 64,000 hot packets at 1 byte/cycle: about 20 M cycles.
 */
export const ferrerLarge: FerrerParams = {
  k: 4,
  n: 5,
  uniformRate: 0.1125,
  hotRate: 0.1125,
  triggerPackets: 50_000,
  hotPackets: 1000,
  hotSources: 64,
  durationCycles: 22_000_000,
};

export const ferrerSmall: FerrerParams = {
  k: 4,
  n: 3,
  uniformRate: 0.1125,
  hotRate: 0.9,
  triggerPackets: 50_000,
  hotPackets: 1000,
  durationCycles: 6_000_000,
};

/**
 * Which hosts are hot: one host in every `hosts / hot` (the last of each block), so the hot
 * sources sit on different leaf switches and their flows merge on the way to the hot spot.
 * The hot spot is H0; it also sends uniform traffic.
 */
export function ferrerHosts(params: Pick<FerrerParams, "k" | "n" | "hotSources">) {
  const hosts = params.k ** params.n;
  const hot = params.hotSources ?? hosts / 8; // Table 3: 1/8 of the hosts
  const stride = hosts / hot;
  const all = Array.from({ length: hosts }, (_, h) => `H${h}`);
  const hotSources = all.filter((_, h) => h % stride === stride - 1);
  return { all, hotSources, coldSources: all.filter((id) => !hotSources.includes(id)), hotSpot: "H0" };
}

/** The scenario file of one run of scenario M (what `losslab run` would take). */
export function ferrerScenario(params: FerrerParams, seed: number): ScenarioInput {
  const { hotSources, coldSources, hotSpot } = ferrerHosts(params);
  const size = { kind: "fixed", bytes: PAYLOAD };
  return {
    name: "ferrer-2012 scenario M",
    seed,
    cycleNs: 1,
    durationCycles: params.durationCycles,
    // The paper gives no propagation or routing delay; a few cycles each, documented in the README.
    topology: { kind: "k-ary-n-tree", k: params.k, n: params.n, delayNs: 4 },
    switch: {
      kind: "cioq",
      inputQueues: "fifo",
      speedup: 2,
      inputBufferBytes: 1024,
      outputBufferBytes: 1024,
      forwardingDelayNs: 8,
    },
    packets: { dataBytes: PAYLOAD + HEADER, headerBytes: HEADER, ackBytes: HEADER },
    adapter: { queues: "per-destination" },
    traffic: [
      {
        kind: "bernoulli",
        name: "uniform",
        sources: coldSources,
        destinations: { kind: "uniform" },
        size,
        load: params.uniformRate,
      },
      {
        kind: "hot-spot",
        sources: hotSources,
        destination: hotSpot,
        messages: params.hotPackets,
        trigger: { deliveredPackets: params.triggerPackets },
        load: params.hotRate,
        size,
      },
    ],
    limits: { ...(params.window === undefined ? {} : { window: params.window }), groups: {} },
    ...(params.marking === undefined ? {} : { marking: params.marking }),
    ...(params.controller === undefined ? {} : { controller: params.controller }),
    metrics: {
      binUs: LATENCY_BIN_CYCLES / 1000,
      windowMs: 0.02,
      stepUs: 20,
      hotSpot,
      sourceWaitGroups: ["hot"],
      linkMeters: [HOT_SPOT_LINK.slice("link:".length)],
    },
  };
}

export interface FerrerRun {
  params: FerrerParams;
  result: ScenarioResult;
  /** Start of the latency bin in which the trigger count was reached, cycles. */
  triggerCycle: number;
  /** End of the last latency bin with a hot delivery, cycles. */
  hotEndCycle: number;
}

/** One run of scenario M in this thread (benches, scripts); `onProgress` as `ferrerPoint`'s. */
export const runFerrer = (params: FerrerParams, seed: number, onProgress?: (fraction: number) => void): FerrerRun =>
  ferrerRun(
    params,
    runScenario(
      parseScenario(ferrerScenario(params, seed)),
      onProgress === undefined ? {} : { onProgress: (doneMs, totalMs) => onProgress(doneMs / totalMs) },
    ),
  );

/** What the measures read of scenario M's `result`: the trigger and the end of the hot spot. */
function ferrerRun(params: FerrerParams, result: ScenarioResult): FerrerRun {
  const all = result.latency("all");
  let delivered = 0;
  let triggerBin = all.counts.length;
  for (let bin = 0; bin < all.counts.length; bin++) {
    delivered += all.counts[bin]!;
    if (delivered >= params.triggerPackets) {
      triggerBin = bin;
      break;
    }
  }
  // The hot-spot generator's packets (group "hot"); uniform packets to H0 do not end the period.
  const hotGroup = result.latency("group:hot");
  let lastHot = triggerBin;
  for (let bin = 0; bin < hotGroup.counts.length; bin++) if (hotGroup.counts[bin]! > 0) lastHot = bin + 1;
  return { params, result, triggerCycle: triggerBin * LATENCY_BIN_CYCLES, hotEndCycle: lastHot * LATENCY_BIN_CYCLES };
}

const PS_PER_CYCLE = 1000;
/** The link into the hot spot H0: leaf S0.0's port 0 in a k-ary n-tree. */
const HOT_SPOT_LINK = "link:S0.0->H0";

/** Everything the ferrer presets judge and draw about one run, as plain JSON (it crosses worker threads). */
export interface FerrerMeasures {
  /** The run's trajectory hash. */
  fingerprint: string;
  /** Mean cold latency before the trigger, cycles. */
  coldLatencyBeforeCycles: number;
  /** Largest mean cold latency of a 2,000-cycle bin, cycles. */
  coldLatencyMaxCycles: number;
  /** 1 - min/mean of the cold accepted traffic in 20,000-cycle bins over the hot-spot period. */
  coldThroughputDrop: number;
  /** Utilization of the hot-spot link during the hot-spot period. */
  hotspotLinkUtil: number;
  /** Percent of delivered cold / hot packets carrying a mark (ECN or MB). */
  markedColdPct: number;
  markedHotPct: number;
  /**
   * 2,000-cycle bins of the hot-spot period in which the hot-spot link was less than half
   * used while hot packets waited at their sources the whole bin (ferrer-2012 Fig. 16).
   */
  hotThroughputGaps: number;
  triggerCycle: number;
  hotEndCycle: number;
  delivered: number;
  /** Mean cold latency per 2,000-cycle bin: [cycle, cycles]. */
  coldLatency: Array<[number, number]>;
  /** Cold accepted traffic per 20,000-cycle bin: [cycle, bytes/cycle]. */
  coldThroughput: Array<[number, number]>;
  /** Hot-spot link utilization per 20,000-cycle bin: [cycle, fraction]. */
  hotspotLink: Array<[number, number]>;
}

export function ferrerMeasures(run: FerrerRun): FerrerMeasures {
  const { result, triggerCycle, hotEndCycle, params } = run;
  const cold = result.latency("class:cold");
  const coldLatency = cold
    .series()
    .map(([t, latency]): [number, number] => [t / PS_PER_CYCLE, round(latency / PS_PER_CYCLE)]);
  const coldThroughput: Array<[number, number]> = [];
  const hotspotLink: Array<[number, number]> = [];
  for (let from = 0; from + THROUGHPUT_BIN_CYCLES <= params.durationCycles; from += THROUGHPUT_BIN_CYCLES) {
    const [a, b] = [from / 1e6, (from + THROUGHPUT_BIN_CYCLES) / 1e6];
    // rate() is a fraction of one link: bytes per cycle at 1 byte/cycle.
    coldThroughput.push([from, round(result.rate("class:cold", a, b))]);
    hotspotLink.push([from, round(result.rate(HOT_SPOT_LINK, a, b))]);
  }
  const during = coldThroughput.filter(([t]) => t >= triggerCycle && t + THROUGHPUT_BIN_CYCLES <= hotEndCycle);
  const values = during.map(([, v]) => v);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const waiting = result.sourceWait("hot");
  let gaps = 0;
  for (let bin = triggerCycle / LATENCY_BIN_CYCLES; bin < hotEndCycle / LATENCY_BIN_CYCLES; bin++) {
    const from = (bin * LATENCY_BIN_CYCLES) / 1e6;
    const util = result.rate(HOT_SPOT_LINK, from, from + LATENCY_BIN_CYCLES / 1e6);
    if (util < 0.5 && waiting[bin] === 1) gaps++;
  }
  const marked = result.summary.markedPct;
  return {
    fingerprint: result.fingerprint,
    coldLatencyBeforeCycles: round(cold.mean(0, triggerCycle * PS_PER_CYCLE) / PS_PER_CYCLE),
    coldLatencyMaxCycles: coldLatency.reduce((max, [, v]) => Math.max(max, v), 0),
    coldThroughputDrop: values.length === 0 ? 0 : round(1 - Math.min(...values) / mean),
    hotspotLinkUtil: round(result.rate(HOT_SPOT_LINK, triggerCycle / 1e6, hotEndCycle / 1e6)),
    markedColdPct: round(marked["class:cold"] ?? 0),
    markedHotPct: round(marked["class:hot"] ?? 0),
    hotThroughputGaps: gaps,
    triggerCycle,
    hotEndCycle,
    delivered: result.delivered,
    coldLatency,
    coldThroughput,
    hotspotLink,
  };
}

/**
 * The measures of one run of scenario M (the "ferrer" sweep task), by `runner` when given;
 * `onProgress` hears the fraction of the simulated time done (about every 1 M cycles).
 */
export const ferrerPoint = async (
  input: { params: FerrerParams; seed: number },
  onProgress?: (fraction: number) => void,
  runner?: ScenarioRunner,
): Promise<FerrerMeasures> =>
  ferrerMeasures(ferrerRun(input.params, await runWith(runner, ferrerScenario(input.params, input.seed), onProgress)));

/** The numbers of the spec's summary keys (the series stay for the charts). */
export function ferrerSummary(m: FerrerMeasures) {
  const {
    fingerprint: _fingerprint,
    coldLatency: _latency,
    coldThroughput: _throughput,
    hotspotLink: _link,
    ...numbers
  } = m;
  return numbers;
}

export interface LabelledMeasures {
  label: string;
  measures: FerrerMeasures;
}

/** Latency of cold flows over time, the hot-spot period shaded (ferrer-2012 Figs. 4, 5, 11). */
export function coldLatencyChart(name: string, title: string, runs: LabelledMeasures[]): Chart {
  return {
    name,
    title,
    xLabel: "time (cycles)",
    yLabel: "cold-flow latency (cycles, from generation)",
    series: runs.map(({ label, measures }) => ({ name: label, points: measures.coldLatency })),
    shade: [[runs[0]!.measures.triggerCycle, runs[0]!.measures.hotEndCycle]],
  };
}

/** Hot-spot link utilization over time (ferrer-2012 Figs. 6 and 16). */
export function hotspotLinkChart(name: string, title: string, runs: LabelledMeasures[]): Chart {
  return {
    name,
    title,
    xLabel: "time (cycles)",
    yLabel: "hot-spot link utilization",
    yDomain: [0, 1.05],
    series: runs.map(({ label, measures }) => ({ name: label, points: measures.hotspotLink })),
    shade: [[runs[0]!.measures.triggerCycle, runs[0]!.measures.hotEndCycle]],
  };
}

/** Cold accepted traffic over time (ferrer-2012 Fig. 5). */
export function coldThroughputChart(name: string, title: string, runs: LabelledMeasures[]): Chart {
  return {
    name,
    title,
    xLabel: "time (cycles)",
    yLabel: "cold accepted traffic (bytes/cycle, all hosts)",
    series: runs.map(({ label, measures }) => ({ name: label, points: measures.coldThroughput })),
    shade: [[runs[0]!.measures.triggerCycle, runs[0]!.measures.hotEndCycle]],
  };
}

/** The congestion management mechanisms ferrer-2012 compares (sec. 3.2, 4; spec "Scenario M"). */
export const ferrerMechanisms = {
  /** No congestion management. */
  noCMM: {},
  /** MVCM: MVPM marking (66 % input, 33 % output) + dynamic window (DWmax 2) and waiting slots. */
  MVCM: { marking: { kind: "mvpm" }, controller: { kind: "mvcm" } },
  /** MVCM without the n-times limit on raising the waiting slots (Fig. 16). */
  "MVCM (no limit)": { marking: { kind: "mvpm" }, controller: { kind: "mvcm", limitWaitingSlots: false } },
  /** Renato's proposal (santos-2003): input-triggered marking, window 1, LIPD. */
  renato: {
    marking: { kind: "input-triggered" },
    controller: { kind: "per-ack", response: "lipd", mode: "discrete", window: 1 },
  },
  /**
   * Pfister's InfiniBand CCA: output-threshold marking, CCT-based inter-packet delay, no window.
   * The paper gives the threshold only as an IBA setting 0..15 whose meaning is the vendor's
   * (sec. 3.2.2). Rule (spec "Scenario M"): calibrate it as ferrer-2012 sec. 4.3 item 1
   * calibrates MVCM's output threshold, so that uniform traffic near saturation crosses
   * unmarked, about 33 % of the output buffer: take the setting whose fraction of the output
   * buffer, `ibCcaThresholdFraction(s)` = (16 - s) / 16, is nearest to 33 %. That is s = 11,
   * 5/16 = 31.25 % (s = 10 gives 37.5 %; s = 15, the Mellanox default used before, 6.25 %).
   * Chosen by this rule alone, not by the claims' results.
   */
  pfister: { marking: { kind: "ib-cca", threshold: 11 }, controller: { kind: "ib-cca", timerPeriodUs: 10 } },
} satisfies Record<string, Pick<FerrerParams, "marking" | "controller">>;

export type FerrerMechanism = keyof typeof ferrerMechanisms;

/** Scenario M (small by default) with one mechanism. */
export const ferrerWith = (mechanism: FerrerMechanism, base: FerrerParams = ferrerSmall): FerrerParams => ({
  ...base,
  ...ferrerMechanisms[mechanism],
});
