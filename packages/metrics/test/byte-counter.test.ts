/** ByteCounter: bytes in fixed time bins, partial-bin sums, rates, and sums of counters. */
import { PacketKind, PacketStore } from "@losslab/core";
import { describe, expect, it } from "vitest";
import { ByteCounter } from "../src/index.js";

/**
 * Bins of 1000 ps over [0, 10,000): bin 0 = 200 B (at 0 and 999), bin 1 = 50 B (at 1000),
 * bin 2 = 300 B (at 2500), bin 9 = 10 B (at 9999); 1000 B at 10,000, past the end.
 */
function sample(): ByteCounter {
  const counter = new ByteCounter(1000, 10_000);
  counter.add(0, 100);
  counter.add(999, 100);
  counter.add(1000, 50);
  counter.add(2500, 300);
  counter.add(9999, 10);
  counter.add(10_000, 1000);
  return counter;
}

describe("ByteCounter", () => {
  it("puts bytes in the bin of their time; bytes at or after the end only in the total", () => {
    const counter = sample();
    expect(Array.from(counter.bins)).toEqual([200, 50, 300, 0, 0, 0, 0, 0, 0, 10]);
    expect(counter.total).toBe(1560);
  });

  it("has ceil(end / binWidth) bins", () => {
    expect(new ByteCounter(1000, 10_000).bins).toHaveLength(10);
    expect(new ByteCounter(1000, 10_001).bins).toHaveLength(11);
    expect(new ByteCounter(10_000_000, 100_000_000_000).bins).toHaveLength(10_000); // 10 us bins over 100 ms
  });

  it("counts bytes after the end only in the total even when the end cuts a bin", () => {
    // end 2500 with 1000 ps bins: the last bin covers [2000, 2500) of the recorded interval.
    const counter = new ByteCounter(1000, 2500);
    counter.add(2400, 7);
    counter.add(2700, 100); // after the end
    expect(Array.from(counter.bins)).toEqual([0, 0, 7]);
    expect(counter.total).toBe(107);
  });

  it("bytesBetween counts whole bins and the covered part of partial ones", () => {
    const counter = sample();
    expect(counter.bytesBetween(0, 10_000)).toBe(560);
    expect(counter.bytesBetween(0, 1000)).toBe(200);
    // [500, 2250): half of bin 0 (100) + bin 1 (50) + a quarter of bin 2 (75) = 225.
    expect(counter.bytesBetween(500, 2250)).toBe(225);
    // [1250, 1750): half of bin 1 = 25.
    expect(counter.bytesBetween(1250, 1750)).toBe(25);
    // Outside [0, end) there is nothing to count.
    expect(counter.bytesBetween(-500, 1000)).toBe(200);
    expect(counter.bytesBetween(9000, 20_000)).toBe(10);
    expect(counter.bytesBetween(10_000, 20_000)).toBe(0);
  });

  it("rate is bytes per second over the interval", () => {
    const counter = sample();
    // 250 B in 2000 ps = 250 / 2e-9 s = 1.25e11 B/s.
    expect(counter.rate(0, 2000)).toBe(1.25e11);
    // 225 B in 1750 ps.
    expect(counter.rate(500, 2250)).toBeCloseTo((225 * 1e12) / 1750, 3);
  });

  it("rejects a bad bin width or an empty interval", () => {
    for (const width of [0, -1000, 1.5, Number.NaN]) {
      expect(() => new ByteCounter(width, 10_000)).toThrow(RangeError);
    }
    expect(() => new ByteCounter(0, 1)).toThrow(/binWidth must be a positive integer number of ps, got 0/);
    const counter = sample();
    expect(() => counter.bytesBetween(5000, 5000)).toThrow(RangeError);
    expect(() => counter.bytesBetween(5000, 4000)).toThrow("bytesBetween: need from < to, got [5000, 4000)");
    expect(() => counter.rate(1, 1)).toThrow(RangeError);
  });

  it("transmissionListener counts a packet when its last byte leaves, filtered if asked", () => {
    const factory = new PacketStore();
    const packet = (kind: (typeof PacketKind)[keyof typeof PacketKind], size: number) =>
      factory.create({ kind, flow: 0, source: 0, destination: 1, size, seq: 0, createdAt: 0 });
    const all = new ByteCounter(1000, 10_000);
    const data = new ByteCounter(1000, 10_000);
    const listenAll = all.transmissionListener();
    const listenData = data.transmissionListener((packets, p) => packets.kind(p) === PacketKind.Data);
    for (const [p, start, end] of [
      [packet(PacketKind.Data, 2068), 0, 2068],
      [packet(PacketKind.Ack, 20), 2068, 2088],
    ] as const) {
      listenAll(factory, p, start, end);
      listenData(factory, p, start, end);
    }
    expect(Array.from(all.bins.slice(0, 3))).toEqual([0, 0, 2088]);
    expect(Array.from(data.bins.slice(0, 3))).toEqual([0, 0, 2068]);
  });
});

describe("ByteCounter.sum", () => {
  it("adds the bins and totals of counters with equal binning", () => {
    const a = sample();
    const b = new ByteCounter(1000, 10_000);
    b.add(1500, 5);
    b.add(20_000, 1);
    const sum = ByteCounter.sum([a, b]);
    expect(Array.from(sum.bins)).toEqual([200, 55, 300, 0, 0, 0, 0, 0, 0, 10]);
    expect(sum.total).toBe(1566); // 1560 + 5 + 1
    expect([sum.binWidth, sum.end]).toEqual([1000, 10_000]);
    // The inputs are left alone.
    expect(Array.from(b.bins)).toEqual([0, 5, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("rejects no counters, or counters binned differently", () => {
    expect(() => ByteCounter.sum([])).toThrow("ByteCounter.sum needs at least one counter");
    expect(() => ByteCounter.sum([new ByteCounter(1000, 10_000), new ByteCounter(500, 10_000)])).toThrow(
      "ByteCounter.sum: counters have different binning",
    );
    expect(() => ByteCounter.sum([new ByteCounter(1000, 10_000), new ByteCounter(1000, 20_000)])).toThrow(RangeError);
  });
});
