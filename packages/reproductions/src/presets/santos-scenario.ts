/**
 * Scenario S of santos-2002 (Fig. 1, Table 1) as the presets of Figs. 2-5 use it, and the
 * measurements the spec names: victim, remote and local rates and ISL utilization over
 * 45-55 ms (the victim is active 40-60 ms), root utilization over 20-100 ms.
 */
import { parseScenario, runScenario, type ScenarioInput, type ScenarioResult } from "@losslab/scenario";
import type { OutputOrder } from "@losslab/switch";
import type { Chart } from "../charts/chart.js";
import { round } from "../check.js";
import { runWith, type ScenarioRunner } from "../scenario-runner.js";

export interface SantosParams {
  local: number;
  remote: number;
  durationMs: number;
  victimMs: [number, number] | null;
  bufferPackets: number;
  window?: number;
  /** Fixed rate limits per group, fractions of the link bandwidth. */
  rates?: Partial<Record<"local" | "remote" | "victim", number>>;
  /** ON/OFF sources among the local and remote ones (santos-2002 sec. 6.3.2). */
  dynamic?: { local: number; remote: number; meanOnMs: number };
  /** Marking policy (santos-2002 sec. 5); default none. */
  marking?: ScenarioInput["marking"];
  /** Per-flow controller (santos-2002 sec. 6); default none. */
  controller?: ScenarioInput["controller"];
  /**
   * Which free output the switches' inputs serve first (`switch.outputOrder`); default the
   * scenario's, "rotate". No preset sets it: the README compares the orders.
   */
  outputOrder?: OutputOrder;
}

export interface SantosRun {
  params: SantosParams;
  result: ScenarioResult;
}

/** The time plots' step, and the meters' bin (so that every rate taken spans whole bins). */
const PLOT_STEP_US = 250;

/** The scenario file of one run of scenario S. */
export function santosScenario(params: SantosParams, seed: number): ScenarioInput {
  const groups: Record<string, { rate: number }> = {};
  for (const [group, rate] of Object.entries(params.rates ?? {})) groups[group] = { rate };
  return {
    name: "santos scenario S",
    seed,
    durationMs: params.durationMs,
    topology: { kind: "two-switch", local: params.local, remote: params.remote },
    switch: {
      kind: "input-buffered",
      bufferPackets: params.bufferPackets,
      ...(params.outputOrder === undefined ? {} : { outputOrder: params.outputOrder }),
    },
    flows: {
      pattern: "santos",
      staggerUs: 100,
      victimMs: params.victimMs,
      ...(params.dynamic === undefined ? {} : { dynamic: params.dynamic }),
    },
    limits: { ...(params.window === undefined ? {} : { window: params.window }), groups },
    ...(params.marking === undefined ? {} : { marking: params.marking }),
    ...(params.controller === undefined ? {} : { controller: params.controller }),
    // Only the two links the measurements read are metered, in bins of the time plots' step:
    // every rate taken (45-55 ms, 20-100 ms, the sweeps' intervals, the plots' 2 ms windows
    // every step) spans whole bins, so the numbers are those of every link in 10 us bins,
    // for a tenth less work per run.
    metrics: { binUs: PLOT_STEP_US, windowMs: 2, stepUs: PLOT_STEP_US, linkMeters: ["A->B", "B->BC"] },
  };
}

export function runSantos(params: SantosParams, seed: number): SantosRun {
  return { params, result: runScenario(parseScenario(santosScenario(params, seed))) };
}

/** `runSantos` by a preset context's runner, which may split the run over threads. */
export async function runSantosWith(
  runner: ScenarioRunner | undefined,
  params: SantosParams,
  seed: number,
): Promise<SantosRun> {
  return { params, result: await runWith(runner, santosScenario(params, seed)) };
}

/** The spec's summary keys for Figs. 2-3 (rates as fractions of the 1 GB/s links). */
export function santosSummary({ result }: SantosRun) {
  return {
    victimRate: round(result.rate("group:victim", 45, 55)),
    islUtil: round(result.rate("link:A->B", 45, 55)),
    remoteRate: round(result.rate("group:remote", 45, 55)),
    localRate: round(result.rate("group:local", 45, 55)),
    rootUtil: round(result.rate("link:B->BC", 20, 100)),
  };
}

/**
 * Rates of the scenario's meters averaged over [fromMs, toMs) (sweeps: fig5, fig7, fig8).
 * A flow group the run does not have (e.g. no static local flow in fig8b) has rate 0.
 */
export function santosAverages({ result }: SantosRun, fromMs: number, toMs: number) {
  const meters = new Set(result.meters());
  const rate = (meter: string) => (meters.has(meter) ? round(result.rate(meter, fromMs, toMs)) : 0);
  return {
    rootUtil: rate("link:B->BC"),
    islUtil: rate("link:A->B"),
    localRate: rate("group:local"),
    remoteRate: rate("group:remote"),
    victimRate: rate("group:victim"),
    localDynamicRate: rate("group:local-dynamic"),
    remoteDynamicRate: rate("group:remote-dynamic"),
  };
}

/** One point of a santos sweep: a run of scenario S and the rates it averages over `fromMs`-`toMs`. */
export interface SantosPoint {
  params: SantosParams;
  seed: number;
  fromMs: number;
  toMs: number;
}

/**
 * One run of scenario S (the "santos" sweep task), by `runner` when given: its fingerprint
 * and its rates averaged over `fromMs`-`toMs`.
 */
export async function santosPoint(input: SantosPoint, _onProgress?: unknown, runner?: ScenarioRunner) {
  const run = await runSantosWith(runner, input.params, input.seed);
  return { fingerprint: run.result.fingerprint, ...santosAverages(run, input.fromMs, input.toMs) };
}

/** The meters of scenario S's usual plot (santos-2002 Figs. 2-4). */
export const scenarioSMeters: Array<[label: string, meter: string]> = [
  ["root link", "link:B->BC"],
  ["inter-switch link", "link:A->B"],
  ["local (aggregate)", "group:local"],
  ["remote (aggregate)", "group:remote"],
  ["victim", "group:victim"],
];

/** A time plot of the named meters of a scenario S run, rates over a centred 2 ms sliding window. */
export function scenarioSTimePlot(
  name: string,
  title: string,
  result: ScenarioResult,
  meters: Array<[label: string, meter: string]> = scenarioSMeters,
): Chart {
  return {
    name,
    title,
    xLabel: "time (ms)",
    yLabel: "rate (fraction of link bandwidth)",
    yDomain: [0, 1.05],
    series: meters.map(([label, meter]) => ({
      name: label,
      points: result.series(meter).map(([t, v]): [number, number] => [round(t), round(v)]),
    })),
  };
}

/** A time plot like santos-2002 Figs. 2-4. */
export const santosTimePlot = (name: string, title: string, { result }: SantosRun): Chart =>
  scenarioSTimePlot(name, title, result);
