import type { Packet, PacketReader, TransmissionListener } from "@losslab/core";
import { PS_PER_S, type Time } from "@losslab/engine";

/**
 * Bytes counted in fixed time bins from 0 to `end`: the raw material of every rate in
 * losslab. A packet counts in the bin where its last byte passes (santos-2002 sec. 3
 * computes rates from "the number of packets transmitted" in a window).
 */
export class ByteCounter {
  readonly bins: Float64Array;
  /** Total bytes counted, including any after `end`. */
  total = 0;

  constructor(
    /** Width of a bin in picoseconds. */
    readonly binWidth: Time,
    /** End of the recorded interval; bytes after it count only in `total`. */
    readonly end: Time,
  ) {
    this.bins = new Float64Array(binCount("ByteCounter", binWidth, end));
  }

  add(time: Time, bytes: number): void {
    this.total += bytes;
    const bin = Math.floor(time / this.binWidth);
    if (time < this.end && bin >= 0) this.bins[bin]! += bytes;
  }

  /** A listener for a link's transmissions: counts each packet when its last byte leaves. */
  transmissionListener(filter?: (packets: PacketReader, packet: Packet) => boolean): TransmissionListener {
    return (packets, packet, _start, end) => {
      if (filter === undefined || filter(packets, packet)) this.add(end, packets.size(packet));
    };
  }

  /** Bytes in [from, to), counting a partly covered bin in proportion to the part covered. */
  bytesBetween(from: Time, to: Time): number {
    return binnedBytes(this.bins, 0, 1, this.bins.length, this.binWidth, this.end, from, to);
  }

  /** Mean rate in bytes per second over [from, to). */
  rate(from: Time, to: Time): number {
    return (this.bytesBetween(from, to) * PS_PER_S) / (to - from);
  }

  /** Adds the bins of several counters with equal binning (a group of flows). */
  /**
   * Adds `other`'s bytes (a counter of the same binning, or its structured clone from another
   * thread): the counters of the parts of a split run, each fed by its own devices.
   */
  absorb(other: ByteCounter): void {
    this.total += other.total;
    for (let bin = 0; bin < this.bins.length; bin++) this.bins[bin]! += other.bins[bin]!;
  }

  static sum(counters: readonly ByteCounter[]): ByteCounter {
    const first = counters[0];
    if (first === undefined) throw new RangeError("ByteCounter.sum needs at least one counter");
    const result = new ByteCounter(first.binWidth, first.end);
    for (const counter of counters) {
      if (counter.binWidth !== first.binWidth || counter.bins.length !== first.bins.length) {
        throw new RangeError("ByteCounter.sum: counters have different binning");
      }
      result.total += counter.total;
      for (let i = 0; i < counter.bins.length; i++) result.bins[i]! += counter.bins[i]!;
    }
    return result;
  }
}

/** The bins of `binWidth` ps from 0 to `end`; throws naming `owner` if either is not a positive time. */
export function binCount(owner: string, binWidth: Time, end: Time): number {
  if (!(binWidth > 0) || !Number.isInteger(binWidth)) {
    throw new RangeError(`${owner}: binWidth must be a positive integer number of ps, got ${binWidth}`);
  }
  if (!(end > 0) || !Number.isFinite(end))
    throw new RangeError(`${owner}: end must be a positive time in ps, got ${end}`);
  return Math.ceil(end / binWidth);
}

/**
 * Bytes in [from, to) of the counts `bins[offset + bin * stride]` for `count` bins of
 * `binWidth` ps up to `end`, a partly covered bin counting in proportion to the part covered:
 * `ByteCounter.bytesBetween`, and a meter of a `ByteCounters` table read in place.
 */
export function binnedBytes(
  bins: Float64Array,
  offset: number,
  stride: number,
  count: number,
  binWidth: Time,
  end: Time,
  from: Time,
  to: Time,
): number {
  if (!(to > from)) throw new RangeError(`bytesBetween: need from < to, got [${from}, ${to})`);
  let bytes = 0;
  const first = Math.max(0, Math.floor(from / binWidth));
  const last = Math.min(count - 1, Math.ceil(to / binWidth) - 1);
  for (let bin = first; bin <= last; bin++) {
    const start = bin * binWidth;
    const binEnd = Math.min(start + binWidth, end); // the last bin may be cut short by `end`
    const covered = Math.min(to, binEnd) - Math.max(from, start);
    if (covered > 0) bytes += (bins[offset + bin * stride]! * covered) / (binEnd - start);
  }
  return bytes;
}
