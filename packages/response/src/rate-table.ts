/**
 * Lookup tables for a response function over a discrete set of rates: turner-2001 sec.
 * 5.1.3's conceptual tables (next rate on an increase or a decrease, and RPI, the unmarked
 * packets to wait for before an increase), derived from the function's F_inc.
 */
import { normalisedCurve } from "./increment-curve.js";
import { ipdRates } from "./ipd-rates.js";
import type { ResponseFunction } from "./response-function.js";

/** Options of {@link rateTable}. */
export interface RateTableOptions {
  /**
   * The discrete rates, any order; those outside [Rmin, Rmax] are dropped. Default: the IPD
   * rates Rmax/(1+ipd) down to Rmin (ipd 0..255 when Rmin = Rmax/256).
   */
  readonly levels?: readonly number[];
}

/**
 * A response function as lookup tables over discrete rate levels, fastest first. Level i
 * is the rate `levels[i]` (for the IPD grid, i is the ipd).
 */
export interface RateTable {
  /** The function the table was built from. */
  readonly response: ResponseFunction;
  /** The rates, strictly decreasing. */
  readonly levels: readonly number[];
  /**
   * RPI at each level: how many unmarked ACKs (packets) at that rate before an increase,
   * the fewest after which F_inc, started at the level, reaches the next level up.
   * 0 at level 0 (nothing to increase to).
   */
  readonly increaseAfter: readonly number[];
  /** The level an increase goes to: where F_inc stands after `increaseAfter` ACKs, floored. */
  readonly increaseTo: readonly number[];
  /** The level one mark goes to: f_dec of the level's rate, floored; always a lower rate. */
  readonly decreaseTo: readonly number[];
  /** The fastest level whose rate is <= `rate` (the slowest level if none is). */
  levelOf(rate: number): number;
}

/** Relative slack when comparing a computed rate with a level (rounding). */
const SLACK = 1e-9;

/**
 * Builds the lookup tables that run a response function on discrete rates (the IPD rates by
 * default), with the rule losslab uses for discrete mode:
 *
 * - a mark at level i goes to the fastest level not above f_dec(levels[i]) (at least one
 *   level down);
 * - at level i the flow waits for `increaseAfter[i]` = ceil((F_inc^-1(levels[i-1]) -
 *   F_inc^-1(levels[i])) * levels[i] * T) unmarked ACKs (packets), the fewest in which the
 *   continuous curve started at levels[i] would reach levels[i-1] at this level's ACK pace,
 *   then moves to `increaseTo[i]`, the fastest level not above where the curve then stands.
 *
 * This is turner-2001's RPI scheme (sec. 5.1.3) with the tables filled from santos' F_inc,
 * and santos-2003 sec. V.D's lookup-table implementation.
 *
 * When to use: to inspect or export the tables (e.g. for hardware); {@link discreteRate} and
 * {@link hybrid} build theirs with it.
 *
 * Gotchas: rounding the wait up to whole ACKs makes discrete recovery a little slower than
 * continuous (at most one ACK per level).
 *
 * @example
 * ```ts
 * const table = rateTable(lipd({ Rmax: 1e9 }));
 * table.decreaseTo[1]; // 2: ipd 1 -> 2
 * table.increaseAfter[2]; // 86 = ceil(256/3): T at rate Rmax/3
 * ```
 */
export function rateTable(fn: ResponseFunction, options: RateTableOptions = {}): RateTable {
  const { Rmin, Rmax } = fn.parameters;
  const source = options.levels ?? ipdRates(Rmax, Math.max(0, Math.floor(Rmax / Rmin - 1 + SLACK)));
  const levels = [...new Set(source)]
    .filter((r) => Number.isFinite(r) && r >= Rmin * (1 - SLACK) && r <= Rmax * (1 + SLACK))
    .sort((a, b) => b - a);
  if (levels.length === 0) {
    throw new RangeError(`rateTable: no level lies in [Rmin, Rmax] = [${Rmin}, ${Rmax}]`);
  }
  const last = levels.length - 1;
  const rate = (i: number) => levels[i] as number;
  const levelOf = (r: number): number => {
    // levels are decreasing: find the first index with levels[i] <= r.
    const target = r * (1 + SLACK);
    if (rate(last) > target) return last;
    let low = -1;
    let high = last;
    while (high - low > 1) {
      const mid = (low + high) >> 1;
      if (rate(mid) <= target) high = mid;
      else low = mid;
    }
    return high;
  };
  const curve = normalisedCurve(fn);
  const increaseAfter: number[] = [0];
  const increaseTo: number[] = [0];
  const decreaseTo: number[] = [];
  for (let i = 1; i <= last; i++) {
    // One ACK at rate L lasts Rmin/L periods T (santos-2002 sec. 6.2: the ACK interval 1/r).
    const start = curve.timeAt(rate(i));
    const gap = curve.timeAt(rate(i - 1)) - start;
    const wait = Math.max(1, Math.ceil((gap * rate(i)) / Rmin - SLACK));
    increaseAfter.push(wait);
    const reached = curve.rateAt(start + (wait * Rmin) / rate(i));
    increaseTo.push(Math.min(i - 1, levelOf(reached)));
  }
  for (let i = 0; i <= last; i++) {
    decreaseTo.push(i === last ? last : Math.max(i + 1, levelOf(fn.decrease(rate(i)))));
  }
  return { response: fn, levels, increaseAfter, increaseTo, decreaseTo, levelOf };
}
