import { writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { Chart } from "../chart.js";
import { prepareOutputDir } from "../output-dir.js";
import { terminalProgress } from "../progress.js";
import { runSweep } from "../sweep/run-sweep.js";
import {
  formatValue,
  pointLabel,
  readSweepFile,
  type Sweep,
  type SweepPoint,
  sweepPoints,
} from "../sweep/sweep-file.js";
import { flattenSummary, readCsvRows, type SweepRow, summaryColumns, toCsv, toJson } from "../sweep/sweep-table.js";
import { UserError } from "../user-error.js";

export interface SweepOptions {
  workers: number;
  out?: string;
  /** Where the base scenario and trace files may be (default: the sweep file's directory). */
  dataDir?: string;
}

type Row = SweepRow & { parameterValues: unknown[] };

/**
 * `losslab sweep <file>`: runs a scenario over a grid of parameter values on worker threads
 * and writes results.csv, results.json and one chart per output key to --out. Points already
 * in an earlier results.csv there (same parameter columns) are kept and not run again.
 */
export async function sweepCommand(file: string, options: SweepOptions): Promise<void> {
  const sweep = await readSweepFile(file, options.dataDir);
  const points = sweepPoints(sweep, file);
  const parameters = sweep.parameters.map((p) => p.path);
  const out = options.out ?? join("results", `sweep-${basename(file, extname(file))}`);
  const csvFile = join(out, "results.csv");
  await prepareOutputDir(out);

  // Resume: rows of an earlier run whose parameter values are points of this grid.
  const done = new Map<string, SweepRow>();
  let previous: string | undefined;
  try {
    previous = await readFile(csvFile, "utf8");
  } catch {
    previous = undefined;
  }
  if (previous !== undefined) {
    const rows = readCsvRows(previous, parameters);
    if (rows === undefined) {
      process.stdout.write(`${csvFile} has other parameter columns: running every point\n`);
    } else for (const row of rows) done.set(row.cells.join("\u0000"), row);
  }
  const cellsOf = (point: SweepPoint) => point.values.map(formatValue);
  const keyOf = (point: SweepPoint) => cellsOf(point).join("\u0000");
  const todo = points.filter((point) => !done.has(keyOf(point)));
  const workers = Math.max(1, Math.min(options.workers, todo.length));
  process.stdout.write(
    `${sweep.base.name}: ${points.length} points, ${points.length - todo.length} of ${points.length} points already done, ` +
      `running ${todo.length} on ${workers} worker${workers === 1 ? "" : "s"}\n`,
  );

  // Every point that has a result, in grid order.
  const fresh = new Map<string, SweepRow>();
  const failures: string[] = [];
  const resultRows = (): Row[] => {
    const rows: Row[] = [];
    for (const point of points) {
      const row = done.get(keyOf(point)) ?? fresh.get(keyOf(point));
      if (row !== undefined) rows.push({ ...row, cells: cellsOf(point), parameterValues: point.values });
    }
    return rows;
  };
  // Results go to disk as points finish, so an interrupted sweep (Ctrl-C) keeps them and
  // the next run resumes from there.
  const save = () => writeFileSync(csvFile, toCsv(parameters, resultRows()));
  const interrupted = () => {
    save();
    process.stderr.write(
      `\ninterrupted: ${fresh.size + done.size} of ${points.length} points kept in ${csvFile}; run again to resume\n`,
    );
    process.exit(130);
  };
  process.once("SIGINT", interrupted);

  const start = Date.now();
  try {
    await runSweep(
      "scenario",
      todo.map((point) => point.scenario),
      {
        workers,
        progress: terminalProgress(`sweep ${basename(file)}`),
        onResult: (index, output) => {
          const point = todo[index]!;
          const result = output as Awaited<ReturnType<typeof runSweep<"scenario">>>[number];
          if ("error" in result) failures.push(`${pointLabel(point.index, sweep, point.values)}: ${result.error}`);
          else {
            fresh.set(keyOf(point), {
              cells: cellsOf(point),
              values: flattenSummary(result),
              fingerprint: result.fingerprint,
            });
            save();
          }
        },
      },
    );
  } finally {
    process.removeListener("SIGINT", interrupted);
  }
  const rows = resultRows();
  await writeFile(csvFile, toCsv(parameters, rows));
  await writeFile(join(out, "results.json"), toJson(parameters, rows));
  if (failures.length > 0) {
    const list = failures.slice(0, 5).map((f) => `  ${f}`);
    if (failures.length > 5) list.push(`  ... and ${failures.length - 5} more`);
    throw new UserError(
      `${file}: ${failures.length} of ${todo.length} points failed (the others are in ${csvFile}):\n${list.join("\n")}`,
    );
  }

  const charts = sweepCharts(sweep, rows);
  const { writeChart } = await import("../render-chart.js");
  for (const chart of charts) await writeChart(chart, out);
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  process.stdout.write(
    `ran ${todo.length} points in ${seconds} s; wrote results.csv, results.json and ${charts.length} chart${charts.length === 1 ? "" : "s"} (.svg/.png) to ${out}/\n`,
  );
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
        others.length === 0 ? key : others.map(({ path, index }) => `${path}=${row.cells[index]}`).join(", ");
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
