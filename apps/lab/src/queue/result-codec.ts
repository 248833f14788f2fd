/**
 * Values through Redis as JSON without losing what JSON cannot say: NaN, Infinity, -0 and
 * properties set to undefined come back as they went in, as worker threads' structured clone
 * gives them to the local sweep. (BullMQ stores job data and results as JSON text.)
 */

/** The key of a stand-in object; no scenario or summary field starts with it. */
const TAG = "$losslab";

type Special = "NaN" | "Infinity" | "-Infinity" | "-0" | "undefined";

const SPECIAL_VALUES: Record<Special, unknown> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  "-Infinity": Number.NEGATIVE_INFINITY,
  "-0": -0,
  undefined: undefined,
};

function special(value: unknown): Special | undefined {
  if (value === undefined) return "undefined";
  if (typeof value !== "number") return undefined;
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "Infinity";
  if (value === Number.NEGATIVE_INFINITY) return "-Infinity";
  if (Object.is(value, -0)) return "-0";
  return undefined;
}

/** A plain-JSON copy of `value` (objects, arrays, strings, numbers, booleans, null). */
export function encodeValue(value: unknown): unknown {
  const name = special(value);
  if (name !== undefined) return { [TAG]: name };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value !== null && typeof value === "object") {
    const copy: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) setOwn(copy, key, encodeValue(field));
    return copy;
  }
  return value;
}

/** The value `encodeValue` was given (after any JSON round trip). */
export function decodeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeValue);
  if (value !== null && typeof value === "object") {
    const fields = Object.entries(value);
    if (
      fields.length === 1 &&
      fields[0]![0] === TAG &&
      typeof fields[0]![1] === "string" &&
      fields[0]![1] in SPECIAL_VALUES
    ) {
      return SPECIAL_VALUES[fields[0]![1] as Special];
    }
    const copy: Record<string, unknown> = {};
    for (const [key, field] of fields) setOwn(copy, key, decodeValue(field));
    return copy;
  }
  return value;
}

/** `target[key] = value` as an own property, even for a key named `__proto__` (data from a job is untrusted). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
