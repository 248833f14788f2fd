/** A rate limit that takes any real value: the response function applied as is. */
import type { RateLimit } from "./rate-limit.js";
import type { ResponseFunction } from "./response-function.js";

/**
 * A {@link RateLimit} in continuous mode: every ACK applies f_inc or f_dec to the current
 * rate (santos-2002 sec. 6.2).
 *
 * When to use: the papers' "continuous" curves (santos Fig. 7 solid lines).
 *
 * @param initialRate - default Rmax (santos: flows start at the maximum rate).
 * @example
 * ```ts
 * const limit = continuousRate(fimd({ Rmax: 256, Rmin: 1 }));
 * limit.decrease(); // 128
 * limit.increase(); // 128 * 2^(1/128)
 * ```
 */
export function continuousRate(fn: ResponseFunction, initialRate?: number): RateLimit {
  const { Rmin, Rmax } = fn.parameters;
  const clamp = (r: number) => {
    if (Number.isNaN(r)) throw new RangeError("rate is NaN");
    return Math.min(Rmax, Math.max(Rmin, r));
  };
  const initial = clamp(initialRate ?? Rmax);
  let rate = initial;
  return {
    get rate() {
      return rate;
    },
    get atRest() {
      return rate === initial;
    },
    increase(packets = 1) {
      rate = fn.increase(rate, packets);
      return rate;
    },
    decrease() {
      rate = fn.decrease(rate);
      return rate;
    },
    reset(value) {
      rate = clamp(value);
    },
  };
}
