import { didYouMean, formatValue } from "@losslab/core";
import { formatHosts } from "./format-hosts.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/**
 * The latest time a spec may name, in microseconds: 1,000 s, well inside the engine's clock
 * (9,007 s of integer picoseconds), so a start plus an offset or a gap still fits.
 */
export const MAX_SPEC_TIME_US = 1e9;
/** The shortest positive time: one picosecond, the engine's tick. */
const MIN_POSITIVE_US = 1e-6;
/**
 * The largest message, bytes (1 GiB): a message is queued as one entry per packet at a
 * per-destination NIC queue, so a terabyte message would exhaust memory before it was sent.
 */
export const MAX_MESSAGE_BYTES = 2 ** 30;

/** A spec object as read from JSON: fields not yet checked. */
export type SpecFields = Readonly<Record<string, unknown>>;

/** Throws `<field> is missing; it must be <expected>` or `<field> must be <expected>, got <value>`. */
function reject(value: unknown, field: string, expected: string): never {
  if (value === undefined) throw new TrafficSpecError(field, `${field} is missing; it must be ${expected}`);
  throw new TrafficSpecError(field, `${field} must be ${expected}, got ${formatValue(value)}`);
}

/** `value` as a plain object, or throws naming `field`. */
export function specObject(value: unknown, field: string, expected = "an object"): SpecFields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) reject(value, field, expected);
  return value as SpecFields;
}

/** Throws on any field of `spec` not in `allowed`, naming it and listing the allowed ones. */
export function onlyFields(spec: SpecFields, path: string, allowed: readonly string[], owner: string): void {
  for (const field of Object.keys(spec)) {
    if (!allowed.includes(field)) {
      throw new TrafficSpecError(
        `${path}.${field}`,
        `${path}.${field}: unknown field for ${owner}; allowed: ${allowed.join(", ")}`,
      );
    }
  }
}

/** A mean time in microseconds: from 1 ps to MAX_SPEC_TIME_US. */
export function positiveTime(value: unknown, field: string): number {
  if (typeof value !== "number" || !(value >= MIN_POSITIVE_US && value <= MAX_SPEC_TIME_US)) {
    reject(value, field, `a number of microseconds from ${MIN_POSITIVE_US} to ${MAX_SPEC_TIME_US}`);
  }
  return value;
}

/** A number of microseconds from 0 to MAX_SPEC_TIME_US. */
export function time(value: unknown, field: string): number {
  if (typeof value !== "number" || !(value >= 0 && value <= MAX_SPEC_TIME_US)) {
    reject(value, field, `a number of microseconds from 0 to ${MAX_SPEC_TIME_US}`);
  }
  return value;
}

/** A finite number of microseconds >= 0, or `fallback` when absent. */
export function optionalTime(value: unknown, field: string, fallback: number | undefined): number | undefined {
  return value === undefined ? fallback : time(value, field);
}

/** An integer >= 1 (counts). */
export function positiveInteger(value: unknown, field: string, unit: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    reject(value, field, `a positive integer (${unit})`);
  }
  return value;
}

/** A message size: an integer from 1 to MAX_MESSAGE_BYTES. */
export function messageBytes(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > MAX_MESSAGE_BYTES) {
    reject(value, field, `an integer number of bytes from 1 to ${MAX_MESSAGE_BYTES}`);
  }
  return value;
}

/** An offered load: a fraction of the host link bandwidth in (0, 1]. */
export function loadFraction(value: unknown, field: string): number {
  if (typeof value !== "number" || !(value > 0 && value <= 1)) {
    reject(value, field, "a fraction of the host link bandwidth in (0, 1]");
  }
  return value;
}

/** A non-empty string (host ids, names, groups). */
export function text(value: unknown, field: string, what: string): string {
  if (typeof value !== "string" || value.length === 0) reject(value, field, `a non-empty string (${what})`);
  return value;
}

/** A non-empty string, or `fallback` when absent. */
export function optionalText(value: unknown, field: string, what: string, fallback: string): string {
  return value === undefined ? fallback : text(value, field, what);
}

/** One of a few strings, or `fallback` when absent. */
export function oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !allowed.includes(value as T)) {
    throw new TrafficSpecError(
      field,
      `${field} must be one of ${allowed.map((item) => JSON.stringify(item)).join(", ")}, got ${formatValue(value)}`,
    );
  }
  return value as T;
}

/** A non-empty array (its items unchecked). */
export function nonEmptyArray(value: unknown, field: string, what: string): readonly unknown[] {
  if (!Array.isArray(value) || value.length === 0) reject(value, field, `a non-empty array of ${what}`);
  return value;
}

/** A non-empty list of distinct host ids. */
export function hostList(value: unknown, field: string): readonly string[] {
  const items = nonEmptyArray(value, field, "host ids");
  const hosts = items.map((item, index) => text(item, `${field}[${index}]`, "a host id"));
  const seen = new Set<string>();
  hosts.forEach((host, index) => {
    if (seen.has(host))
      throw new TrafficSpecError(`${field}[${index}]`, `${field}[${index}]: ${formatValue(host)} is listed twice`);
    seen.add(host);
  });
  return hosts;
}

/** A list of distinct host ids, or undefined when absent. */
export function optionalHostList(value: unknown, field: string): readonly string[] | undefined {
  return value === undefined ? undefined : hostList(value, field);
}

/** `stopUs` after `startUs`, when both are given. */
export function checkWindow(startUs: number | undefined, stopUs: number | undefined, path: string): void {
  if (stopUs !== undefined && stopUs <= (startUs ?? 0)) {
    throw new TrafficSpecError(
      `${path}.stopUs`,
      `${path}.stopUs must be after startUs (${startUs ?? 0} us), got ${formatValue(stopUs)}`,
    );
  }
}

/** Throws unless `host` is one of the context's hosts, naming the field and listing the known hosts. */
export function knownHost(host: string, field: string, hosts: ReadonlySet<string>, list: readonly string[]): void {
  if (!hosts.has(host)) {
    throw new TrafficSpecError(field, `${field}: unknown host ${formatValue(host)}; known hosts: ${formatHosts(list)}`);
  }
}

/** The error for a missing or unknown `kind`, listing the allowed ones. */
export function unknownKind(kind: unknown, field: string, allowed: readonly string[]): TrafficSpecError {
  const list = allowed.join(", ");
  if (kind === undefined) return new TrafficSpecError(field, `${field} is missing; allowed: ${list}`);
  return new TrafficSpecError(
    field,
    `${field}: unknown ${formatValue(kind)}${didYouMean(kind, allowed)}; allowed: ${list}`,
  );
}
