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
