/**
 * Derives the increase function that goes with any monotone decrease function, by solving
 * santos-2003 eq. 2, F_inc(t) = f_dec(F_inc(t + T)), numerically.
 */
import { chebyshevBasis, chebyshevDerivative, chebyshevValue } from "./chebyshev.js";
import { leastSquares } from "./least-squares.js";
import { clampRate } from "./range.js";
import { responseFromCurve } from "./response-from-curve.js";
import type { IncrementCurve, RateRange, ResponseFunction } from "./response-function.js";
import { rminPrime } from "./rmin-prime.js";

/** Options of {@link deriveIncrease}. */
export interface DeriveIncreaseOptions extends RateRange {
  /** Name of the result (default "derived"). */
  readonly name?: string;
  /** Largest acceptable residual of eq. 2, in periods T (default 1e-10). */
  readonly tolerance?: number;
  /** Largest degree of the fitted series (default 48). */
  readonly maxDegree?: number;
}

/** How well the derived F_inc satisfies eq. 2. */
export interface DerivationFit {
  /** Degree of the Chebyshev series (in log rate) that represents F_inc^-1. */
  readonly degree: number;
  /** max |F_inc^-1(r) - F_inc^-1(f_dec(r)) - T| over [R'min, Rmax], in periods T. */
  readonly residual: number;
  /** R'min = f_dec^-1(Rmin): F_inc(T) = R'min. */
  readonly RminPrime: number;
}

/** A response function from {@link deriveIncrease}: it always has a `curve`. */
export interface DerivedResponseFunction extends ResponseFunction {
  readonly curve: IncrementCurve;
  readonly fit: DerivationFit;
}

/** Log-rate mapped onto [-1, 1]: Rmin -> -1, Rmax -> 1. */
interface LogScale {
  toU(rate: number): number;
  toRate(u: number): number;
}

const DEGREES = [1, 2, 4, 8, 12, 16, 20, 24, 32, 40, 48, 64];
/** Weight of the smoothness penalty on coefficient k (times k^2): picks the smooth solution. */
const SMOOTHING = 1e-10;

/**
 * Derives f_inc for a decrease function so that the pair meets Conditions 1-3: every mark
 * is undone in exactly T = 1/Rmin (santos-2003 sec. V.B). The papers solve eq. 2,
 * F_inc(t) = f_dec(F_inc(t + T)), in closed form for two decreases; this solves it for any.
 *
 * Method: write the inverse of F_inc, the time to climb from Rmin to r, as
 * A(r) = sum c_k T_k(u), a Chebyshev series in u = log-rate mapped to [-1, 1] with A(Rmin) = 0,
 * and fit A(r) - A(f_dec(r)) = 1 period at collocation rates from R'min = f_dec^-1(Rmin) to
 * Rmax by least squares, raising the degree until the residual is below `tolerance`.
 * Eq. 2 fixes F_inc only at whole periods from each start; between them it admits many
 * solutions, and the fit (with a tiny smoothness penalty) picks the smooth one. The
 * result's increase is f_inc(r) = min(F^r_inc(1/r), Rmax), as for the papers' functions.
 *
 * When to use: to try a new decrease (e.g. a hardware-friendly table, a gentler
 * multiplicative step at low rates) with an increase that keeps the papers' guarantees.
 *
 * Gotchas: `decrease` must be non-decreasing and below the identity above R'min (checked:
 * throws otherwise); it may or may not clamp at Rmin. A decrease with kinks gives a larger
 * residual (see `fit.residual`); check the result with {@link checkConditions}. The
 * increase costs a few series evaluations (Newton's method), more than the closed forms.
 *
 * @example
 * ```ts
 * const Rmax = 1e9;
 * const Rmin = Rmax / 256;
 * // recovers LIPD's increase:
 * const f = deriveIncrease((r) => Rmax / (Rmax / r + 1), { Rmin, Rmax });
 * f.increase(Rmax / 10); // = (Rmax / 10) / (1 - 1/256) to ~1e-12
 * ```
 */
export function deriveIncrease(
  decrease: (rate: number) => number,
  options: DeriveIncreaseOptions,
): DerivedResponseFunction {
  const { Rmin, Rmax } = options;
  const name = options.name ?? "derived";
  if (!(Rmin > 0 && Rmin < Rmax && Number.isFinite(Rmax))) {
    throw new RangeError(`deriveIncrease: need 0 < Rmin < Rmax, got Rmin=${Rmin}, Rmax=${Rmax}`);
  }
  const tolerance = options.tolerance ?? 1e-10;
  const maxDegree = options.maxDegree ?? 48;
  const range: RateRange = { Rmin, Rmax };
  const clamped = (r: number) => clampRate(decrease(r), range);
  const primeRate = rminPrime(clamped, range);
  if (primeRate >= Rmax * (1 - 1e-12)) {
    throw new Error(`${name}: one mark at Rmax already reaches Rmin; nothing to derive`);
  }
  const logMin = Math.log(Rmin);
  const logSpan = Math.log(Rmax) - logMin;
  const scale: LogScale = {
    toU: (r) => (2 * (Math.log(r) - logMin)) / logSpan - 1,
    toRate: (u) => Math.exp(logMin + ((u + 1) * logSpan) / 2),
  };
  const toU = scale.toU;
  const uPrime = toU(primeRate);
  checkDecrease(clamped, primeRate, Rmax, name);

  let best: { coefficients: Float64Array; degree: number; residual: number } | undefined;
  for (const degree of DEGREES) {
    if (degree > maxDegree) break;
    const coefficients = fit(clamped, scale, uPrime, degree);
    const residual = residualOf(coefficients, clamped, scale, uPrime);
    if (best === undefined || residual < best.residual) best = { coefficients, degree, residual };
    if (residual <= tolerance) break;
  }
  if (best === undefined) throw new RangeError(`${name}: maxDegree must be >= 1`);
  const { coefficients } = best;
  const slope = chebyshevDerivative(coefficients);
  for (let i = 0; i <= 2000; i++) {
    const u = -1 + i / 1000;
    if (!(chebyshevValue(slope, u) > 0)) {
      throw new Error(`${name}: the derived F_inc is not increasing near rate ${scale.toRate(u)}`);
    }
  }
  const duration = chebyshevValue(coefficients, 1);
  const timeAt = (rate: number) => chebyshevValue(coefficients, toU(clampRate(rate, range)));
  const rateAt = (time: number): number => {
    if (time <= 0) return Rmin;
    if (time >= duration) return Rmax;
    // Newton's method on A(u) = time, kept inside a bracket [low, high].
    let low = -1;
    let high = 1;
    let u = -1 + (2 * time) / duration;
    for (let i = 0; i < 100; i++) {
      const value = chebyshevValue(coefficients, u) - time;
      if (value > 0) high = u;
      else low = u;
      let next = u - value / chebyshevValue(slope, u);
      if (next === u) break; // the Newton step is below rounding: converged
      if (!(next > low && next < high)) next = (low + high) / 2;
      const step = Math.abs(next - u);
      u = next;
      if (step <= 1e-15) break;
    }
    return clampRate(scale.toRate(u), range);
  };
  const curve: IncrementCurve = { period: 1, duration, rateAt, timeAt };
  const fn = responseFromCurve({ name, parameters: { Rmin, Rmax }, decrease: clamped, curve });
  return {
    ...fn,
    curve,
    fit: { degree: best.degree, residual: best.residual, RminPrime: primeRate },
  };
}

/** Least-squares coefficients c_0..c_degree of A(u) with A(-1) = 0. */
function fit(decrease: (rate: number) => number, scale: LogScale, uPrime: number, degree: number): Float64Array {
  const unknowns = degree; // c_1..c_degree; c_0 follows from A(-1) = 0
  const points = 4 * degree + 60;
  const rows = points + unknowns;
  const matrix = new Float64Array(rows * unknowns);
  const rhs = new Float64Array(rows);
  const at = new Float64Array(degree + 1);
  const below = new Float64Array(degree + 1);
  for (let i = 0; i < points; i++) {
    // Chebyshev-Lobatto points on [uPrime, 1]: R'min and Rmax included.
    const u = uPrime + ((1 - uPrime) * (1 - Math.cos((Math.PI * i) / (points - 1)))) / 2;
    chebyshevBasis(u, at);
    chebyshevBasis(scale.toU(decrease(scale.toRate(u))), below);
    for (let k = 1; k <= degree; k++) {
      matrix[i * unknowns + (k - 1)] = (at[k] as number) - (below[k] as number);
    }
    rhs[i] = 1; // santos-2003 eq. 2: A(r) - A(f_dec(r)) = T
  }
  for (let k = 1; k <= degree; k++) {
    matrix[(points + k - 1) * unknowns + (k - 1)] = SMOOTHING * k * k;
  }
  const solution = leastSquares(matrix, rows, unknowns, rhs);
  const coefficients = new Float64Array(degree + 1);
  let c0 = 0;
  for (let k = 1; k <= degree; k++) {
    coefficients[k] = solution[k - 1] as number;
    c0 -= (solution[k - 1] as number) * (k % 2 === 0 ? 1 : -1); // T_k(-1) = (-1)^k
  }
  coefficients[0] = c0;
  return coefficients;
}

function residualOf(
  coefficients: Float64Array,
  decrease: (rate: number) => number,
  scale: LogScale,
  uPrime: number,
): number {
  let worst = 0;
  const checks = 1001;
  for (let i = 0; i < checks; i++) {
    const u = uPrime + ((1 - uPrime) * i) / (checks - 1);
    const below = scale.toU(decrease(scale.toRate(u)));
    const error = Math.abs(chebyshevValue(coefficients, u) - chebyshevValue(coefficients, below) - 1);
    worst = Math.max(worst, error);
  }
  return worst;
}

function checkDecrease(decrease: (rate: number) => number, from: number, to: number, name: string): void {
  let previous = decrease(from);
  const steps = 2000;
  for (let i = 1; i <= steps; i++) {
    const r = from * (to / from) ** (i / steps);
    const value = decrease(r);
    if (!Number.isFinite(value)) throw new Error(`${name}: decrease(${r}) = ${value}`);
    if (value < previous * (1 - 1e-12)) {
      throw new Error(`${name}: decrease must be non-decreasing; it falls near rate ${r}`);
    }
    if (!(value < r)) throw new Error(`${name}: decrease(${r}) = ${value} does not lower the rate`);
    previous = value;
  }
}
