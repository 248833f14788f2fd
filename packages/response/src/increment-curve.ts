/** F_inc(t), the increase curve of santos-2002 sec. 6.2 / santos-2003 sec. V.B, in seconds. */
import { clampRate } from "./range.js";
import type { IncrementCurve, RateRange, ResponseFunction } from "./response-function.js";

/** Options of the design tools that report times. */
export interface TimeOptions {
  /**
   * The size of one design packet in the unit the rates count: 1 (default) when rates are
   * packets/s as in the papers, the packet size in bytes when rates are bytes/s. The period
   * T = packetSize/Rmin seconds.
   */
  readonly packetSize?: number;
}

/** Longest ACK-clocked trajectory sampled for a function without a closed-form curve. */
const MAX_TRAJECTORY_STEPS = 10_000_000;
const sampledCurves = new WeakMap<ResponseFunction, IncrementCurve>();

/**
 * F_inc(t): the paper's increase curve, the rate a flow reaches t seconds after being set to
 * Rmin when no mark arrives, with its inverse and its `duration` (Rmin to Rmax, the
 * "recovery time from minimum to maximum rate limit" of santos-2002 Fig. 6).
 *
 * When to use: to plot Fig. 6, to compare how fast functions reclaim bandwidth, to get
 * recovery times in seconds.
 *
 * Gotchas: give `packetSize` when rates are bytes/s, or times come out in packet units
 * divided by bytes. For a function without `curve`, the curve is sampled from the ACK-
 * clocked trajectory r -> f_inc(r), each step lasting one ACK interval 1/r: exact at the
 * ACK instants, interpolated (log-linear) between them.
 *
 * @example
 * ```ts
 * const curve = incrementCurve(fimd({ Rmax: 1e9 }), { packetSize: 2048 });
 * curve.period; // 524.288e-6 s: T = 2048 B / (1e9/256 B/s)
 * curve.duration; // 4.194304e-3 s: 8 periods
 * curve.rateAt(curve.period); // 2 * Rmin
 * ```
 */
export function incrementCurve(fn: ResponseFunction, options: TimeOptions = {}): IncrementCurve {
  const packetSize = options.packetSize ?? 1;
  if (!(packetSize > 0 && Number.isFinite(packetSize))) {
    throw new RangeError(`packetSize must be a positive finite number, got ${String(packetSize)}`);
  }
  const base = normalisedCurve(fn);
  const period = packetSize / fn.parameters.Rmin;
  return {
    period,
    duration: base.duration * period,
    rateAt: (time) => base.rateAt(time / period),
    timeAt: (rate) => base.timeAt(rate) * period,
  };
}

/** The function's own curve, or one sampled from its ACK-clocked trajectory (in periods). */
export function normalisedCurve(fn: ResponseFunction): IncrementCurve {
  if (fn.curve !== undefined) return fn.curve;
  let curve = sampledCurves.get(fn);
  if (curve === undefined) {
    curve = sampleCurve(fn);
    sampledCurves.set(fn, curve);
  }
  return curve;
}

function sampleCurve(fn: ResponseFunction): IncrementCurve {
  const range: RateRange = { Rmin: fn.parameters.Rmin, Rmax: fn.parameters.Rmax };
  const times = [0];
  const logRates = [Math.log(range.Rmin)];
  let rate = range.Rmin;
  let time = 0;
  while (rate < range.Rmax) {
    const next = fn.increase(rate);
    if (!(next > rate)) {
      throw new Error(`${fn.name}: increase(${rate}) = ${next} does not raise the rate`);
    }
    time += range.Rmin / rate; // one ACK interval 1/r, in periods T = 1/Rmin
    rate = Math.min(next, range.Rmax);
    times.push(time);
    logRates.push(Math.log(rate));
    if (times.length > MAX_TRAJECTORY_STEPS) {
      throw new Error(`${fn.name}: more than ${MAX_TRAJECTORY_STEPS} ACKs from Rmin to Rmax`);
    }
  }
  const last = times.length - 1;
  const duration = times[last] as number;
  const at = (values: number[], index: number): number => values[index] as number;
  return {
    period: 1,
    duration,
    rateAt(t) {
      if (t <= 0) return range.Rmin;
      if (t >= duration) return range.Rmax;
      const i = upperIndex(times, t); // times[i-1] < t <= times[i]
      const f = (t - at(times, i - 1)) / (at(times, i) - at(times, i - 1));
      return Math.exp(at(logRates, i - 1) + f * (at(logRates, i) - at(logRates, i - 1)));
    },
    timeAt(r) {
      const x = Math.log(clampRate(r, range));
      if (x <= at(logRates, 0)) return 0;
      if (x >= at(logRates, last)) return duration;
      const i = upperIndex(logRates, x);
      const f = (x - at(logRates, i - 1)) / (at(logRates, i) - at(logRates, i - 1));
      return at(times, i - 1) + f * (at(times, i) - at(times, i - 1));
    },
  };
}

/** The first index i with values[i] >= x, for ascending values with values[0] < x. */
function upperIndex(values: number[], x: number): number {
  let low = 0;
  let high = values.length - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((values[mid] as number) < x) low = mid;
    else high = mid;
  }
  return high;
}
