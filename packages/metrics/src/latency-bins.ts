import type { Time } from "@losslab/engine";

/**
 * Packet latencies summed in fixed time bins by delivery time: the mean latency of the
 * packets delivered in each bin, the curve of ferrer-2012's latency-versus-time figures
 * (latency counted from generation, sec. 5.2 footnote 7).
 */
export class LatencyBins {
  /** Sum of the latencies (ps) of the packets delivered in each bin. */
  readonly sums: Float64Array;
  /** Packets delivered in each bin. */
  readonly counts: Float64Array;
  /** Packets delivered, including any after `end`. */
  count = 0;
  /** Largest latency seen, ps. */
  max = 0;

  constructor(
    /** Width of a bin in picoseconds. */
    readonly binWidth: Time,
    /** End of the recorded interval; later deliveries count only in `count` and `max`. */
    readonly end: Time,
  ) {
    if (!(binWidth > 0) || !Number.isInteger(binWidth)) {
      throw new RangeError(`LatencyBins: binWidth must be a positive integer number of ps, got ${binWidth}`);
    }
    if (!(end > 0) || !Number.isFinite(end)) {
      throw new RangeError(`LatencyBins: end must be a positive time in ps, got ${end}`);
    }
    const bins = Math.ceil(end / binWidth);
    this.sums = new Float64Array(bins);
    this.counts = new Float64Array(bins);
  }

  /** A packet delivered at `time` after `latency` ps. */
  add(time: Time, latency: Time): void {
    this.count++;
    if (latency > this.max) this.max = latency;
    const bin = Math.floor(time / this.binWidth);
    if (time < this.end && bin >= 0) {
      this.sums[bin]! += latency;
      this.counts[bin]!++;
    }
  }

  /** Adds `other`'s deliveries (the same binning, or its structured clone from another thread). */
  absorb(other: LatencyBins): void {
    this.count += other.count;
    if (other.max > this.max) this.max = other.max;
    for (let bin = 0; bin < this.sums.length; bin++) {
      this.sums[bin]! += other.sums[bin]!;
      this.counts[bin]! += other.counts[bin]!;
    }
  }

  /** Mean latency (ps) of the packets delivered in the bins that start in [from, to); NaN if none. */
  mean(from: Time, to: Time): number {
    if (!(to > from)) throw new RangeError(`LatencyBins.mean: need from < to, got [${from}, ${to})`);
    let sum = 0;
    let count = 0;
    const last = Math.min(this.sums.length, Math.ceil(to / this.binWidth));
    for (let bin = Math.max(0, Math.ceil(from / this.binWidth)); bin < last; bin++) {
      sum += this.sums[bin]!;
      count += this.counts[bin]!;
    }
    return count === 0 ? Number.NaN : sum / count;
  }

  /**
   * Mean latency per bin as [bin start, mean] points (ps, ps), one point per bin that saw a
   * delivery. `every` > 1 merges that many bins into one point.
   */
  series(every = 1): Array<[Time, number]> {
    if (!Number.isInteger(every) || every < 1)
      throw new RangeError(`LatencyBins.series: every must be a positive integer, got ${every}`);
    const points: Array<[Time, number]> = [];
    for (let first = 0; first < this.sums.length; first += every) {
      let sum = 0;
      let count = 0;
      for (let bin = first; bin < Math.min(first + every, this.sums.length); bin++) {
        sum += this.sums[bin]!;
        count += this.counts[bin]!;
      }
      if (count > 0) points.push([first * this.binWidth, sum / count]);
    }
    return points;
  }
}
