/** ByteCounters: many meters' bins in one table, counted and read back as ByteCounter would. */
import { describe, expect, it } from "vitest";
import { ByteCounters } from "../src/index.js";

describe("ByteCounters", () => {
  it("keeps each meter's bytes in the bins of their times, apart from the other meters'", () => {
    // 3 meters, bins of 1000 ps over [0, 3000): meter 0 gets 100 B at 0 and 999 (bin 0) and
    // 50 B at 2500 (bin 2); meter 2 gets 7 B at 1000 (bin 1); meter 1 nothing.
    const counters = new ByteCounters(3, 1000, 3000);
    counters.add(0, 0, 100);
    counters.add(0, 999, 100);
    counters.add(2, 1000, 7);
    counters.add(0, 2500, 50);
    expect(Array.from(counters.counter(0).bins)).toEqual([200, 0, 50]);
    expect(Array.from(counters.counter(1).bins)).toEqual([0, 0, 0]);
    expect(Array.from(counters.counter(2).bins)).toEqual([0, 7, 0]);
    expect(counters.counter(0).total).toBe(250);
  });

  it("counts bytes at or after the end only in the total, like ByteCounter", () => {
    // end 2500 cuts the last of 3 bins; 100 B at 2700 and 40 B at 2500 are past it.
    const counters = new ByteCounters(2, 1000, 2500);
    counters.add(1, 2400, 7);
    counters.add(1, 2500, 40);
    counters.add(1, 2700, 100);
    const counter = counters.counter(1);
    expect(Array.from(counter.bins)).toEqual([0, 0, 7]);
    expect(counter.total).toBe(147);
    // Rates read from the copy: 7 B over the last bin's 500 ps recorded = 7 B in [2000, 2500).
    expect(counter.bytesBetween(2000, 2500)).toBe(7);
  });

  it("reads a meter's rate in place as its ByteCounter would, a partly covered bin in proportion", () => {
    // Meter 1: 1000 B in bin 0 [0, 1000) and 3000 B in bin 1 [1000, 2000) of 1000 ps bins.
    // Over [500, 1500): half of each bin, 500 + 1500 = 2000 B in 1000 ps = 2e12 B/s.
    const counters = new ByteCounters(2, 1000, 2000);
    counters.add(1, 100, 1000);
    counters.add(1, 1100, 3000);
    counters.add(0, 1100, 777); // another meter's bytes count for it only
    expect(counters.rate(1, 500, 1500)).toBe(2e12);
    expect(counters.rate(1, 500, 1500)).toBe(counters.counter(1).rate(500, 1500));
    expect(() => counters.rate(1, 1500, 500)).toThrow(/need from < to/);
  });

  it("hands out a copy: later counts do not change a counter already read", () => {
    const counters = new ByteCounters(1, 1000, 2000);
    counters.add(0, 10, 5);
    const before = counters.counter(0);
    counters.add(0, 20, 5);
    expect(before.total).toBe(5);
    expect(counters.counter(0).total).toBe(10);
  });

  it("refuses bad binning and unknown meters", () => {
    expect(() => new ByteCounters(1, 0, 1000)).toThrow(/ByteCounters: binWidth/);
    expect(() => new ByteCounters(1, 1000, 0)).toThrow(/ByteCounters: end/);
    expect(() => new ByteCounters(-1, 1000, 1000)).toThrow(/meters must be an integer/);
    expect(() => new ByteCounters(2, 1000, 1000).counter(2)).toThrow(/no meter 2; there are 2/);
  });
});
