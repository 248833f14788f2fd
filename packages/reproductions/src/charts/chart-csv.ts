import type { Chart } from "./chart.js";

/** A chart's data as long-format CSV (series,x,y): loads directly in pandas, R or a spreadsheet. */
export function chartToCsv(chart: Chart): string {
  const lines = [`series,${csvField(chart.xLabel)},${csvField(chart.yLabel)}`];
  for (const series of chart.series) {
    for (const [x, y] of series.points) lines.push(`${csvField(series.name)},${x},${y}`);
  }
  return `${lines.join("\n")}\n`;
}

function csvField(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
