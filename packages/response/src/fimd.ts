/** FIMD, Fast Increase Multiplicative Decrease (santos-2002 sec. 6.2, santos-2003 sec. V.C). */
import { checkPackets, clampRate, type RangeOptions, resolveFactor, resolveRange } from "./range.js";
import type { IncrementCurve, ResponseFunction } from "./response-function.js";

/** Options of {@link fimd}. */
export interface FimdOptions extends RangeOptions {
  /** Decrease factor, > 1; default 2 (the papers' value). */
  readonly m?: number;
}

/**
 * FIMD: divide the rate by `m` on a mark; on an unmarked ACK climb along the exponential
 * F_inc(t) = Rmin * m^(t/T), so a flow returns to its rate before a mark in exactly
 * T = 1/Rmin (Conditions 1-3 hold).
 *
 * - decrease: f_dec(r) = max(r/m, Rmin)
 * - increase: f_inc(r) = min(r * m^(Rmin/r), Rmax)
 *
 * When to use: the fastest recovery of the three paper functions (Rmin to Rmax in
 * log_m(Rmax/Rmin) periods: 8 T, 4.19 ms at 1 GB/s and 2 KB packets); best with dynamic
 * traffic (santos-2002 Fig. 8b).
 *
 * Gotchas: with `packets` != 1 the increase is r * m^(packets*Rmin/r) (footnote 9).
 *
 * @example
 * ```ts
 * const f = fimd({ Rmax: 256, Rmin: 1 });
 * f.decrease(256); // 128
 * f.increase(1); // 2: one ACK at Rmin undoes one mark (Condition 3)
 * ```
 */
export function fimd(options: FimdOptions): ResponseFunction {
  const range = resolveRange(options, "fimd");
  const m = resolveFactor(options.m, "fimd");
  const { Rmin, Rmax } = range;
  const logM = Math.log(m);
  // santos-2002 sec. 6.2: F_inc(t) = Rmin * m^(t/T); time here is in periods T.
  const duration = Math.log(Rmax / Rmin) / logM;
  const curve: IncrementCurve = {
    period: 1,
    duration,
    rateAt: (time) => (time <= 0 ? Rmin : time >= duration ? Rmax : Rmin * m ** time),
    timeAt: (rate) => Math.log(clampRate(rate, range) / Rmin) / logM,
  };
  return {
    name: "fimd",
    parameters: { Rmin, Rmax, m },
    curve,
    // f_inc(r) = min(r * m^(Rmin/r), Rmax)
    increase: (rate, packets = 1) => {
      const r = clampRate(rate, range);
      return Math.min(r * m ** ((checkPackets(packets) * Rmin) / r), Rmax);
    },
    // f_dec(r) = max(r/m, Rmin)
    decrease: (rate) => Math.max(clampRate(rate, range) / m, Rmin),
  };
}
