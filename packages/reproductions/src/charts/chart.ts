/**
 * A chart as data: what to draw, not how. `toVegaLite` makes its Vega-Lite spec, which the CLI
 * renders to SVG and PNG and the browser lab draws in the page. Kept renderer-neutral so
 * presets stay testable without a plotting library.
 */
export interface ChartSeries {
  name: string;
  /** [x, y] points in drawing order. */
  points: Array<[number, number]>;
  /** Draw dashed (e.g. discrete-rate variants in santos Fig. 7). */
  dashed?: boolean;
  /** Series with the same key share a colour (default: each series its own). */
  colorKey?: string;
}

export interface Chart {
  /** File stem: `<out>/<name>.svg`, `.png`, `.csv`. */
  name: string;
  title: string;
  xLabel: string;
  yLabel: string;
  series: ChartSeries[];
  kind?: "line" | "bar";
  logX?: boolean;
  /** A log y axis (line charts); points with y <= 0 are left out. */
  logY?: boolean;
  /** Mark each point of a line with a dot (line charts): for series of a few points. */
  points?: boolean;
  xDomain?: [number, number];
  yDomain?: [number, number];
  /** Shaded x intervals (e.g. the hot-spot period). */
  shade?: Array<[number, number]>;
}
