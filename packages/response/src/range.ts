/** Validation and clamping of rate ranges shared by the response functions (internal). */
import type { RateRange } from "./response-function.js";

/** The papers' Rmin: Rmax/256, the slowest rate InfiniBand's 8-bit IPD can express. */
export const DEFAULT_RANGE_RATIO = 256;

/** Options every built-in response function accepts. */
export interface RangeOptions {
  /** The highest rate limit (e.g. the link rate). */
  readonly Rmax: number;
  /** The lowest rate limit; default Rmax/256. */
  readonly Rmin?: number;
}

/** Checks `Rmax` and `Rmin` (defaulting Rmin to Rmax/256) and returns the range. */
export function resolveRange(options: RangeOptions, owner: string): RateRange {
  const { Rmax } = options;
  if (typeof Rmax !== "number" || !Number.isFinite(Rmax) || Rmax <= 0) {
    throw new RangeError(`${owner}: Rmax must be a positive finite number, got ${String(Rmax)}`);
  }
  const Rmin = options.Rmin ?? Rmax / DEFAULT_RANGE_RATIO;
  if (typeof Rmin !== "number" || !Number.isFinite(Rmin) || Rmin <= 0 || Rmin >= Rmax) {
    throw new RangeError(`${owner}: Rmin must be in (0, Rmax), got ${String(Rmin)}`);
  }
  return { Rmin, Rmax };
}

/** Checks a decrease factor `m > 1`. */
export function resolveFactor(m: number | undefined, owner: string): number {
  const value = m ?? 2;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 1) {
    throw new RangeError(`${owner}: m must be a finite number > 1, got ${String(m)}`);
  }
  return value;
}

/** `rate` limited to [Rmin, Rmax]; NaN is rejected. */
export function clampRate(rate: number, range: RateRange): number {
  if (Number.isNaN(rate)) throw new RangeError("rate is NaN");
  return Math.min(range.Rmax, Math.max(range.Rmin, rate));
}

/** Checks the `packets` argument of an increase: finite and >= 0. */
export function checkPackets(packets: number): number {
  if (!Number.isFinite(packets) || packets < 0) {
    throw new RangeError(`packets must be a finite number >= 0, got ${String(packets)}`);
  }
  return packets;
}
