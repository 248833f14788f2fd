/** Trec(r), the recovery time after one mark (santos-2003 sec. V.A, Conditions 2 and 3). */
import { incrementCurve, type TimeOptions } from "./increment-curve.js";
import type { ResponseFunction } from "./response-function.js";

/**
 * Trec(r): the time a flow at rate `rate` needs, after one marked ACK, to climb back to
 * `rate` when no further mark arrives (santos-2003 sec. V.A), measured along F_inc:
 * Trec(r) = F_inc^-1(r) - F_inc^-1(f_dec(r)). In seconds (see `packetSize`).
 *
 * When to use: to see Condition 2 (Trec never falls as r rises) and Condition 3 (Trec is
 * the period T = 1/Rmin for every r from f_dec^-1(Rmin) to Rmax) for a function.
 *
 * Gotchas: this is the continuous-time idealisation the papers design with. A real flow
 * changes its rate only at ACKs, so it reaches r at the first ACK past Trec(r). For the
 * time from Rmin to Rmax use `incrementCurve(fn).duration`.
 *
 * @example
 * ```ts
 * recoveryTime(fimd({ Rmax: 1e9 }), 5e8, { packetSize: 2048 }); // 524.288e-6 s = T
 * recoveryTime(aimd({ Rmax: 1e9 }), 1e9, { packetSize: 2048 }); // 128 T
 * ```
 */
export function recoveryTime(fn: ResponseFunction, rate: number, options: TimeOptions = {}): number {
  const curve = incrementCurve(fn, options);
  return curve.timeAt(rate) - curve.timeAt(fn.decrease(rate));
}
