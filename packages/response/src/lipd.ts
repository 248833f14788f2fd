/** LIPD, Linear Inter-Packet Delay (santos-2002 sec. 6.2, santos-2003 sec. V.D). */
import { checkPackets, clampRate, type RangeOptions, resolveRange } from "./range.js";
import type { IncrementCurve, ResponseFunction } from "./response-function.js";

/** Options of {@link lipd}. */
export type LipdOptions = RangeOptions;

/**
 * LIPD: a mark adds one packet time to the inter-packet delay (IPD); unmarked ACKs take it
 * away again at a constant pace of one packet time per period T = 1/Rmin. With the rate
 * r = Rmax/(1+ipd):
 *
 * - decrease: f_dec(r) = max(Rmax/(Rmax/r + 1), Rmin)      (ipd -> ipd + 1)
 * - increase: f_inc(r) = min(r/(1 - Rmin/Rmax), Rmax)
 * - F_inc(t) = Rmax/(Rmax/Rmin - t/T)                      (ipd falls linearly in time)
 *
 * When to use: the papers' best function for static traffic; n flows at Rmax/n go to
 * Rmax/(n+1) on one mark each when an (n+1)-th flow arrives. Its decreases land exactly on
 * InfiniBand's IPD rates.
 *
 * Gotchas: steps are small at low rates, large at high rates (Rmax -> Rmax/2 on one mark).
 * Rmin to Rmax takes Rmax/Rmin - 1 periods (133.7 ms at 1 GB/s, 2 KB packets, Rmin =
 * Rmax/256), as long as AIMD with m = 2.
 *
 * @example
 * ```ts
 * const f = lipd({ Rmax: 256, Rmin: 1 });
 * f.decrease(128); // 256/3 (ipd 1 -> 2)
 * f.increase(1); // 256/255 (ipd 255 -> 254 in one ACK at Rmin)
 * ```
 */
export function lipd(options: LipdOptions): ResponseFunction {
  const range = resolveRange(options, "lipd");
  const { Rmin, Rmax } = range;
  const ratio = Rmax / Rmin;
  // santos-2002 sec. 6.2: F_inc(t) = Rmax/(Rmax/Rmin - t/T); time here is in periods T.
  const duration = ratio - 1;
  const curve: IncrementCurve = {
    period: 1,
    duration,
    rateAt: (time) => (time <= 0 ? Rmin : time >= duration ? Rmax : Rmax / (ratio - time)),
    timeAt: (rate) => ratio - Rmax / clampRate(rate, range),
  };
  return {
    name: "lipd",
    parameters: { Rmin, Rmax },
    curve,
    // f_inc(r) = min(r/(1 - Rmin/Rmax), Rmax); with footnote 9: F^r(packets/r).
    increase: (rate, packets = 1) => {
      const r = clampRate(rate, range);
      const gain = 1 - (checkPackets(packets) * Rmin) / Rmax;
      return gain <= r / Rmax ? Rmax : Math.min(r / gain, Rmax);
    },
    // f_dec(r) = max(Rmax/(Rmax/r + 1), Rmin)
    decrease: (rate) => Math.max(Rmax / (Rmax / clampRate(rate, range) + 1), Rmin),
  };
}
