import type { Chart } from "./chart.js";
import { csvField } from "./csv-cell.js";

/**
 * A chart's data as long-format CSV (series,x,y): loads directly in pandas, R or a
 * spreadsheet. Names and labels are written by `csvField`: none can run as a formula.
 */
export function chartToCsv(chart: Chart): string {
  const lines = [`series,${csvField(chart.xLabel)},${csvField(chart.yLabel)}`];
  for (const series of chart.series) {
    for (const [x, y] of series.points) lines.push(`${csvField(series.name)},${x},${y}`);
  }
  return `${lines.join("\n")}\n`;
}
