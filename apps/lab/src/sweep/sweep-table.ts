/**
 * The results of a sweep as a table: one row per point, the parameter columns then one
 * column per summary key. Numbers are rounded to 6 significant digits before they are
 * stored, so a table read back from its CSV prints byte-identically (that is what makes
 * resumed sweeps give the same file as a run from scratch).
 */
import { csvField, round } from "@losslab/reproductions";
import type { ScenarioSummary } from "./scenario-task.js";

export interface SweepRow {
  /** Parameter values as printed (see formatValue), in parameter order. */
  cells: string[];
  /** Summary key -> value, rounded to 6 significant digits. */
  values: Record<string, number>;
  /** The run's trajectory hash, 16 hex digits (absent for a point that failed). */
  fingerprint?: string;
  /** Why the point failed, on one line (then `values` is empty). */
  error?: string;
}

/** The last CSV column: each point's fingerprint, 16 hex digits. */
const FINGERPRINT = "fingerprint";
const FINGERPRINT_FORMAT = /^[0-9a-f]{16}$/;
/** The column before it, only when a point failed: its error message. */
const ERROR = "error";
/** A number as `formatNumber` writes it; anything else in a cell is damage. */
const NUMBER_FORMAT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/;

const SECTION_ORDER = ["groups", "links", "delivered", "marked", "completions"];

/** `{ groups: { local: 0.5 }, links: { "A->B": 0.9 }, delivered: 10, ... }` -> `groups.local`, `links.A->B`, `delivered`, ... */
export function flattenSummary(summary: ScenarioSummary): Record<string, number> {
  const flat: Record<string, number> = {};
  for (const [group, value] of Object.entries(summary.groups)) flat[`groups.${group}`] = round(value);
  for (const [link, value] of Object.entries(summary.links)) flat[`links.${link}`] = round(value);
  flat.delivered = round(summary.delivered);
  flat.marked = round(summary.marked);
  for (const [group, times] of Object.entries(summary.completions)) {
    for (const [stat, value] of Object.entries(times)) flat[`completions.${group}.${stat}`] = round(value);
  }
  return flat;
}

/**
 * The summary columns of a set of rows: the union of their keys, by section (groups, links,
 * delivered, marked, completions) and then by name, so the order does not depend on which
 * points ran first or were resumed.
 */
export function summaryColumns(rows: readonly SweepRow[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row.values)) keys.add(key);
  const section = (key: string) => {
    const index = SECTION_ORDER.indexOf(key.split(".")[0]!);
    return index < 0 ? SECTION_ORDER.length : index;
  };
  return [...keys].sort((a, b) => section(a) - section(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const formatNumber = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? "" : String(round(value));

/**
 * The CSV: a header line, then one line per row; a key a point lacks is an empty cell. When
 * a point failed, an `error` column holds its message (empty for the others). The
 * fingerprint comes last, so a row cut short fails its format on resume. Every cell goes
 * through `csvField` (@losslab/reproductions): a value or a name that starts like a formula
 * cannot run in a spreadsheet.
 */
export function toCsv(parameters: readonly string[], rows: readonly SweepRow[]): string {
  const columns = summaryColumns(rows);
  const errors = rows.some((row) => row.error !== undefined);
  const lines = [[...parameters, ...columns, ...(errors ? [ERROR] : []), FINGERPRINT].map(csvField).join(",")];
  for (const row of rows) {
    const cells = [
      ...row.cells,
      ...columns.map((key) => formatNumber(row.values[key])),
      ...(errors ? [row.error ?? ""] : []),
      row.fingerprint ?? "",
    ];
    lines.push(cells.map(csvField).join(","));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The same data as JSON: the parameter values as in the sweep file, then each summary key (or
 * the error). `compact`: on one line, as a sweep saves it after each point (a third of the
 * bytes); the finished sweep writes it indented.
 */
export function toJson(
  parameters: readonly string[],
  rows: ReadonlyArray<SweepRow & { parameterValues: unknown[] }>,
  compact = false,
): string {
  const columns = summaryColumns(rows);
  const points = rows.map((row) => ({
    parameters: Object.fromEntries(parameters.map((path, p) => [path, row.parameterValues[p]])),
    summary: Object.fromEntries(columns.filter((key) => key in row.values).map((key) => [key, row.values[key]])),
    ...(row.fingerprint === undefined ? {} : { fingerprint: row.fingerprint }),
    ...(row.error === undefined ? {} : { error: row.error }),
  }));
  return `${JSON.stringify({ parameters, columns, points }, null, compact ? undefined : 2)}\n`;
}

/** Parses CSV text (RFC 4180 quoting) into records of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
    i++;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** A line of an earlier results.csv, read back. */
export interface CsvLine {
  /** Its parameter cells (as `pointCells` gives them). */
  cells: string[];
  /** The row, when the line has the header's width, numbers as `toCsv` writes them and a fingerprint (or an error). */
  row?: SweepRow;
  /** The summary keys whose cells are empty in a whole row (a key the point lacks, or a value that was not a number). */
  blank: string[];
}

/** What an earlier results.csv holds, before resume.ts checks it against the sweep and results.json. */
export type CsvReading = { keys: string[]; lines: CsvLine[] } | { unusable: string };

/** A summary key as `flattenSummary` makes them. */
const KEY_FORMAT = /^(?:groups\..+|links\..+|delivered|marked|completions\..+\.[A-Za-z0-9]+)$/;

/**
 * Reads an earlier results.csv, trusting nothing. The header must be this sweep's exactly:
 * its parameter columns in order, then summary keys as losslab makes them, each once, in
 * `summaryColumns`' order (a reordered header would put values in other columns), then
 * `error` (when a point failed) and `fingerprint`; else the whole file is unusable. A line is
 * a row only if it has every column, every summary cell empty or a number as `toCsv` writes
 * it, and a fingerprint of 16 hex digits (or, for a point that failed, its error and no
 * fingerprint).
 */
export function readCsvRows(text: string, parameters: readonly string[]): CsvReading {
  const [header, ...records] = parseCsv(text);
  if (header === undefined || header.length < parameters.length || parameters.some((path, p) => header[p] !== path)) {
    return { unusable: "its parameter columns are not this sweep's" };
  }
  if (header.at(-1) !== FINGERPRINT)
    return { unusable: "it has no fingerprint column (cut short, or from an older losslab)" };
  const errors = header.at(-2) === ERROR;
  const keys = header.slice(parameters.length, errors ? -2 : -1);
  if (new Set(keys).size !== keys.length || keys.some((key) => parameters.includes(key) || key === FINGERPRINT)) {
    return { unusable: "its header repeats a column" };
  }
  const foreign = keys.find((key) => !KEY_FORMAT.test(key));
  if (foreign !== undefined)
    return { unusable: `its header has a column losslab does not write (${foreign.slice(0, 60)})` };
  if (
    summaryColumns([{ cells: [], values: Object.fromEntries(keys.map((key) => [key, 0])) }]).join("\0") !==
    keys.join("\0")
  ) {
    return { unusable: "its summary columns are not in the order losslab writes them" };
  }
  const lines = records.map((record): CsvLine => {
    const cells = record.slice(0, parameters.length);
    const row = verifiedRow(record, header.length, parameters.length, keys, errors);
    const blank = row === undefined ? [] : keys.filter((_, k) => record[parameters.length + k] === "");
    return row === undefined ? { cells, blank } : { cells, row, blank };
  });
  return { keys, lines };
}
function verifiedRow(
  record: string[],
  width: number,
  parameterCount: number,
  keys: readonly string[],
  errors: boolean,
): SweepRow | undefined {
  if (record.length !== width) return undefined;
  const cells = record.slice(0, parameterCount);
  const fingerprint = record.at(-1)!;
  const error = errors ? record.at(-2)! : "";
  const summary = record.slice(parameterCount, parameterCount + keys.length);
  if (error !== "") {
    // A failed point: its message, and nothing measured.
    return fingerprint === "" && summary.every((cell) => cell === "") ? { cells, values: {}, error } : undefined;
  }
  if (!FINGERPRINT_FORMAT.test(fingerprint)) return undefined;
  const values: Record<string, number> = {};
  for (const [k, cell] of summary.entries()) {
    if (cell === "") continue;
    if (!NUMBER_FORMAT.test(cell)) return undefined;
    values[keys[k]!] = round(Number(cell));
  }
  return { cells, values, fingerprint };
}
