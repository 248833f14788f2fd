/** R'min = f_dec^-1(Rmin), the highest rate one mark sends to Rmin (internal). */
import type { RateRange } from "./response-function.js";

/**
 * The highest rate r in [Rmin, Rmax] with f_dec(r) <= Rmin (santos-2003 sec. V.A calls it
 * R'min): below it the decrease is clamped at Rmin, so Conditions 1 and 3 are judged from it
 * upwards. Found by bisection on log r; `decrease` must be non-decreasing.
 */
export function rminPrime(decrease: (rate: number) => number, range: RateRange): number {
  const { Rmin, Rmax } = range;
  const atFloor = (rate: number) => decrease(rate) <= Rmin * (1 + 1e-12);
  if (atFloor(Rmax)) return Rmax;
  let low = Math.log(Rmin);
  let high = Math.log(Rmax);
  for (let i = 0; i < 200 && high - low > 1e-15 * Math.max(1, Math.abs(high)); i++) {
    const mid = (low + high) / 2;
    if (atFloor(Math.exp(mid))) low = mid;
    else high = mid;
  }
  return Math.exp(low);
}
