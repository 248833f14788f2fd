/**
 * What the page draws of one scenario run while a preset goes on: every link's utilisation
 * and every flow group's rate over time, on one shared time axis, thinned to at most
 * MAX_POINTS points (plain JSON: it crosses from the worker to the page).
 */
import { type Scenario, type ScenarioResult, scenarioTopology } from "@losslab/scenario";

/** At most this many time points per series (the topology view's slider has as many steps). */
export const MAX_POINTS = 200;
/** Bins of the series of a run shorter than its sliding window. */
const FALLBACK_BINS = 100;
/** Per-flow series are kept when a run has at most this many flows. */
const MAX_FLOWS = 12;

export interface LinkView {
  from: string;
  to: string;
  /** Whether the run metered this link (`metrics.links`; default every link). */
  metered: boolean;
  /** Mean utilisation over the run's measurement interval (fraction of the link bandwidth); 0 if not metered. */
  mean: number;
  /** Utilisation at each of `RunView.timesMs` (empty if not metered). */
  values: number[];
}

export interface NodeView {
  id: string;
  host: boolean;
}

export interface RunView {
  /** 1-based: the preset's n-th run. */
  run: number;
  /** The scenario's name. */
  name: string;
  /** The scenario the run ran (validated, defaults filled in): the trace view runs it again. */
  scenario: Scenario;
  durationMs: number;
  /** Centres of the sliding windows, in ms. */
  timesMs: number[];
  /** The fabric's nodes (undefined: not known, and `links` are the metered ones only). */
  nodes?: NodeView[];
  /** Every direction of every link of the fabric. */
  links: LinkView[];
  /** Delivered rate of each flow group (`group:<name>`), and of each flow when there are few. */
  rates: Array<{ name: string; values: number[] }>;
}

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

/** The view of a finished run. */
export function runView(run: number, result: ScenarioResult): RunView {
  const meters = result.meters();
  const linkMeters = meters.filter((meter) => meter.startsWith("link:"));
  const first = linkMeters[0] ?? meters[0];
  const sliding = first === undefined ? [] : result.series(first);
  let timesMs: number[];
  let values: (meter: string) => number[];
  if (sliding.length > 0) {
    // The scenario's sliding windows (metrics.windowMs, stepUs), as the CLI's charts show them.
    const stride = Math.max(1, Math.ceil(sliding.length / MAX_POINTS));
    const pick = (points: Array<[number, number]>) => points.filter((_, i) => i % stride === 0);
    timesMs = pick(sliding).map(([t]) => round4(t));
    values = (meter) => pick(result.series(meter)).map(([, v]) => round4(v));
  } else {
    // A run shorter than one window has no sliding series: mean rates over FALLBACK_BINS bins.
    const duration = result.scenario.durationMs;
    const width = duration / FALLBACK_BINS;
    const starts = Array.from({ length: FALLBACK_BINS }, (_, i) => i * width);
    timesMs = starts.map((start) => round4(start + width / 2));
    values = (meter) => starts.map((start) => round4(result.rate(meter, start, start + width)));
  }
  const metered = new Set(linkMeters.map((meter) => meter.slice("link:".length)));
  const link = (from: string, to: string): LinkView => {
    const name = `${from}->${to}`;
    if (!metered.has(name)) return { from, to, metered: false, mean: 0, values: [] };
    return { from, to, metered: true, mean: round4(result.summary.links[name] ?? 0), values: values(`link:${name}`) };
  };
  // The fabric the run was built on (a scenario that ran is valid, so it builds).
  const topology = scenarioTopology(result.scenario);
  const links = topology.links.flatMap(({ a, b }) => [link(a.node, b.node), link(b.node, a.node)]);
  const flows = meters.filter((meter) => meter.startsWith("flow:"));
  const rateMeters = [...meters.filter((m) => m.startsWith("group:")), ...(flows.length <= MAX_FLOWS ? flows : [])];
  return {
    run,
    name: result.scenario.name,
    scenario: result.scenario,
    durationMs: result.scenario.durationMs,
    timesMs,
    nodes: topology.nodes.map(({ id, kind }) => ({ id, host: kind === "host" })),
    links,
    rates: rateMeters.map((meter) => ({ name: meter, values: values(meter) })),
  };
}
