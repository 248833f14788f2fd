/**
 * Which points of a sweep an earlier run already holds, verified, and why the others run:
 * what `losslab sweep` re-uses when run again on the same --out. results.csv and results.json
 * are written together as each point finishes (results.json first), so they are two records
 * of the same rows; a point is re-used only when results.csv holds exactly one whole row for
 * it (readCsvRows: this sweep's header, every cell as losslab writes it, a fingerprint) and
 * results.json says the same of it: the same fingerprint (or error), the same summary keys and
 * values, so that no blanked cell, extra column or edited number is taken. Without a usable
 * results.json (an older losslab's run, a damaged file), only rows with every summary cell
 * filled are re-used. Everything else runs again, and the note says what and why.
 */
import { csvText, round } from "@losslab/reproductions";
import { formatValue, type SweepPoint } from "./sweep-file.js";
import { type CsvLine, readCsvRows, type SweepRow } from "./sweep-table.js";

export interface ResumePlan {
  /** Rows re-used, by point key (`pointKey`). */
  kept: Map<string, SweepRow>;
  /** The points to run, in grid order. */
  todo: SweepPoint[];
  /** For stderr: what is re-used and why the rest runs; undefined when there was no earlier file. */
  note?: string;
}

/** An earlier output file: its text, `{ unreadable }` when it is there but cannot be read (a pipe, a directory), or undefined when absent. */
export type EarlierFile = string | { unreadable: string } | undefined;

/** A point's parameter cells as one string: how rows and points are matched. */
export const pointKey = (cells: readonly string[]): string => cells.join("\u0000");

/** The parameter cells of a point, as results.csv holds them (neutralised as `csvText` writes them). */
export const pointCells = (point: SweepPoint): string[] => point.values.map((value) => csvText(formatValue(value)));

/** What results.json says of one point. */
interface JsonPoint {
  summary: Record<string, number | null>;
  fingerprint?: string;
  error?: string;
}

/** The points of an earlier results.json by point key, or why it cannot vouch for any row. */
function readJson(
  json: EarlierFile,
  parameters: readonly string[],
  keys: readonly string[],
): Map<string, JsonPoint[]> | { problem: string } | { disagrees: true } {
  if (json === undefined) return { problem: "there is no results.json" };
  if (typeof json !== "string") return { problem: `results.json ${json.unreadable}` };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { problem: "results.json is not JSON" };
  }
  const record = value as { parameters?: unknown; columns?: unknown; points?: unknown };
  if (
    value === null ||
    typeof value !== "object" ||
    JSON.stringify(record.parameters) !== JSON.stringify(parameters) ||
    !Array.isArray(record.points)
  ) {
    return { problem: "results.json is not this sweep's, or not of the same rows" };
  }
  // This sweep's results.json with other columns than results.csv's header: one of the two was
  // changed (a column added or dropped in the CSV), so neither vouches for a row.
  if (JSON.stringify(record.columns) !== JSON.stringify(keys)) return { disagrees: true };
  const byKey = new Map<string, JsonPoint[]>();
  for (const point of record.points as unknown[]) {
    const { parameters: values, summary, fingerprint, error } = (point ?? {}) as Record<string, unknown>;
    if (values === null || typeof values !== "object" || summary === null || typeof summary !== "object") continue;
    const cells = parameters.map((path) => csvText(formatValue((values as Record<string, unknown>)[path])));
    const entry: JsonPoint = { summary: summary as Record<string, number | null> };
    if (typeof fingerprint === "string") entry.fingerprint = fingerprint;
    if (typeof error === "string") entry.error = error;
    const key = pointKey(cells);
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  return byKey;
}

/**
 * The row as results.json confirms it (values that were not numbers as NaN, the error as the
 * run gave it), or undefined when the two files disagree.
 */
function confirmed(line: CsvLine & { row: SweepRow }, keys: readonly string[], json: JsonPoint): SweepRow | undefined {
  const { row } = line;
  if (row.error !== undefined) {
    const same =
      json.error !== undefined && csvText(json.error) === row.error && Object.keys(json.summary).length === 0;
    return same ? { cells: row.cells, values: {}, error: json.error } : undefined;
  }
  if (json.error !== undefined || json.fingerprint !== row.fingerprint) return undefined;
  const values: Record<string, number> = {};
  for (const key of keys) {
    const has = Object.hasOwn(json.summary, key);
    const said = json.summary[key];
    const cell = row.values[key];
    if (cell === undefined) {
      // An empty cell: the point has no such key, or its value was not a number (JSON null).
      if (has && said !== null) return undefined;
      if (has) values[key] = Number.NaN;
      continue;
    }
    if (!has || typeof said !== "number" || round(said) !== cell) return undefined;
    values[key] = cell;
  }
  return { cells: row.cells, values, fingerprint: row.fingerprint! };
}

/** `csv`, `json`: the earlier results.csv and results.json in --out. */
export function planResume(
  points: readonly SweepPoint[],
  parameters: readonly string[],
  csvFile: string,
  csv: EarlierFile,
  json: EarlierFile,
): ResumePlan {
  const all = (why: string): ResumePlan => ({
    kept: new Map(),
    todo: [...points],
    note: `${csvFile} is not re-used (${why}): running all ${points.length} points`,
  });
  if (csv === undefined) return { kept: new Map(), todo: [...points] };
  if (typeof csv !== "string") return all(csv.unreadable);
  const reading = readCsvRows(csv, parameters);
  if ("unusable" in reading) return all(reading.unusable);
  const { keys, lines } = reading;
  const vouched = readJson(json, parameters, keys);
  if ("disagrees" in vouched) return all("its columns are not those of results.json");
  const byKey = new Map<string, CsvLine[]>();
  for (const line of lines) byKey.set(pointKey(line.cells), [...(byKey.get(pointKey(line.cells)) ?? []), line]);

  const kept = new Map<string, SweepRow>();
  const todo: SweepPoint[] = [];
  const why = { broken: 0, unconfirmed: 0, duplicate: 0, failed: 0, absent: 0 };
  for (const point of points) {
    const key = pointKey(pointCells(point));
    const found = byKey.get(key) ?? [];
    const line = found[0];
    let row: SweepRow | undefined;
    if (found.length > 1) why.duplicate++;
    else if (line === undefined) why.absent++;
    else if (line.row === undefined) why.broken++;
    else if ("problem" in vouched) {
      // Nothing vouches for an empty cell: only whole rows (and failures, which run again anyway).
      if (line.row.error === undefined && line.blank.length === 0) row = line.row;
      else if (line.row.error !== undefined) why.failed++;
      else why.unconfirmed++;
    } else {
      const said = vouched.get(key) ?? [];
      row = said.length === 1 ? confirmed(line as CsvLine & { row: SweepRow }, keys, said[0]!) : undefined;
      if (row === undefined) why.unconfirmed++;
      else if (row.error !== undefined) {
        why.failed++;
        row = undefined;
      }
    }
    if (row !== undefined) kept.set(key, row);
    else todo.push(point);
  }
  const reasons = [
    why.broken > 0 ? `${why.broken} with a row cut short or damaged` : "",
    why.unconfirmed > 0
      ? `${why.unconfirmed} whose row ${"problem" in vouched ? `has empty cells results.json cannot confirm (${vouched.problem})` : "results.json does not confirm"}`
      : "",
    why.duplicate > 0 ? `${why.duplicate} with more than one row` : "",
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
