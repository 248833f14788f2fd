/** InfiniBand's inter-packet-delay rates (santos-2002 sec. 6.3.1, turner-2001 sec. 5.1). */

/** The largest IPD santos-2002 uses: 256 rates, ipd = 0..255, so Rmin = Rmax/256. */
export const MAX_IPD = 255;

/**
 * The rates InfiniBand's inter-packet delay can express: Rmax/(1+ipd) for ipd = 0..maxIpd,
 * fastest first (index = ipd).
 *
 * When to use: as the discrete rate levels of {@link discreteRate} and {@link rateTable}
 * (that is their default), or to snap a rate to what hardware can do.
 *
 * @example
 * ```ts
 * ipdRates(1e9, 3); // [1e9, 5e8, 3.333e8, 2.5e8]
 * ```
 */
export function ipdRates(Rmax: number, maxIpd: number = MAX_IPD): number[] {
  if (!(Rmax > 0 && Number.isFinite(Rmax))) {
    throw new RangeError(`ipdRates: Rmax must be a positive finite number, got ${String(Rmax)}`);
  }
  if (!(Number.isInteger(maxIpd) && maxIpd >= 0)) {
    throw new RangeError(`ipdRates: maxIpd must be an integer >= 0, got ${String(maxIpd)}`);
  }
  return Array.from({ length: maxIpd + 1 }, (_, ipd) => Rmax / (1 + ipd));
}
