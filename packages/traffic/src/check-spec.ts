import { formatValue } from "@losslab/core";
import { checkValues, KindError, MAX_BUFFER_BYTES, MAX_TIME_US, type Parameters, type ValuesOf } from "@losslab/kinds";
import { formatHosts } from "./format-hosts.js";

/**
 * The latest time a spec may name, in microseconds: 1,000 s, well inside the engine's clock
 * (9,007 s of integer picoseconds), so a start plus an offset or a gap still fits.
 */
export const MAX_SPEC_TIME_US = MAX_TIME_US;
/**
 * The largest message, bytes (1 GiB): a message is queued as one entry per packet at a
 * per-destination NIC queue, so a terabyte message would exhaust memory before it was sent.
 */
export const MAX_MESSAGE_BYTES = MAX_BUFFER_BYTES;

/** A spec object as read from JSON: fields not yet checked. */
export type SpecFields = Readonly<Record<string, unknown>>;

/** Throws `<field> is missing; it must be <expected>` or `<field> must be <expected>, got <value>`. */
function reject(value: unknown, field: string, expected: string): never {
  if (value === undefined) throw new KindError(field, `${field} is missing; it must be ${expected}`);
  throw new KindError(field, `${field} must be ${expected}, got ${formatValue(value)}`);
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
      throw new KindError(
        `${path}.${field}`,
        `${path}.${field}: unknown field for ${owner}; allowed: ${allowed.join(", ")}`,
      );
    }
  }
}

/**
 * An object inside a spec that is not a kind (an ON/OFF pair, a hot-spot trigger): its
 * fields described like a kind's parameters, checked with `checkValues`, defaults filled in.
 */
export function checkObject<Ps extends Parameters>(
  value: unknown,
  field: string,
  owner: string,
  parameters: Ps,
): ValuesOf<Ps> {
  const fields = specObject(value, field, `an object { ${Object.keys(parameters).join(", ")} }`);
  onlyFields(fields, field, Object.keys(parameters), owner);
  return checkValues(field, owner, parameters, fields);
}

/** A number of microseconds from 0 to MAX_SPEC_TIME_US. */
export function time(value: unknown, field: string): number {
  if (typeof value !== "number" || !(value >= 0 && value <= MAX_SPEC_TIME_US)) {
    reject(value, field, `a number of microseconds from 0 to ${MAX_SPEC_TIME_US}`);
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

/** A non-empty string (host ids, names, groups). */
export function text(value: unknown, field: string, what: string): string {
  if (typeof value !== "string" || value.length === 0) reject(value, field, `a non-empty string (${what})`);
  return value;
}

/** Throws if a host is listed twice in `hosts` (given at `field`). */
export function distinctHosts(hosts: readonly string[] | undefined, field: string): void {
  const seen = new Set<string>();
  hosts?.forEach((host, index) => {
    if (seen.has(host))
      throw new KindError(`${field}[${index}]`, `${field}[${index}]: ${formatValue(host)} is listed twice`);
    seen.add(host);
  });
}

/** `stopUs` after `startUs`, when both are given. */
export function checkWindow(startUs: number | undefined, stopUs: number | undefined, path: string): void {
  if (stopUs !== undefined && stopUs <= (startUs ?? 0)) {
    throw new KindError(
      `${path}.stopUs`,
      `${path}.stopUs must be after startUs (${startUs ?? 0} us), got ${formatValue(stopUs)}`,
    );
  }
}

/** Throws unless `host` is one of the context's hosts, naming the field and listing the known hosts. */
export function knownHost(host: string, field: string, hosts: ReadonlySet<string>, list: readonly string[]): void {
  if (!hosts.has(host)) {
    throw new KindError(field, `${field}: unknown host ${formatValue(host)}; known hosts: ${formatHosts(list)}`);
  }
}
