/** AIMD, Additive Increase Multiplicative Decrease, as santos-2002 sec. 6.2 defines it. */
import { checkPackets, clampRate, type RangeOptions, resolveFactor, resolveRange } from "./range.js";
import type { IncrementCurve, ResponseFunction } from "./response-function.js";

/** Options of {@link aimd}. */
export interface AimdOptions extends RangeOptions {
  /** Decrease factor, > 1; default 2 (the papers' value). */
  readonly m?: number;
}

/**
 * AIMD: divide the rate by `m` on a mark; increase linearly in time with the slope that
 * brings Rmin back to m*Rmin in one ACK interval at Rmin, (m-1)*Rmin^2 per unit time.
 *
 * - decrease: f_dec(r) = max(r/m, Rmin)
 * - increase: f_inc(r) = min(r + (m-1)*Rmin^2/r, Rmax)
 * - F_inc(t) = Rmin + (m-1)*Rmin^2*t = Rmin * (1 + (m-1)*t/T)
 *
 * When to use: the classic baseline the papers compare against.
 *
 * Gotchas: AIMD meets Conditions 1 and 2 but not Condition 3: its recovery time after a
 * mark grows with the rate (T * r/(m*Rmin)), so Rmin to Rmax takes (Rmax/Rmin - 1)/(m-1)
 * periods, 133.7 ms at 1 GB/s and 2 KB packets. santos-2002 prints f_dec with `min`; that
 * is a typo (it would pin every flow to Rmin): this is `max`, as for FIMD.
 *
 * @example
 * ```ts
 * const f = aimd({ Rmax: 256, Rmin: 1 });
 * f.decrease(256); // 128
 * f.increase(128); // 128 + 1/128
 * ```
 */
export function aimd(options: AimdOptions): ResponseFunction {
  const range = resolveRange(options, "aimd");
  const m = resolveFactor(options.m, "aimd");
  const { Rmin, Rmax } = range;
  // santos-2002 sec. 6.2: slope (m-1)*Rmin^2 per unit time = (m-1)*Rmin per period T.
  const slope = (m - 1) * Rmin;
  const duration = (Rmax - Rmin) / slope;
  const curve: IncrementCurve = {
    period: 1,
    duration,
    rateAt: (time) => (time <= 0 ? Rmin : time >= duration ? Rmax : Rmin + slope * time),
    timeAt: (rate) => (clampRate(rate, range) - Rmin) / slope,
  };
  return {
    name: "aimd",
    parameters: { Rmin, Rmax, m },
    curve,
    // f_inc(r) = min(r + (m-1)*Rmin^2/r, Rmax)
    increase: (rate, packets = 1) => {
      const r = clampRate(rate, range);
      return Math.min(r + (checkPackets(packets) * slope * Rmin) / r, Rmax);
    },
    // f_dec(r) = max(r/m, Rmin)
    decrease: (rate) => Math.max(clampRate(rate, range) / m, Rmin),
  };
}
