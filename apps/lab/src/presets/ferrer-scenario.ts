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
import type { Chart } from "../chart.js";
import { round } from "../check.js";

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
export function ferrerHosts(params: Pick<FerrerParams, "k" | "n">) {
  const hosts = params.k ** params.n;
  const hot = hosts / 8; // Table 3: 1/8 of the hosts
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
    metrics: { binUs: LATENCY_BIN_CYCLES / 1000, windowMs: 0.02, stepUs: 20, hotSpot },
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

export function runFerrer(params: FerrerParams, seed: number): FerrerRun {
  const result = runScenario(parseScenario(ferrerScenario(params, seed)));
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

/** Mean cold latency per 2,000-cycle bin, as [cycle, latency in cycles] points. */
export function coldLatencySeries({ result }: FerrerRun): Array<[number, number]> {
  return result
    .latency("class:cold")
    .series()
    .map(([t, latency]): [number, number] => [t / PS_PER_CYCLE, round(latency / PS_PER_CYCLE)]);
}

/** The spec's ferrer latency keys: mean cold latency before the trigger, and the largest bin mean. */
export function coldLatency(run: FerrerRun) {
  const cold = run.result.latency("class:cold");
  const before = cold.mean(0, run.triggerCycle * PS_PER_CYCLE) / PS_PER_CYCLE;
  let max = 0;
  for (const [, latency] of coldLatencySeries(run)) max = Math.max(max, latency);
  return { coldLatencyBeforeCycles: round(before), coldLatencyMaxCycles: round(max) };
}

/** Cold accepted traffic (bytes/cycle, all hosts together) in 20,000-cycle bins. */
export function coldThroughputSeries({ result, params }: FerrerRun): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  const binMs = THROUGHPUT_BIN_CYCLES / 1e6;
  for (let from = 0; from + THROUGHPUT_BIN_CYCLES <= params.durationCycles; from += THROUGHPUT_BIN_CYCLES) {
    // rate() is a fraction of one link = bytes per cycle at 1 byte/cycle.
    points.push([from, round(result.rate("class:cold", from / 1e6, from / 1e6 + binMs))]);
  }
  return points;
}

export function coldLatencyChart(name: string, title: string, runs: Array<{ label: string; run: FerrerRun }>): Chart {
  return {
    name,
    title,
    xLabel: "time (cycles)",
    yLabel: "cold-flow latency (cycles, from generation)",
    series: runs.map(({ label, run }) => ({ name: label, points: coldLatencySeries(run) })),
    shade: [[runs[0]!.run.triggerCycle, runs[0]!.run.hotEndCycle]],
  };
}

export function coldThroughputChart(
  name: string,
  title: string,
  runs: Array<{ label: string; run: FerrerRun }>,
): Chart {
  return {
    name,
    title,
    xLabel: "time (cycles)",
    yLabel: "cold accepted traffic (bytes/cycle, all hosts)",
    series: runs.map(({ label, run }) => ({ name: label, points: coldThroughputSeries(run) })),
    shade: [[runs[0]!.run.triggerCycle, runs[0]!.run.hotEndCycle]],
  };
}
