import { PS_PER_S, type Time } from "@losslab/engine";
import { ByteCounter, binCount, binnedBytes } from "./byte-counter.js";

/**
 * The byte counters of many meters with the same bins (every link of a fabric), in one table
 * stored bin by bin: the counters a moment of the run adds to sit side by side, in a few cache
 * lines, where one `ByteCounter` per meter would touch a line of its own for each. Counts
 * exactly as a `ByteCounter` per meter would (`add`), and hands one out to read (`counter`).
 */
export class ByteCounters {
  /** Bin `bin` of meter `meter` at `bin * meters + meter`. */
  private readonly bins: Float64Array;
  private readonly totals: Float64Array;
  private readonly binsPerMeter: number;

  constructor(
    /** How many meters, numbered from 0. */
    readonly meters: number,
    /** Width of a bin in picoseconds. */
    readonly binWidth: Time,
    /** End of the recorded interval; bytes after it count only in the meter's total. */
    readonly end: Time,
  ) {
    if (!(Number.isInteger(meters) && meters >= 0)) {
      throw new RangeError(`ByteCounters: meters must be an integer >= 0, got ${meters}`);
    }
    this.binsPerMeter = binCount("ByteCounters", binWidth, end);
    this.bins = new Float64Array(this.binsPerMeter * meters);
    this.totals = new Float64Array(meters);
  }

  /** `bytes` for meter `meter` at `time` (`ByteCounter.add`). */
  add(meter: number, time: Time, bytes: number): void {
    this.totals[meter]! += bytes;
    const bin = Math.floor(time / this.binWidth);
    if (time < this.end && bin >= 0) this.bins[bin * this.meters + meter]! += bytes;
  }

  /** Meter `meter`'s mean rate in bytes per second over [from, to), read in place (`ByteCounter.rate`). */
  rate(meter: number, from: Time, to: Time): number {
    this.checkMeter(meter);
    const bytes = binnedBytes(this.bins, meter, this.meters, this.binsPerMeter, this.binWidth, this.end, from, to);
    return (bytes * PS_PER_S) / (to - from);
  }

  /** Meter `meter`'s counts so far, as a `ByteCounter` of their own (a copy). */
  counter(meter: number): ByteCounter {
    this.checkMeter(meter);
    const counter = new ByteCounter(this.binWidth, this.end);
    counter.total = this.totals[meter]!;
    for (let bin = 0; bin < this.binsPerMeter; bin++) counter.bins[bin] = this.bins[bin * this.meters + meter]!;
    return counter;
  }

  /** Adds `other`'s bytes (the same meters and binning, or its structured clone from another thread). */
  absorb(other: ByteCounters): void {
    for (let at = 0; at < this.bins.length; at++) this.bins[at]! += other.bins[at]!;
    for (let meter = 0; meter < this.meters; meter++) this.totals[meter]! += other.totals[meter]!;
  }

  private checkMeter(meter: number): void {
    if (!(Number.isInteger(meter) && meter >= 0 && meter < this.meters)) {
      throw new RangeError(`ByteCounters: no meter ${meter}; there are ${this.meters}`);
    }
  }
}
