import { formatValue } from "@losslab/core";
import { KindError } from "@losslab/kinds";
import { MAX_MESSAGE_BYTES, MAX_SPEC_TIME_US, messageBytes, onlyFields, specObject, text, time } from "./check-spec.js";

/**
 * One message of a trace, as written in a trace file: at `timeUs` (from the start of the
 * replay) `source` hands `bytes` for `destination` to its adapter. JSON traces are arrays of
 * these; CSV traces hold the same fields as columns.
 */
export interface TraceEntry {
  /** Microseconds from the start of the replay (>= 0). */
  readonly timeUs: number;
  readonly source: string;
  readonly destination: string;
  /** Message size in bytes (positive integer). */
  readonly bytes: number;
  /** Group for metrics (default: the replay's `group`). */
  readonly group?: string;
}

/** A trace entry with where it came from, for error messages. Internal. */
export interface LocatedEntry {
  readonly entry: TraceEntry;
  /** The field path of one of its columns: `traffic.csv line 5, column source`, `traffic.entries[3].source`. */
  readonly fieldOf: (column: "source" | "destination") => string;
}

/** The CSV columns, in the documented order. */
export const traceCsvColumns = Object.freeze(["time_us", "source", "destination", "bytes", "group"] as const);
const required = ["time_us", "source", "destination", "bytes"] as const;
type Column = (typeof traceCsvColumns)[number];

const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^\+?\d+$/;

function csvError(where: string, message: string): KindError {
  return new KindError(where, `${where}: ${message}`);
}

/** Reads a CSV trace, keeping each entry's line. Internal; `parseTraceCsv` is the public face. */
export function readTraceCsv(csv: string, origin: string): LocatedEntry[] {
  const lines = csv.split(/\r?\n/);
  let header: Column[] | undefined;
  let headerLine = 0;
  const entries: LocatedEntry[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const number = index + 1;
    const cells = line.split(",").map((cell) => cell.trim());
    if (header === undefined) {
      header = readHeader(cells, `${origin} line ${number}`);
      headerLine = number;
      return;
    }
    const where = `${origin} line ${number}`;
    if (cells.length !== header.length) {
      throw csvError(where, `${cells.length} fields, but the header (line ${headerLine}) has ${header.length}`);
    }
    const cell = (column: Column): string | undefined => {
      const at = (header as Column[]).indexOf(column);
      return at < 0 ? undefined : cells[at];
    };
    const bad = (column: Column, expected: string): KindError =>
      new KindError(
        `${where}, column ${column}`,
        `${where}, column ${column}: must be ${expected}, got ${formatValue(cell(column))}`,
      );
    const timeCell = cell("time_us") as string;
    const timeUs = Number(timeCell);
    if (!DECIMAL.test(timeCell) || !(timeUs <= MAX_SPEC_TIME_US)) {
      throw bad("time_us", `a number of microseconds from 0 to ${MAX_SPEC_TIME_US}`);
    }
    const source = cell("source") as string;
    if (source === "") throw bad("source", "a host id");
    const destination = cell("destination") as string;
    if (destination === "") throw bad("destination", "a host id");
    const bytesCell = cell("bytes") as string;
    const bytes = Number(bytesCell);
    if (!INTEGER.test(bytesCell) || !Number.isSafeInteger(bytes) || bytes < 1 || bytes > MAX_MESSAGE_BYTES) {
      throw bad("bytes", `an integer number of bytes from 1 to ${MAX_MESSAGE_BYTES}`);
    }
    if (source === destination) throw csvError(where, `source and destination are both ${formatValue(source)}`);
    const group = cell("group");
    const entry: TraceEntry = group
      ? { timeUs, source, destination, bytes, group }
      : { timeUs, source, destination, bytes };
    entries.push({ entry, fieldOf: (column) => `${where}, column ${column}` });
  });
  if (header === undefined) {
    throw new KindError(
      origin,
      `${origin}: no header; the first line must be ${required.join(",")} (optionally ,group)`,
    );
  }
  return entries;
}

function readHeader(cells: string[], where: string): Column[] {
  const columns: Column[] = [];
  for (const cell of cells) {
    if (!(traceCsvColumns as readonly string[]).includes(cell)) {
      throw csvError(where, `unknown column ${formatValue(cell)}; allowed: ${traceCsvColumns.join(", ")}`);
    }
    if (columns.includes(cell as Column)) throw csvError(where, `column ${formatValue(cell)} appears twice`);
    columns.push(cell as Column);
  }
  for (const column of required) {
    if (!columns.includes(column)) {
      throw csvError(
        where,
        `missing column "${column}"; the header must name ${required.join(", ")} (and optionally group)`,
      );
    }
  }
  return columns;
}

/** Reads a JSON trace (text or an already parsed value), keeping each entry's index. Internal. */
export function readTraceJson(input: unknown, origin: string): LocatedEntry[] {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new KindError(origin, `${origin}: not valid JSON (${(error as Error).message})`);
    }
  }
  if (!Array.isArray(value)) {
    throw new KindError(
      origin,
      `${origin} must be an array of { timeUs, source, destination, bytes, group? }, got ${formatValue(value)}`,
    );
  }
  return value.map((item, index): LocatedEntry => {
    const where = `${origin}[${index}]`;
    const fields = specObject(item, where, "an object { timeUs, source, destination, bytes, group? }");
    onlyFields(fields, where, ["timeUs", "source", "destination", "bytes", "group"], "a trace entry");
    const timeUs = time(fields.timeUs, `${where}.timeUs`);
    const source = text(fields.source, `${where}.source`, "a host id");
    const destination = text(fields.destination, `${where}.destination`, "a host id");
    const bytes = messageBytes(fields.bytes, `${where}.bytes`);
    if (source === destination) {
      throw new KindError(where, `${where}: source and destination are both ${formatValue(source)}`);
    }
    const group = fields.group === undefined ? undefined : text(fields.group, `${where}.group`, "a group name");
    const entry: TraceEntry =
      group === undefined ? { timeUs, source, destination, bytes } : { timeUs, source, destination, bytes, group };
    return { entry, fieldOf: (column) => `${where}.${column}` };
  });
}

/**
 * Parses a CSV trace. Format: a header line naming the columns `time_us,source,destination,bytes`
 * and optionally `group`, in any order, then one message per line. Cells are trimmed; no
 * quoting (host ids and groups hold no commas); blank lines and lines starting with `#` are
 * skipped; `time_us` is a decimal number >= 0, `bytes` a positive integer, an empty `group`
 * cell means the replay's default. Errors (`KindError`) name `origin`, the line and
 * the column: `trace.csv line 5, column bytes: must be a positive integer number of bytes, got "-3"`.
 *
 * @example
 * parseTraceCsv("time_us,source,destination,bytes\n0,A1,BC,2048\n");
 * // [{ timeUs: 0, source: "A1", destination: "BC", bytes: 2048 }]
 */
export function parseTraceCsv(csv: string, origin = "trace.csv"): TraceEntry[] {
  return readTraceCsv(csv, origin).map((located) => located.entry);
}

/**
 * Parses a JSON trace: an array of `{ timeUs, source, destination, bytes, group? }`, as text
 * or already parsed. Errors name `origin`, the entry and the field:
 * `trace.json[3].bytes must be a positive integer (bytes), got -3`.
 *
 * @example
 * parseTraceJson('[{ "timeUs": 0, "source": "A1", "destination": "BC", "bytes": 2048 }]');
 */
export function parseTraceJson(json: unknown, origin = "trace.json"): TraceEntry[] {
  return readTraceJson(json, origin).map((located) => located.entry);
}
