/**
 * A rate limit restricted to discrete levels (InfiniBand's IPD rates by default), with an
 * RPI-style counter of unmarked ACKs (santos-2002 sec. 6.3.1, turner-2001 sec. 5.1.3).
 */
import type { RateLimit } from "./rate-limit.js";
import { type RateTable, type RateTableOptions, rateTable } from "./rate-table.js";
import type { ResponseFunction } from "./response-function.js";

/** Options of {@link discreteRate}. */
export interface DiscreteRateOptions extends RateTableOptions {
  /** Starting rate, snapped down to a level; default Rmax. */
  readonly initialRate?: number;
  /** A prebuilt table (then `levels` is ignored); share one between many flows. */
  readonly table?: RateTable;
}

/** A {@link RateLimit} in discrete mode, with its state visible. */
export interface DiscreteRate extends RateLimit {
  /** The tables it runs on. */
  readonly table: RateTable;
  /** Index of the current rate in `table.levels` (the ipd, on the IPD grid). */
  readonly level: number;
  /** Unmarked ACKs (packets) still needed before the next increase: turner's RPI. */
  readonly remaining: number;
}

/**
 * A {@link RateLimit} in discrete mode. The rule (see {@link rateTable}):
 *
 * - a mark moves to the fastest level not above f_dec(rate) and restarts the counter;
 * - each unmarked ACK takes `packets` (default 1) off the counter (never below 0); when it
 *   reaches 0 the rate steps up to where the continuous F_inc, started at this level and
 *   advanced one ACK interval (1/rate) per ACK, would stand, and the counter restarts
 *   with the new level's wait.
 *
 * So a mark is undone in about T = 1/Rmin, as in continuous mode (Condition 3), while the
 * rate only ever takes the levels' values.
 *
 * When to use: the papers' "discrete" curves (santos Fig. 7 dashed, Fig. 8), or to model
 * hardware that only has IPD settings.
 *
 * Gotchas: the counter restarts on a mark (santos: recovery is timed from the last
 * decrease); turner's {@link hybrid} instead keeps it. Time between levels is rounded up to
 * whole ACKs.
 *
 * @example
 * ```ts
 * const limit = discreteRate(lipd({ Rmax: 1e9 }));
 * limit.decrease(); // 5e8: ipd 0 -> 1
 * limit.remaining; // 128 unmarked ACKs to return to 1e9: ceil(256/2)
 * ```
 */
export function discreteRate(fn: ResponseFunction, options: DiscreteRateOptions = {}): DiscreteRate {
  const table = options.table ?? rateTable(fn, options);
  if (table.response !== fn) {
    throw new Error("discreteRate: the table was built for another response function");
  }
  const initialLevel = table.levelOf(options.initialRate ?? fn.parameters.Rmax);
  let level = initialLevel;
  let remaining = table.increaseAfter[level] as number;
  return {
    table,
    get level() {
      return level;
    },
    get remaining() {
      return remaining;
    },
    get rate() {
      return table.levels[level] as number;
    },
    get atRest() {
      return level === initialLevel && remaining === table.increaseAfter[level];
    },
    increase(packets = 1) {
      if (!(Number.isFinite(packets) && packets >= 0)) {
        throw new RangeError(`packets must be a finite number >= 0, got ${String(packets)}`);
      }
      if (level === 0) return table.levels[0] as number;
      // turner-2001 sec. 5.1.3.1: RPI is decremented without crossing zero; at zero, increase.
      remaining = Math.max(0, remaining - packets);
      if (remaining <= 1e-9) {
        level = table.increaseTo[level] as number;
        remaining = table.increaseAfter[level] as number;
      }
      return table.levels[level] as number;
    },
    decrease() {
      level = table.decreaseTo[level] as number;
      remaining = table.increaseAfter[level] as number;
      return table.levels[level] as number;
    },
    reset(rate) {
      level = table.levelOf(rate);
      remaining = table.increaseAfter[level] as number;
    },
  };
}
