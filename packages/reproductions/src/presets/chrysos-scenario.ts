/**
 * Scenario Q of chrysos (unbiased QCN), as the spec defines it: lossless Ethernet with
 * PAUSE, 10 Gb/s server links, 1522 B frames + 20 B of wire overhead, 64 B PAUSE and CNM
 * frames, input buffers of 150 KB shared by VOQs with PAUSE at Qhigh 110 KB and resume at
 * Qlow 44 KB, QCN with Qeq 60 KB, w = 2 and a 150 KB base sampling interval.
 *
 * The fabric (sec. II: leaf switches whose input VOQs are scheduled edge to edge onto the
 * egress buffers over a spine layer with 8:5 over-provisioning) is modelled as the CIOQ
 * switch it behaves as: one switch with VOQ inputs, 150 KB output buffers and a crossbar
 * speedup of 1.6; see the README.
 */
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { round } from "../check.js";
import { runWith, type ScenarioRunner } from "../scenario-runner.js";
import { jainIndex } from "./jain-index.js";

/** 10 Gb/s in bytes per second. */
const LINK = 1.25e9;
const FRAME = 1522;
const OVERHEAD = 20;
/**
 * Rates are raw, as chrysos measures them (sec. III: "which include the 20B per-frame
 * overhead"): a fraction of the link counted in frame bytes, times the wire's 1542/1522, in Gb/s.
 */
const RAW_GBPS_PER_FRACTION = (10 * (FRAME + OVERHEAD)) / FRAME;
/** A raw offered rate in Gb/s as the fraction of the link in frame bytes the adapter's limiter takes. */
const offered = (rawGbps: number) => (rawGbps / 10) * (FRAME / (FRAME + OVERHEAD));

export interface ChrysosParams {
  /** Where the QCN congestion points are; "none": PAUSE only. */
  cp: "output" | "input" | "none";
  culprit?: "arrival" | "occupancy-deterministic" | "occupancy-random";
  /** Fig. 3: f1 offers 3 Gb/s and shares its input with f6 (7 Gb/s to an uncongested server). */
  withF6: boolean;
  durationMs: number;
}

/** f1-f4 from H1-H4 to H0 all the time; f5 from H5 to H0 in 100-200 ms; f6 from H1 to H6 (Fig. 3). */
function flows(withF6: boolean): NonNullable<ScenarioInput["flows"]> {
  const list = [1, 2, 3, 4].map((i) => ({
    source: `H${i}`,
    destination: "H0",
    group: `f${i}`,
    ...(withF6 && i === 1 ? { rate: offered(3) } : {}),
  }));
  return [
    ...list,
    { source: "H5", destination: "H0", group: "f5", startUs: 100_000, stopUs: 200_000 },
    ...(withF6 ? [{ source: "H1", destination: "H6", group: "f6", rate: offered(7) }] : []),
  ];
}

export function chrysosScenario(params: ChrysosParams, seed: number): ScenarioInput {
  return {
    name: "chrysos scenario Q",
    seed,
    durationMs: params.durationMs,
    topology: { kind: "single-switch", hosts: 7, bandwidth: LINK, delayNs: 500 },
    switch: {
      kind: "cioq",
      inputQueues: "voq",
      speedup: 1.6,
      inputBufferBytes: 150_000,
      outputBufferBytes: 150_000,
      forwardingDelayNs: 500,
      flowControl: { kind: "pause", xoffBytes: 110_000, xonBytes: 44_000 },
    },
    packets: { dataBytes: FRAME, headerBytes: 22, wireOverheadBytes: OVERHEAD, notificationBytes: 64 },
    // No ACKs on raw Ethernet; paced flows sharing a port keep their rates (spec: offered load is a cap).
    adapter: { acks: false, pacing: "scheduled" },
    flows: flows(params.withF6),
    ...(params.cp === "none"
      ? {}
      : {
          marking: {
            kind: "qcn",
            at: params.cp,
            culprit: params.culprit ?? "arrival",
            equilibrium: 60_000,
            sampleInterval: 150_000,
          },
          controller: { kind: "qcn" },
        }),
    metrics: { binUs: 100, windowMs: 2, stepUs: 500 },
  };
}

export interface ChrysosRun {
  params: ChrysosParams;
  result: ScenarioResult;
}

/** A run of `params` by a preset context's runner, which may split it over threads. */
export const runChrysos = async (
  runner: ScenarioRunner | undefined,
  params: ChrysosParams,
  seed: number,
): Promise<ChrysosRun> => ({ params, result: await runWith(runner, chrysosScenario(params, seed)) });

/** A flow's mean rate in Gb/s over [fromMs, toMs). */
export const gbps = ({ result }: ChrysosRun, flow: string, fromMs: number, toMs: number): number =>
  round(result.rate(`group:${flow}`, fromMs, toMs) * RAW_GBPS_PER_FRACTION);

/** Jain's fairness index (sum x)^2 / (n sum x^2), rounded for the summary. */
export const jain = (rates: number[]): number => round(jainIndex(rates));

/** Per-flow means over 50-100 ms (f5 idle) and 150-200 ms (f5 active), and Jain's index of each window. */
export function fanInSummary(run: ChrysosRun) {
  const before = ["f1", "f2", "f3", "f4"];
  const during = [...before, "f5"];
  const at = (flowsIn: string[], from: number, to: number) =>
    Object.fromEntries(flowsIn.map((f) => [f, gbps(run, f, from, to)]));
  const early = at(before, 50, 100);
  const late = at(during, 150, 200);
  return {
    gbps50to100: early,
    gbps150to200: late,
    jain50to100: jain(Object.values(early)),
    jain150to200: jain(Object.values(late)),
  };
}

/** Per-flow throughput over time like chrysos Figs. 2-3 (2 ms sliding window). */
export function throughputChart(name: string, title: string, { result, params }: ChrysosRun): Chart {
  const flowsShown = ["f1", "f2", "f3", "f4", "f5", ...(params.withF6 ? ["f6"] : [])];
  return {
    name,
    title,
    xLabel: "time (ms)",
    yLabel: "throughput (Gb/s)",
    yDomain: [0, 10.5],
    series: flowsShown.map((flow) => ({
      name: flow,
      points: result
        .series(`group:${flow}`)
        .map(([t, v]): [number, number] => [round(t), round(v * RAW_GBPS_PER_FRACTION)]),
    })),
  };
}

/**
 * The CNMs each flow received over time, as cumulative counts (chrysos Fig. 2(c)): at the
 * outputs one congestion point serialises them, at the inputs every flow's arrives in parallel.
 */
export function notificationChart(name: string, title: string, { result }: ChrysosRun, untilMs = 300): Chart {
  const groupOfFlow = ["f1", "f2", "f3", "f4", "f5", "f6"]; // flow ids follow the flow list
  const counts = new Map<string, Array<[number, number]>>();
  for (const { timeMs, flow } of result.notifications) {
    if (timeMs > untilMs) break;
    const group = groupOfFlow[flow] ?? `flow ${flow}`;
    const points = counts.get(group) ?? [[0, 0]];
    points.push([round(timeMs), points.length]);
    counts.set(group, points);
  }
  return {
    name,
    title,
    xLabel: "time (ms)",
    yLabel: "CNMs received (cumulative)",
    series: [...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, points]) => ({ name: group, points })),
  };
}
