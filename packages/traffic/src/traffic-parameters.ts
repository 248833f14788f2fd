import { MAX_HOSTS, MAX_TEXT_LENGTH, MAX_TIME_US, MIN_TIME_US } from "@losslab/kinds";
import { MAX_MESSAGE_BYTES } from "./check-spec.js";

/**
 * The parameter descriptions the traffic kinds share (@losslab/kinds): names, hosts, times,
 * loads and sizes, each with the range every traffic kind gives it. A kind spreads one and
 * adds its own default and description.
 */

/** A name, host id or group: a non-empty string of at most MAX_TEXT_LENGTH characters. */
export const nonEmptyText = { type: "text", minLength: 1, maxLength: MAX_TEXT_LENGTH } as const;

/** A host id. */
export const hostId = { ...nonEmptyText, description: "a host id" } as const;

/** A list of distinct host ids (the factory checks they are distinct; `start`, that they exist). */
export const hostList = { type: "list", items: hostId, minItems: 1, maxItems: MAX_HOSTS } as const;

/** A time in microseconds, from 0 to MAX_TIME_US (1,000 s). */
export const timeUs = { type: "number", min: 0, max: MAX_TIME_US } as const;

/** A mean period in microseconds, from 1 ps (MIN_TIME_US) to MAX_TIME_US. */
export const meanUs = { type: "number", min: MIN_TIME_US, max: MAX_TIME_US } as const;

/** When a generator begins. */
export const startUsParameter = { ...timeUs, optional: true, description: "when it begins, us (default 0)" } as const;

/** When a generator ends. */
export const stopUsParameter = {
  ...timeUs,
  optional: true,
  description: "when it ends, us (default: the end of the run)",
} as const;

/** An offered load per source. */
export const loadParameter = {
  type: "number",
  min: 0,
  minExclusive: true,
  max: 1,
  description: "offered load per source: a fraction of its link bandwidth",
} as const;

/** A message size in bytes, from 1 to MAX_MESSAGE_BYTES. */
export const messageBytes = { type: "integer", min: 1, max: MAX_MESSAGE_BYTES } as const;

/** A generator's name: the middle of its RNG streams' names. */
export function streamName<const Fallback extends string>(fallback: Fallback) {
  return {
    ...nonEmptyText,
    default: fallback,
    description: "names the generator's RNG streams, traffic/<name>/...; distinct per generator",
  } as const;
}
