/**
 * Reading the numbers a preset's claims need back from a summary, for `Preset.judge`: a kept
 * result.json is data (anyone may have edited it), so a summary that lacks one of them, or
 * holds something else there, gives no judgement instead of a wrong one.
 */
import type { SummaryValue } from "./preset.js";

/** `value` as a record of finite numbers (a summary's section of per-flow rates, say), if it is one with at least one entry. */
export function numberRecord(value: unknown): Record<string, number> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  const ok = entries.length > 0 && entries.every(([, entry]) => typeof entry === "number" && Number.isFinite(entry));
  return ok ? (value as Record<string, number>) : undefined;
}

/**
 * The numbers at `keys` of `summary` (or of its section `summary[section]`), if every one is a
 * finite number, or `null` where `nullable` allows it; undefined otherwise.
 */
export function summaryNumbers<const K extends string, const N extends K = never>(
  summary: unknown,
  keys: readonly K[],
  nullable: readonly N[] = [],
): ({ [P in Exclude<K, N>]: number } & { [P in N]: number | null }) | undefined {
  if (summary === null || typeof summary !== "object" || Array.isArray(summary)) return undefined;
  const values: Record<string, number | null> = {};
  for (const key of keys) {
    if (!Object.hasOwn(summary, key)) return undefined;
    const value = (summary as Record<string, SummaryValue>)[key];
    if (value === null && (nullable as readonly string[]).includes(key)) values[key] = null;
    else if (typeof value === "number" && Number.isFinite(value)) values[key] = value;
    else return undefined;
  }
  return values as { [P in Exclude<K, N>]: number } & { [P in N]: number | null };
}
