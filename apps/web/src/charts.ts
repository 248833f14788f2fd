/**
 * Charts in the page: a preset's Chart -> Vega-Lite spec (`toVegaLite`, as the CLI draws it), drawn
 * as SVG by vega. The data is inlined in the spec; vega is given a loader that loads nothing.
 */
import { type Chart, toVegaLite } from "@losslab/reproductions";
import { type Loader, parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { element } from "./dom.js";
import type { RunView } from "./run-view.js";

const refuse = (uri: string) => Promise.reject(new Error(`the page's charts load nothing (asked for ${uri})`));
const noNetwork = { load: refuse, sanitize: refuse, http: refuse, file: refuse } as unknown as Loader;

/** Draws `chart` into a new element appended to `container`; resolves when it is drawn. */
export async function drawChart(container: HTMLElement, chart: Chart): Promise<View> {
  const holder = element("div", { "data-chart": chart.name });
  container.appendChild(holder);
  const spec = compile(toVegaLite(chart) as TopLevelSpec).spec;
  const view = new View(parse(spec), { renderer: "svg", container: holder, hover: true, loader: noNetwork });
  await view.runAsync();
  return view;
}

/** At most this many links in the live utilisation chart: the busiest. */
const LIVE_LINKS = 8;

/** The live charts of a run: utilisation of its busiest links, and its flow rates, over time. */
export function liveCharts(view: RunView): Chart[] {
  const zip = (values: number[]) => values.map((value, i): [number, number] => [view.timesMs[i] ?? 0, value]);
  const busiest = view.links
    .filter((link) => link.metered)
    .sort((a, b) => b.mean - a.mean)
    .slice(0, LIVE_LINKS);
  const label = `run ${view.run}: ${view.name}`;
  return [
    {
      name: "live-link-utilisation",
      title: `Link utilisation, the ${busiest.length} busiest links (${label})`,
      xLabel: "time (ms)",
      yLabel: "utilisation (fraction of link bandwidth)",
      yDomain: [0, 1.05],
      series: busiest.map((link) => ({ name: `${link.from}->${link.to}`, points: zip(link.values) })),
    },
    {
      name: "live-flow-rates",
      title: `Flow rates (${label})`,
      xLabel: "time (ms)",
      yLabel: "rate (fraction of link bandwidth)",
      series: view.rates.map((rate) => ({ name: rate.name, points: zip(rate.values) })),
    },
  ];
}

/** Links and rates in an overlay chart at most: each is two lines (pinned dashed, current solid) of one colour. */
const OVERLAY_LINKS = 5;
const OVERLAY_RATES = 10;

/**
 * The live charts of two runs in one chart per metric: each link or rate in one colour, the
 * pinned run's line dashed and the current run's solid, both in the legend ("pinned: ...",
 * "current: ..."). The links are the busiest in either run.
 */
export function overlayCharts(pinned: RunView, current: RunView): Chart[] {
  const zip = (view: RunView, values: number[]) =>
    values.map((value, i): [number, number] => [view.timesMs[i] ?? 0, value]);
  const lines = (key: string, pinnedValues: number[] | undefined, currentValues: number[] | undefined) => [
    ...(pinnedValues === undefined
      ? []
      : [{ name: `pinned: ${key}`, colorKey: key, dashed: true, points: zip(pinned, pinnedValues) }]),
    ...(currentValues === undefined
      ? []
      : [{ name: `current: ${key}`, colorKey: key, points: zip(current, currentValues) }]),
  ];
  const linkName = (link: { from: string; to: string }) => `${link.from}->${link.to}`;
  const meteredLinks = (view: RunView) => new Map(view.links.filter((l) => l.metered).map((l) => [linkName(l), l]));
  const pinnedLinks = meteredLinks(pinned);
  const currentLinks = meteredLinks(current);
  const busiest = [...new Set([...pinnedLinks.keys(), ...currentLinks.keys()])]
    .map((name) => ({
      name,
      load: Math.max(pinnedLinks.get(name)?.mean ?? 0, currentLinks.get(name)?.mean ?? 0),
    }))
    .sort((a, b) => b.load - a.load)
    .slice(0, OVERLAY_LINKS);
  const pinnedRates = new Map(pinned.rates.map((rate) => [rate.name, rate.values]));
  const currentRates = new Map(current.rates.map((rate) => [rate.name, rate.values]));
  const rateNames = [...new Set([...pinnedRates.keys(), ...currentRates.keys()])].slice(0, OVERLAY_RATES);
  return [
    {
      name: "compare-link-utilisation",
      title: `Link utilisation, the ${busiest.length} busiest links (pinned dashed, current solid)`,
      xLabel: "time (ms)",
      yLabel: "utilisation (fraction of link bandwidth)",
      yDomain: [0, 1.05],
      series: busiest.flatMap(({ name }) => lines(name, pinnedLinks.get(name)?.values, currentLinks.get(name)?.values)),
    },
    {
      name: "compare-flow-rates",
      title: "Flow rates (pinned dashed, current solid)",
      xLabel: "time (ms)",
      yLabel: "rate (fraction of link bandwidth)",
      series: rateNames.flatMap((name) => lines(name, pinnedRates.get(name), currentRates.get(name))),
    },
  ];
}
