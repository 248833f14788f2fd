/**
 * What a finished sweep writes to its output directory: results.json, results.csv and one
 * chart per output key, from its rows in grid order. The local sweep, the queued one and
 * `--collect` (the shards' results merged) all end here, so their files are the same bytes.
 */
import { join } from "node:path";
import type { Chart } from "@losslab/reproductions";
import { writeFileAtomic } from "../files/atomic-write.js";
import { UserError } from "../user-error.js";
import { formatValue, type Sweep } from "./sweep-file.js";
import { type SweepRow, summaryColumns, toCsv, toJson } from "./sweep-table.js";

/** A row with the point's parameter values as the sweep file gives them (for results.json and the charts). */
export type Row = SweepRow & { parameterValues: unknown[] };

/** Writes results.json, results.csv (atomically, in that order) and the charts to `out`; returns how many charts. */
export async function writeSweepOutputs(out: string, sweep: Sweep, rows: readonly Row[]): Promise<number> {
  const parameters = sweep.parameters.map((p) => p.path);
  await writeFileAtomic(join(out, "results.json"), toJson(parameters, rows));
  await writeFileAtomic(join(out, "results.csv"), toCsv(parameters, rows));
  const measured = rows.filter((row) => row.error === undefined);
  const charts = measured.length === 0 ? [] : sweepCharts(sweep, measured);
  const { writeChart } = await import("../charts/render-chart.js");
  for (const chart of charts) await writeChart(chart, out);
  return charts.length;
}

/**
 * One chart per output key (default: every `groups.*` key) against the `x` parameter (default the first),
 * one series per combination of the other parameters (in grid order).
 */
function sweepCharts(sweep: Sweep, rows: readonly Row[]): Chart[] {
  const columns = summaryColumns(rows);
  const keys = sweep.outputs ?? columns.filter((key) => key.startsWith("groups."));
  const unknown = keys.filter((key) => !columns.includes(key));
  if (unknown.length > 0) {
    throw new UserError(
      `outputs: unknown summary key ${unknown.map((k) => `"${k}"`).join(", ")}; known: ${columns.join(", ")}`,
    );
  }
  const first = sweep.parameters[sweep.x];
  const others = sweep.parameters.map((p, index) => ({ ...p, index })).filter(({ index }) => index !== sweep.x);
  const numeric = first!.values.every((v) => typeof v === "number");
  const xOf = (value: unknown) => (numeric ? (value as number) : first!.values.indexOf(value) + 1);
  const xLabel = numeric
    ? first!.path
    : `${first!.path} (${first!.values.map((v, i) => `${i + 1}=${formatValue(v)}`).join(", ")})`;
  return keys.map((key) => {
    const series = new Map<string, Array<[number, number]>>();
    for (const row of rows) {
      const name =
        others.length === 0
          ? key
          : others.map(({ path, index }) => `${path}=${formatValue(row.parameterValues[index])}`).join(", ");
      const value = row.values[key];
      if (!series.has(name)) series.set(name, []);
      if (value !== undefined) series.get(name)!.push([xOf(row.parameterValues[sweep.x]), value]);
    }
    const rate = key.startsWith("groups.") || key.startsWith("links.");
    const title = `${sweep.base.name}: ${key} vs ${first!.path}`;
    return {
      name: key.replaceAll("->", "-to-").replace(/[^\w.-]+/g, "_"),
      // Long titles are clipped by the renderer: drop the scenario name then.
      title: title.length <= 70 ? title : `${key} vs ${first!.path}`,
      xLabel,
      yLabel: rate ? `${key} (fraction of link bandwidth)` : key,
      series: [...series].map(([name, points]) => ({ name, points: points.sort((a, b) => a[0] - b[0]) })),
    };
  });
}
