import { PS_PER_S, type Time } from "@losslab/engine";
import type { ByteCounter } from "./byte-counter.js";

export interface SlidingWindowOptions {
  /** Window length (santos-2002 plots: 2 ms). */
  window: Time;
  /** Distance between points. */
  step: Time;
  /** First and last centre (defaults: half a window from either end of the counter). */
  from?: Time;
  to?: Time;
  /** Divide by this rate (bytes/s) to get a fraction of a link (utilization). Default 1: bytes/s. */
  per?: number;
}

/**
 * Rate series with a window centred on each point, as in the papers' time plots
 * ("computed considering the number of packets transmitted in a sliding time window of
 * duration 2ms centered on the corresponding time point", santos-2002 sec. 3).
 * Returns [time in ps, rate] pairs.
 */
export function slidingWindow(counter: ByteCounter, options: SlidingWindowOptions): Array<[Time, number]> {
  const { window, step } = options;
  if (!(window > 0) || !(step > 0)) throw new RangeError("slidingWindow: window and step must be > 0");
  const half = window / 2;
  const from = options.from ?? half;
  const to = options.to ?? counter.end - half;
  const per = options.per ?? 1;
  const points: Array<[Time, number]> = [];
  for (let centre = from; centre <= to; centre += step) {
    const start = Math.max(0, centre - half);
    const end = Math.min(counter.end, centre + half);
    const rate = (counter.bytesBetween(start, end) * PS_PER_S) / (end - start);
    points.push([centre, rate / per]);
  }
  return points;
}
