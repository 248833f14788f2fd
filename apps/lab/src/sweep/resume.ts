/**
 * Which points of a sweep an earlier results.csv already holds, verified (see readCsvRows),
 * and why the others run: what `losslab sweep` re-uses when run again on the same --out.
 */
import { formatValue, type SweepPoint } from "./sweep-file.js";
import { readCsvRows, type SweepRow } from "./sweep-table.js";

export interface ResumePlan {
  /** Rows re-used, by point key (`pointKey`). */
  kept: Map<string, SweepRow>;
  /** The points to run, in grid order. */
  todo: SweepPoint[];
  /** For stderr: what is re-used and why the rest runs; undefined when there was no earlier file. */
  note?: string;
}

/** A point's parameter cells as one string: how rows and points are matched. */
export const pointKey = (cells: readonly string[]): string => cells.join("\u0000");

/** The parameter cells of a point, as results.csv prints them. */
export const pointCells = (point: SweepPoint): string[] => point.values.map(formatValue);

/** `earlier`: the text of `csvFile` from an earlier run, or undefined if there is none. */
export function planResume(
  points: readonly SweepPoint[],
  parameters: readonly string[],
  csvFile: string,
  earlier: string | undefined,
): ResumePlan {
  if (earlier === undefined) return { kept: new Map(), todo: [...points] };
  const reading = readCsvRows(earlier, parameters);
  if ("unusable" in reading) {
    return {
      kept: new Map(),
      todo: [...points],
      note: `${csvFile} is not re-used (${reading.unusable}): running all ${points.length} points`,
    };
  }
  const good = new Map<string, SweepRow>();
  const failed = new Set<string>();
  for (const row of reading.rows) {
    if (row.error === undefined) good.set(pointKey(row.cells), row);
    else failed.add(pointKey(row.cells));
  }
  const broken = new Set(reading.broken.map(pointKey));
  const kept = new Map<string, SweepRow>();
  const todo: SweepPoint[] = [];
  const why = { failed: 0, broken: 0, absent: 0 };
  for (const point of points) {
    const key = pointKey(pointCells(point));
    const row = good.get(key);
    if (row !== undefined) {
      kept.set(key, row);
      continue;
    }
    todo.push(point);
    if (failed.has(key)) why.failed++;
    else if (broken.has(key)) why.broken++;
    else why.absent++;
  }
  const reasons = [
    why.broken > 0 ? `${why.broken} with a row cut short or damaged` : "",
    why.failed > 0 ? `${why.failed} that failed before` : "",
    why.absent > 0 ? `${why.absent} not in it` : "",
  ].filter((reason) => reason !== "");
  const running = todo.length === 0 ? "nothing to run" : `running ${todo.length}: ${reasons.join(", ")}`;
  return {
    kept,
    todo,
    note: `resuming from ${csvFile}: re-using ${kept.size} of ${points.length} points, ${running}`,
  };
}
