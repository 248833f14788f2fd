/**
 * What the page draws of one scenario run while a preset goes on: every link's utilisation
 * and every flow group's rate over time, on one shared time axis, thinned to at most
 * MAX_POINTS points (plain JSON: it crosses from the worker to the page).
 */
import type { ScenarioResult } from "@losslab/scenario";

/** At most this many time points per series (the topology view's slider has as many steps). */
export const MAX_POINTS = 200;
/** Per-flow series are kept when a run has at most this many flows. */
const MAX_FLOWS = 12;

export interface LinkView {
  from: string;
  to: string;
  /** Mean utilisation over the run's measurement interval (fraction of the link bandwidth). */
  mean: number;
  /** Utilisation at each of `RunView.timesMs`. */
  values: number[];
}

export interface RunView {
  /** 1-based: the preset's n-th run. */
  run: number;
  /** The scenario's name. */
  name: string;
  durationMs: number;
  /** Centres of the sliding windows, in ms. */
  timesMs: number[];
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
  const all = first === undefined ? [] : result.series(first);
  const stride = Math.max(1, Math.ceil(all.length / MAX_POINTS));
  const pick = (points: Array<[number, number]>) => points.filter((_, i) => i % stride === 0);
  const timesMs = pick(all).map(([t]) => round4(t));
  const values = (meter: string) => pick(result.series(meter)).map(([, v]) => round4(v));
  const links = linkMeters.map((meter): LinkView => {
    const name = meter.slice("link:".length);
    const arrow = name.indexOf("->");
    return {
      from: name.slice(0, arrow),
      to: name.slice(arrow + 2),
      mean: round4(result.summary.links[name] ?? 0),
      values: values(meter),
    };
  });
  const flows = meters.filter((meter) => meter.startsWith("flow:"));
  const rateMeters = [...meters.filter((m) => m.startsWith("group:")), ...(flows.length <= MAX_FLOWS ? flows : [])];
  return {
    run,
    name: result.scenario.name,
    durationMs: result.scenario.durationMs,
    timesMs,
    links,
    rates: rateMeters.map((meter) => ({ name: meter, values: values(meter) })),
  };
}
