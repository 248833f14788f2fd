/** Builds a response function from a decrease function and its increase curve F_inc. */
import { checkPackets, clampRate } from "./range.js";
import type { IncrementCurve, RateRange, ResponseFunction, ResponseParameters } from "./response-function.js";

/** What {@link responseFromCurve} needs. */
export interface ResponseFromCurveOptions {
  readonly name: string;
  /** Rmin, Rmax and any parameters worth recording. */
  readonly parameters: ResponseParameters;
  /** f_dec; the result is clamped to [Rmin, Rmax]. */
  readonly decrease: (rate: number) => number;
  /** F_inc in recovery periods (`period` 1): rateAt(0) = Rmin, rateAt(duration) = Rmax. */
  readonly curve: IncrementCurve;
}

/**
 * Turns a decrease function and an increase curve F_inc into a {@link ResponseFunction},
 * with the increase santos-2002 sec. 6.2 defines: f_inc(r) = min(F^r_inc(1/r), Rmax), i.e.
 * move along F_inc by one ACK interval at the current rate (Rmin/r periods).
 *
 * When to use: you have F_inc in closed form (or from {@link deriveIncrease}) and want a
 * function the controllers and design tools accept.
 *
 * Gotchas: the curve's time unit must be the period T = 1/Rmin (`period` 1).
 *
 * @example
 * ```ts
 * // FIMD again, from its curve:
 * const Rmin = 1, Rmax = 256;
 * const f = responseFromCurve({
 *   name: "my-fimd",
 *   parameters: { Rmin, Rmax },
 *   decrease: (r) => r / 2,
 *   curve: {
 *     period: 1,
 *     duration: 8,
 *     rateAt: (t) => Math.min(Rmax, Rmin * 2 ** Math.max(0, t)),
 *     timeAt: (r) => Math.log2(Math.min(Rmax, Math.max(Rmin, r)) / Rmin),
 *   },
 * });
 * ```
 */
export function responseFromCurve(options: ResponseFromCurveOptions): ResponseFunction {
  const { name, parameters, decrease, curve } = options;
  const range: RateRange = { Rmin: parameters.Rmin, Rmax: parameters.Rmax };
  if (!(range.Rmin > 0 && range.Rmin < range.Rmax && Number.isFinite(range.Rmax))) {
    throw new RangeError(`${name}: parameters need 0 < Rmin < Rmax`);
  }
  if (curve.period !== 1) {
    throw new RangeError(`${name}: the curve must be measured in periods T (period 1)`);
  }
  return {
    name,
    parameters,
    curve,
    increase: (rate, packets = 1) => {
      const r = clampRate(rate, range);
      const time = curve.timeAt(r) + (checkPackets(packets) * range.Rmin) / r;
      return time >= curve.duration ? range.Rmax : clampRate(curve.rateAt(time), range);
    },
    decrease: (rate) => clampRate(decrease(clampRate(rate, range)), range),
  };
}
