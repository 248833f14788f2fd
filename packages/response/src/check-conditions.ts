/** Numerical check of the design Conditions 1-3 of santos-2003 sec. V.A. */
import { normalisedCurve } from "./increment-curve.js";
import type { ResponseFunction } from "./response-function.js";
import { rminPrime } from "./rmin-prime.js";

/** Options of {@link checkConditions}. */
export interface CheckConditionsOptions {
  /** Check only rates >= this (default the function's Rmin). */
  readonly Rmin?: number;
  /** Check only rates <= this (default the function's Rmax). */
  readonly Rmax?: number;
  /** Rates sampled, log-spaced (default 1000). */
  readonly samples?: number;
  /** Relative tolerance (default 1e-6). */
  readonly tolerance?: number;
}

/** Which design condition a violation breaks. */
export type ConditionNumber = 1 | 2 | 3;

/** One sampled rate where a condition fails. */
export interface ConditionViolation {
  readonly condition: ConditionNumber;
  /** The rate r where it fails. */
  readonly rate: number;
  /**
   * The measured quantity: f_inc(f_dec(r)) for Condition 1; Trec(r) in periods T for
   * Conditions 2 and 3.
   */
  readonly value: number;
  /** What it must not exceed (1), fall below (2) or equal (3). */
  readonly bound: number;
  /** The violation in words. */
  readonly message: string;
}

/** The verdict on one condition. */
export interface ConditionResult {
  readonly condition: ConditionNumber;
  readonly holds: boolean;
  /** The rates the condition was checked over. */
  readonly from: number;
  readonly to: number;
  readonly violations: readonly ConditionViolation[];
}

/** What {@link checkConditions} returns. */
export interface ConditionReport {
  /** All three conditions hold at every sampled rate. */
  readonly holds: boolean;
  /** R'min = f_dec^-1(Rmin): Conditions 1 and 3 are judged from here up. */
  readonly RminPrime: number;
  readonly condition1: ConditionResult;
  readonly condition2: ConditionResult;
  readonly condition3: ConditionResult;
  /** Every violation, by condition then rate. */
  readonly violations: readonly ConditionViolation[];
}

/**
 * Checks santos-2003's design Conditions 1-3 at log-spaced rates and reports each
 * violation with the rate where it happens:
 *
 * 1. a mark outweighs an unmarked ACK: f_inc(f_dec(r)) <= r, for R'min <= r <= Rmax;
 * 2. fairness: Trec(r1) <= Trec(r2) for r1 < r2, over [Rmin, Rmax];
 * 3. fastest recovery: Trec(r) = T = 1/Rmin, for R'min <= r <= Rmax;
 *
 * where Trec(r) = F_inc^-1(r) - F_inc^-1(f_dec(r)) (see {@link recoveryTime}) and R'min =
 * f_dec^-1(Rmin). Below R'min a mark is clamped at Rmin and one ACK at Rmin climbs to R'min,
 * so Condition 1 cannot hold there for any function; santos-2003 states Condition 3 from
 * R'min and we judge Condition 1 on the same range (empty when one mark at Rmax already
 * reaches Rmin).
 *
 * When to use: before trusting a hand-made or derived response function.
 *
 * Gotchas: a numerical check at samples, not a proof. Conditions 2 and 3 use F_inc: exact
 * for functions with a `curve`, approximate (sampled from ACKs) otherwise, so loosen
 * `tolerance` for those. AIMD fails Condition 3 by design.
 *
 * @example
 * ```ts
 * checkConditions(lipd({ Rmax: 1e9 })).holds; // true
 * const report = checkConditions(aimd({ Rmax: 1e9 }));
 * report.condition3.violations[0]?.rate; // just above 2*Rmin: AIMD recovers slower there
 * ```
 */
export function checkConditions(fn: ResponseFunction, options: CheckConditionsOptions = {}): ConditionReport {
  const { Rmin, Rmax } = fn.parameters;
  const samples = options.samples ?? 1000;
  const tolerance = options.tolerance ?? 1e-6;
  if (!(Number.isInteger(samples) && samples >= 2)) {
    throw new RangeError(`samples must be an integer >= 2, got ${String(samples)}`);
  }
  if (!(tolerance >= 0)) throw new RangeError(`tolerance must be >= 0, got ${String(tolerance)}`);
  const low = Math.max(Rmin, options.Rmin ?? Rmin);
  const high = Math.min(Rmax, options.Rmax ?? Rmax);
  if (!(low < high)) throw new RangeError(`empty range to check: [${low}, ${high}]`);

  const curve = normalisedCurve(fn);
  const trec = (r: number) => curve.timeAt(r) - curve.timeAt(fn.decrease(r));
  const primeRate = rminPrime((r) => fn.decrease(r), { Rmin, Rmax });
  const upper = Math.max(low, primeRate);
  // When one mark at the top of the range already lands on Rmin, R'min lies at or above it
  // and Conditions 1 and 3 have no rate to be judged at.
  const judgeUpper = upper < high;
  const grid = logGrid(low, high, samples, primeRate);

  const c1: ConditionViolation[] = [];
  const c2: ConditionViolation[] = [];
  const c3: ConditionViolation[] = [];
  let slowest = 0;
  for (const r of grid) {
    const t = trec(r);
    // Condition 2: Trec(r1) <= Trec(r2) for r1 < r2.
    if (t < slowest * (1 - tolerance)) {
      c2.push({
        condition: 2,
        rate: r,
        value: t,
        bound: slowest,
        message: `Condition 2: Trec(${fmt(r)}) = ${fmt(t)} T, less than ${fmt(slowest)} T at a lower rate`,
      });
    }
    slowest = Math.max(slowest, t);
    if (!judgeUpper || r < upper) continue;
    // Condition 1: f_inc(f_dec(r)) <= r.
    const back = fn.increase(fn.decrease(r));
    if (back > r * (1 + tolerance)) {
      c1.push({
        condition: 1,
        rate: r,
        value: back,
        bound: r,
        message: `Condition 1: f_inc(f_dec(${fmt(r)})) = ${fmt(back)} > ${fmt(r)}`,
      });
    }
    // Condition 3: Trec(r) = 1/Rmin, i.e. 1 period.
    if (Math.abs(t - 1) > tolerance) {
      c3.push({
        condition: 3,
        rate: r,
        value: t,
        bound: 1,
        message: `Condition 3: Trec(${fmt(r)}) = ${fmt(t)} T, expected T = 1/Rmin`,
      });
    }
  }
  const result = (condition: ConditionNumber, from: number, violations: ConditionViolation[]) => ({
    condition,
    holds: violations.length === 0,
    from,
    to: high,
    violations,
  });
  const condition1 = result(1, upper, c1);
  const condition2 = result(2, low, c2);
  const condition3 = result(3, upper, c3);
  return {
    holds: condition1.holds && condition2.holds && condition3.holds,
    RminPrime: primeRate,
    condition1,
    condition2,
    condition3,
    violations: [...c1, ...c2, ...c3],
  };
}

/** `count` log-spaced rates from low to high, with `extra` inserted if inside. */
function logGrid(low: number, high: number, count: number, extra: number): number[] {
  const a = Math.log(low);
  const b = Math.log(high);
  const grid: number[] = [];
  for (let i = 0; i < count; i++) grid.push(Math.exp(a + ((b - a) * i) / (count - 1)));
  grid[0] = low;
  grid[count - 1] = high;
  if (extra > low && extra < high) grid.push(extra);
  return grid.sort((x, y) => x - y);
}

function fmt(x: number): string {
  return Number(x.toPrecision(6)).toString();
}
