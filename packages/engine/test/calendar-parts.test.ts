import { describe, expect, it } from "vitest";
import { EVENTS_PER_BUCKET, HEAD_SAMPLE, headSpacing, MAX_WIDTH, MIN_WIDTH, widthFor } from "../src/bucket-width.js";
import { mergeRuns } from "../src/sort-runs.js";

describe("bucket width", () => {
  it("is the smallest power of two covering EVENTS_PER_BUCKET average separations", () => {
    expect(widthFor(1000, 3)).toBe(4096);
    expect(widthFor(1024, 1)).toBe(1024);
    expect(widthFor(1025, 1)).toBe(2048);
    expect(widthFor(10)).toBe(2 ** Math.ceil(Math.log2(10 * EVENTS_PER_BUCKET)));
    expect(widthFor(0)).toBe(MIN_WIDTH);
    expect(widthFor(Number.NaN)).toBe(MIN_WIDTH);
    expect(widthFor(1e300)).toBe(MAX_WIDTH);
  });

  it("follows Brown: the head's mean gap, ignoring gaps over twice the mean", () => {
    expect(headSpacing(Float64Array.of(5))).toBe(0);
    expect(headSpacing(Float64Array.of(7, 7, 7, 7))).toBe(0);
    expect(headSpacing(Float64Array.of(0, 10, 20, 30))).toBe(10);
    // One far outlier behind a regular head does not stretch the estimate.
    const head = Float64Array.from({ length: HEAD_SAMPLE }, (_, i) => (i < HEAD_SAMPLE - 1 ? 3 * i : 1e9));
    expect(headSpacing(head)).toBe(3);
  });
});

describe("mergeRuns", () => {
  it("sorts runs by time, stably", () => {
    const times = Float64Array.of(5, 9, 1, 5, 5, 2, 0, 9);
    // runs: [0, 1] (5, 9), [2, 3, 4] (1, 5, 5), [5] (2), [6, 7] (0, 9)
    const sorted = mergeRuns(Int32Array.of(0, 1, 2, 3, 4, 5, 6, 7), Int32Array.of(0, 2, 5, 6, 8), 4, times);
    expect(Array.from(sorted)).toEqual([6, 2, 5, 0, 3, 4, 1, 7]);
  });

  it("handles no run and a single run", () => {
    expect(Array.from(mergeRuns(new Int32Array(0), Int32Array.of(0), 0, new Float64Array(0)))).toEqual([]);
    const one = Int32Array.of(1, 0);
    expect(Array.from(mergeRuns(one, Int32Array.of(0, 2), 1, Float64Array.of(4, 3)))).toEqual([1, 0]);
  });
});
