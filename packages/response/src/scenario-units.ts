/**
 * Scenario units (us, ns, ms, Mb/s, fractions of the link) for the controllers' definitions
 * (internal): the fields they share, and the conversions to the functions' units (ps, bytes/s).
 */
import { MAX_BANDWIDTH, MAX_TIME_US, MIN_RATE_FRACTION, MIN_TIME_US } from "@losslab/kinds";

export const PS_PER_NS = 1e3;
export const PS_PER_US = 1e6;
export const PS_PER_MS = 1e9;

/** The fastest link in Mb/s: the bound of rates given in Mb/s. */
export const MAX_MBPS = (MAX_BANDWIDTH * 8) / 1e6;

/** A rate as a fraction of the link rate, left out by default. */
export const linkFraction = (description: string) =>
  ({ type: "number", min: MIN_RATE_FRACTION, max: 1, optional: true, description }) as const;

/** A number in (0, 1], left out by default. */
export const unitInterval = (description: string) =>
  ({ type: "number", min: 0, minExclusive: true, max: 1, optional: true, description }) as const;

/** A positive time in us (at least 1 ps), left out by default. */
export const positiveUs = (description: string) =>
  ({ type: "number", min: MIN_TIME_US, max: MAX_TIME_US, optional: true, description }) as const;

/** A positive rate in Mb/s, left out by default. */
export const rateMbps = (description: string) =>
  ({ type: "number", min: 0, minExclusive: true, max: MAX_MBPS, optional: true, description }) as const;

/** A time in units of `psPerUnit` ps as whole picoseconds, or undefined. */
export function picoseconds(value: number | undefined, psPerUnit: number): number | undefined {
  return value === undefined ? undefined : Math.round(value * psPerUnit);
}

/** Mb/s as bytes/s, or undefined. */
export function megabits(value: number | undefined): number | undefined {
  return value === undefined ? undefined : (value * 1e6) / 8;
}

/** A fraction of `lineRate` as bytes/s, or undefined. */
export function ofLine(fraction: number | undefined, lineRate: number): number | undefined {
  return fraction === undefined ? undefined : fraction * lineRate;
}
