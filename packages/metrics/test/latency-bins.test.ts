import { describe, expect, it } from "vitest";
import { LatencyBins } from "../src/index.js";

describe("LatencyBins", () => {
  it("averages the latencies of the packets delivered in each bin", () => {
    const bins = new LatencyBins(100, 400);
    bins.add(10, 5);
    bins.add(90, 15); // bin 0: mean 10
    bins.add(250, 40); // bin 2: mean 40
    bins.add(450, 1000); // after the end: counted, not binned
    expect(bins.series()).toEqual([
      [0, 10],
      [200, 40],
    ]);
    expect(bins.count).toBe(4);
    expect(bins.max).toBe(1000);
  });

  it("takes the mean over whole bins starting in [from, to), NaN without deliveries", () => {
    const bins = new LatencyBins(100, 400);
    bins.add(10, 5);
    bins.add(150, 20);
    bins.add(160, 50);
    expect(bins.mean(0, 400)).toBe(25);
    expect(bins.mean(100, 200)).toBe(35);
    expect(bins.mean(300, 400)).toBeNaN();
  });

  it("merges bins into coarser points", () => {
    const bins = new LatencyBins(100, 400);
    bins.add(10, 10);
    bins.add(150, 30);
    bins.add(150, 30);
    expect(bins.series(2)).toEqual([[0, 70 / 3]]);
  });

  it("rejects a bin width that is not a positive integer", () => {
    expect(() => new LatencyBins(0.5, 10)).toThrow(/binWidth/);
    expect(() => new LatencyBins(10, 0)).toThrow(/end/);
    expect(() => new LatencyBins(10, 100).series(0)).toThrow(/every/);
  });
});
