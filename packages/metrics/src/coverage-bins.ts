import type { Time } from "@losslab/engine";

/**
 * How much of each time bin is covered by at least one of a set of intervals: e.g. the
 * time some packet of a flow group was waiting at its source (generated, not yet
 * injected), to tell a source that had nothing to send from one held back by its
 * congestion control (ferrer-2012 sec. 5.2.3, Fig. 16's gaps).
 */
export class CoverageBins {
  private starts: number[] = [];
  private ends: number[] = [];

  constructor(
    /** Width of a bin in picoseconds. */
    readonly binWidth: Time,
    /** End of the recorded interval. */
    readonly end: Time,
  ) {
    if (!(binWidth > 0) || !Number.isInteger(binWidth)) {
      throw new RangeError(`CoverageBins: binWidth must be a positive integer number of ps, got ${binWidth}`);
    }
    if (!(end > 0) || !Number.isFinite(end)) {
      throw new RangeError(`CoverageBins: end must be a positive time in ps, got ${end}`);
    }
  }

  /** The interval [from, to) is covered; empty intervals are ignored. */
  add(from: Time, to: Time): void {
    if (to > from) {
      this.starts.push(from);
      this.ends.push(to);
    }
  }

  /**
   * Adds the intervals `other` recorded (or its structured clone, from another thread): a run
   * split over threads records each packet's wait where it is delivered. The union does not
   * depend on the order the intervals came in, so neither do the fractions.
   */
  absorb(other: CoverageBins): void {
    for (let i = 0; i < other.starts.length; i++) this.add(other.starts[i]!, other.ends[i]!);
  }

  /** Covered fraction (0..1) of each bin from 0 to `end`: the union of the intervals, binned. */
  fractions(): Float64Array {
    const w = this.binWidth;
    const bins = new Float64Array(Math.ceil(this.end / w));
    const order = this.starts.map((_, i) => i).sort((a, b) => this.starts[a]! - this.starts[b]!);
    let from = -1;
    let to = -1;
    const cover = (a: Time, b: Time) => {
      for (let t = Math.max(0, a); t < Math.min(b, this.end); ) {
        const bin = Math.floor(t / w);
        const binEnd = Math.min((bin + 1) * w, this.end);
        const next = Math.min(b, binEnd);
        bins[bin]! += next - t;
        t = next;
      }
    };
    for (const i of order) {
      const start = this.starts[i]!;
      const stop = this.ends[i]!;
      if (start > to) {
        if (to > from) cover(from, to);
        from = start;
        to = stop;
      } else if (stop > to) to = stop;
    }
    if (to > from) cover(from, to);
    for (let bin = 0; bin < bins.length; bin++) bins[bin]! /= Math.min(w, this.end - bin * w);
    return bins;
  }
}
