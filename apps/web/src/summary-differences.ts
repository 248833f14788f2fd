/**
 * What differs between two runs' summaries: every number in the pinned run's summary JSON and
 * the current one's (a preset's `reproduce --json` text, or a scenario's summary), by its path,
 * with the difference and the ratio. Also what differs between the two scenarios, for the
 * comparison's labels.
 */

export interface SummaryDifference {
  /** Where the value is in the summary, e.g. `summary.groups.local` or `checks[2].value`. */
  path: string;
  /** The value in each run (undefined: not in that run's summary; null: not a number there). */
  pinned: number | null | undefined;
  current: number | null | undefined;
  /** current - pinned, and current / pinned (undefined when either is not a number, or pinned is 0). */
  difference: number | undefined;
  ratio: number | undefined;
}

/** Rows in the table at most (a large fabric's summary has a value per link direction). */
export const MAX_DIFFERENCE_ROWS = 400;

/** The numbers of both summaries, in the pinned one's order and then the current one's new paths. */
export function summaryDifferences(pinnedJson: string, currentJson: string): SummaryDifference[] {
  const pinned = numbers(JSON.parse(pinnedJson));
  const current = numbers(JSON.parse(currentJson));
  const paths = [...new Set([...pinned.keys(), ...current.keys()])];
  return paths.map((path) => {
    const a = pinned.get(path);
    const b = current.get(path);
    const both = typeof a === "number" && typeof b === "number";
    return {
      path,
      pinned: a,
      current: b,
      difference: both ? b - a : undefined,
      ratio: both && a !== 0 ? b / a : undefined,
    };
  });
}

/** The number leaves of a JSON value by path; a leaf that is null (the CLI's n/a) is kept as null. */
function numbers(value: unknown, path = "", into = new Map<string, number | null>()): Map<string, number | null> {
  if (typeof value === "number") into.set(path, value);
  else if (value === null) into.set(path, null);
  else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) numbers(item, `${path}[${i}]`, into);
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) numbers(item, path === "" ? key : `${path}.${key}`, into);
  }
  return into;
}

/** A field whose value differs between two scenarios (or presets), for the comparison's caption. */
export interface FieldDifference {
  path: string;
  pinned: string;
  current: string;
}

/** The leaves (any type) that differ between two JSON values, by path; at most `limit`. */
export function fieldDifferences(pinned: unknown, current: unknown, limit = 8): FieldDifference[] {
  const a = leaves(pinned);
  const b = leaves(current);
  const differences: FieldDifference[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const before = a.get(path) ?? "(absent)";
    const after = b.get(path) ?? "(absent)";
    if (before !== after) differences.push({ path, pinned: before, current: after });
    if (differences.length === limit) break;
  }
  return differences;
}

function leaves(value: unknown, path = "", into = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) leaves(item, `${path}[${i}]`, into);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) leaves(item, path === "" ? key : `${path}.${key}`, into);
  } else if (value !== undefined) into.set(path, JSON.stringify(value));
  return into;
}
