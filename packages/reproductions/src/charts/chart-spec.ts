/**
 * A renderer-neutral {@link Chart} as a Vega-Lite spec: the part of chart drawing that needs no
 * Node and no plotting library (the CLI renders the spec to SVG and PNG; the web app draws it in
 * the page), so both draw every chart alike.
 *
 * Line charts (`kind` "line", the default): one line per series, coloured by series
 * (tableau10, tableau20 past ten series), `dashed` series drawn dashed, one legend for
 * colour and dash. Points are drawn in the given order; points with a non-finite
 * coordinate, or x <= 0 on a log x axis, are dropped. `shade` intervals are light grey
 * full-height rectangles behind the lines. `yDomain` fixes the y axis and clips to it.
 *
 * Bar charts (`kind` "bar") are grouped bars:
 * - if every series has exactly one point, there is one bar per series, the category
 *   axis shows the series names (in order) and the bar height is that point's y; the
 *   point's x is ignored;
 * - otherwise the categories are the distinct x values (ascending, labelled with the
 *   number), and each category holds one bar per series that has a point at that x,
 *   coloured by series with a legend.
 * `logX` and `shade` do not apply to bar charts.
 */
import type { Chart } from "./chart.js";

/** Overall chart size in CSS pixels (SVG units); the PNG is this times `scale`. */
export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 360;
/** The charts' font (a renderer should draw and measure text with this font's own files). */
export const FONT_FAMILY = "DejaVu Sans";
const DASH: number[] = [6, 4];
const SOLID: number[] = [1, 0];
/** Shaded intervals: translucent grey, so the grid stays faintly visible through them. */
const SHADE = { color: "#000000", opacity: 0.1 };
const FRAME_COLOR = "#444444";

type Row = Record<string, number | string>;

/**
 * A Vega-Lite (v6) spec as plain JSON. Typed loosely so that this package needs no vega-lite:
 * give it to vega-lite's `compile` as its `TopLevelSpec`.
 */
export interface VegaLiteSpec {
  $schema: string;
  /** The chart's layers (the data, shading and the frame), drawn in order. */
  layer: unknown[];
  [property: string]: unknown;
}

/** Builds the Vega-Lite spec of a chart: its data inlined, its size `CHART_WIDTH` x `CHART_HEIGHT`. */
export function toVegaLite(chart: Chart): VegaLiteSpec {
  const base = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
    autosize: { type: "fit", contains: "padding" },
    padding: { left: 10, right: 14, top: 10, bottom: 10 },
    background: "white",
    // Anchored at the left edge of the plot, so a long title runs right and ends in an ellipsis, never clipped.
    title: { text: chart.title, fontSize: 15, offset: 10, limit: 700, anchor: "start" },
    config: chartConfig(),
  } as const;
  const layers = chart.kind === "bar" ? barLayers(chart) : lineLayers(chart);
  return { ...base, layer: [...layers, frameLayer()] };
}

/** A box around the plot area, drawn last so grid lines and data never cover it. */
function frameLayer(): unknown {
  return {
    data: { values: [{}] },
    mark: { type: "rect", fill: null, stroke: FRAME_COLOR, strokeWidth: 1 },
    encoding: {
      x: { value: 0 },
      x2: { value: "width" },
      y: { value: 0 },
      y2: { value: "height" },
    },
  };
}

function uniqueNames(chart: Chart): string[] {
  const seen = new Map<string, number>();
  return chart.series.map((s) => {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return n === 1 ? s.name : `${s.name} (${n})`;
  });
}

function colorRange(n: number): { scheme: string } {
  return { scheme: n > 10 ? "tableau20" : "tableau10" };
}

/** Vega's tableau10, in order. */
const TABLEAU10 = [
  "#4c78a8",
  "#f58518",
  "#e45756",
  "#72b7b2",
  "#54a24b",
  "#eeca3b",
  "#b279a2",
  "#ff9da6",
  "#9d755d",
  "#bab0ac",
];

/**
 * Line colours: one per `colorKey` (default: the series name), in order of first
 * appearance, so e.g. the continuous and discrete variants of one function share a colour.
 */
function lineColors(chart: Chart, names: string[]): Record<string, unknown> {
  const keys = chart.series.map((s, k) => s.colorKey ?? (names[k] as string));
  const distinct = [...new Set(keys)];
  if (distinct.length > TABLEAU10.length) return colorRange(names.length);
  return { range: keys.map((key) => TABLEAU10[distinct.indexOf(key)] as string) };
}

function yEncoding(chart: Chart): Record<string, unknown> {
  const scale: Record<string, unknown> = chart.logY === true ? { type: "log" } : {};
  if (chart.yDomain) scale.domain = [chart.yDomain[0], chart.yDomain[1]];
  return { field: "y", type: "quantitative", title: chart.yLabel, scale };
}

function lineLayers(chart: Chart): unknown[] {
  const names = uniqueNames(chart);
  const logX = chart.logX === true;
  const logY = chart.logY === true;
  const rows: Row[] = [];
  chart.series.forEach((s, k) => {
    let i = 0;
    for (const [x, y] of s.points) {
      if (!Number.isFinite(x) || !Number.isFinite(y) || (logX && x <= 0) || (logY && y <= 0)) continue;
      rows.push({ s: names[k] as string, i: i++, x, y });
    }
  });
  const xScale: Record<string, unknown> = logX ? { type: "log", nice: false } : { type: "linear", zero: false };
  if (chart.xDomain) xScale.domain = [chart.xDomain[0], chart.xDomain[1]];
  const xEnc = { field: "x", type: "quantitative", title: chart.xLabel, scale: xScale };
  const layers: unknown[] = [];

  const shades = shadeRows(chart, rows, logX);
  if (shades.length > 0) {
    layers.push({
      data: { values: shades },
      mark: { type: "rect", ...SHADE, clip: true },
      encoding: { x: { ...xEnc, field: "x0" }, x2: { field: "x1" } },
    });
  }

  // Ordered by the scales' explicit domains, never by a `sort` list: vega-lite compiles that
  // into expression text, and a series name is data, not code.
  const series = { field: "s", type: "nominal", title: null };
  layers.push({
    data: { values: rows },
    mark: {
      type: "line",
      strokeWidth: 1.75,
      clip: true,
      interpolate: "linear",
      // A series of one point draws no line: mark it with a dot, or the chart looks empty.
      ...(chart.points === true || chart.series.some((s) => s.points.length === 1) ? { point: { size: 36 } } : {}),
    },
    encoding: {
      x: xEnc,
      y: yEncoding(chart),
      color: { ...series, scale: { domain: names, ...lineColors(chart, names) } },
      strokeDash: {
        ...series,
        scale: { domain: names, range: chart.series.map((s) => (s.dashed ? DASH : SOLID)) },
      },
      order: { field: "i", type: "quantitative" },
    },
  });
  return layers;
}

function shadeRows(chart: Chart, rows: Row[], logX: boolean): Row[] {
  const out: Row[] = [];
  let minPositive = Number.POSITIVE_INFINITY;
  if (logX) for (const r of rows) minPositive = Math.min(minPositive, r.x as number);
  for (const [a, b] of chart.shade ?? []) {
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    let x0 = Math.min(a, b);
    const x1 = Math.max(a, b);
    if (logX) {
      if (x1 <= 0) continue;
      if (x0 <= 0) x0 = Number.isFinite(minPositive) ? Math.min(minPositive, x1) : x1 / 10;
    }
    out.push({ x0, x1 });
  }
  return out;
}

function barLayers(chart: Chart): unknown[] {
  const names = uniqueNames(chart);
  const onePerSeries = chart.series.length > 0 && chart.series.every((s) => s.points.length === 1);
  const y = yEncoding(chart);
  const mark = { type: "bar", clip: true, width: { band: 0.9 } };
  if (onePerSeries) {
    const rows: Row[] = [];
    chart.series.forEach((s, k) => {
      const yv = s.points[0]?.[1];
      if (yv !== undefined && Number.isFinite(yv)) rows.push({ s: names[k] as string, y: yv });
    });
    return [
      {
        data: { values: rows },
        mark: { ...mark, width: { band: 0.7 } },
        encoding: {
          x: {
            field: "s",
            type: "nominal",
            title: chart.xLabel,
            scale: { domain: names },
            axis: { labelAngle: 0 },
          },
          y,
          color: {
            field: "s",
            type: "nominal",
            legend: null,
            scale: { domain: names, ...colorRange(names.length) },
          },
        },
      },
    ];
  }
  const xs = new Set<number>();
  const rows: Row[] = [];
  chart.series.forEach((s, k) => {
    for (const [x, yv] of s.points) {
      if (!Number.isFinite(x) || !Number.isFinite(yv)) continue;
      xs.add(x);
      rows.push({ s: names[k] as string, c: formatCategory(x), y: yv });
    }
  });
  const categories = [...xs].sort((a, b) => a - b).map(formatCategory);
  return [
    {
      data: { values: rows },
      mark,
      encoding: {
        x: {
          field: "c",
          type: "nominal",
          title: chart.xLabel,
          scale: { domain: categories, paddingInner: 0.2 },
          axis: { labelAngle: 0 },
        },
        xOffset: { field: "s", type: "nominal", scale: { domain: names } },
        y,
        color: {
          field: "s",
          type: "nominal",
          title: null,
          scale: { domain: names, ...colorRange(names.length) },
        },
      },
    },
  ];
}

function formatCategory(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(6)));
}

function chartConfig(): Record<string, unknown> {
  return {
    // No ARIA descriptions: vega-lite writes them as expressions quoting the axis titles, and
    // a title or a series name (a flow group's, a sweep value) is data, never expression text.
    aria: false,
    font: FONT_FAMILY,
    view: { stroke: null },
    axis: {
      labelFont: FONT_FAMILY,
      titleFont: FONT_FAMILY,
      labelFontSize: 11,
      titleFontSize: 12,
      titleFontWeight: "normal",
      titlePadding: 8,
      labelColor: "#222",
      titleColor: "#000",
      domainColor: FRAME_COLOR,
      tickColor: FRAME_COLOR,
      gridColor: "#e6e6e6",
      labelFlush: false,
    },
    axisBand: { grid: false },
    legend: {
      orient: "right",
      labelFont: FONT_FAMILY,
      labelFontSize: 11,
      labelColor: "#222",
      labelLimit: 220,
      symbolStrokeWidth: 2,
      symbolSize: 260,
      rowPadding: 4,
    },
    title: { font: FONT_FAMILY, fontWeight: "bold", color: "#000", anchor: "middle" },
    line: { strokeCap: "butt", strokeJoin: "round" },
  };
}
