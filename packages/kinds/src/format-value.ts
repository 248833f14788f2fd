/** The most characters of a string an error message quotes. */
const MAX_QUOTED = 200;

/**
 * Renders any value for an error message: strings quoted (at most 200 characters of them,
 * then the length), numbers as written, shapes named.
 */
export function formatValue(value: unknown): string {
  if (typeof value === "string") {
    if (value.length <= MAX_QUOTED) return JSON.stringify(value);
    return `${JSON.stringify(value.slice(0, MAX_QUOTED))}... (${value.length} characters)`;
  }
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === undefined) return "undefined (missing)";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return String(value);
}
