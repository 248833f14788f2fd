/**
 * slidingWindow: rates in a window centred on each point (santos-2002 sec. 3: "a sliding
 * time window of duration 2ms centered on the corresponding time point").
 */
import { describe, expect, it } from "vitest";
import { ByteCounter, slidingWindow } from "../src/index.js";

/** Bins of 1000 ps over [0, 10,000): [200, 50, 300, 0, 0, 0, 0, 0, 0, 10]. */
function sample(): ByteCounter {
  const counter = new ByteCounter(1000, 10_000);
  counter.add(0, 200);
  counter.add(1000, 50);
  counter.add(2000, 300);
  counter.add(9000, 10);
  return counter;
}

describe("slidingWindow", () => {
  it("by default centres windows from half a window after 0 to half a window before the end", () => {
    // Window 2000 ps: centres 1000, 2000, ..., 9000; each rate = bytes in [c - 1000, c + 1000) / 2000 ps.
    const points = slidingWindow(sample(), { window: 2000, step: 1000 });
    expect(points).toEqual([
      [1000, 1.25e11], // bins 0 + 1 = 250 B
      [2000, 1.75e11], // bins 1 + 2 = 350 B
      [3000, 1.5e11], // bin 2 = 300 B
      [4000, 0],
      [5000, 0],
      [6000, 0],
      [7000, 0],
      [8000, 0],
      [9000, 5e9], // bin 9 = 10 B
    ]);
  });

  it("counts the covered part of bins when windows do not line up with them", () => {
    // Window 1000 centred on 500, 1000, 1500: [0, 1000) = 200 B, [500, 1500) = 100 + 25 B, [1000, 2000) = 50 B.
    const points = slidingWindow(sample(), { window: 1000, step: 500, from: 500, to: 1500 });
    expect(points).toEqual([
      [500, 2e11],
      [1000, 1.25e11],
      [1500, 5e10],
    ]);
  });

  it("divides by `per` to give a fraction of a link", () => {
    const points = slidingWindow(sample(), { window: 2000, step: 1000, to: 3000, per: 2.5e11 });
    expect(points).toEqual([
      [1000, 0.5],
      [2000, 0.7],
      [3000, 0.6],
    ]);
  });

  it("clips windows at the ends of the counter and divides by the clipped length", () => {
    // Centre 0: [0, 1000) only, 200 B / 1000 ps. Centre 10,000: [9000, 10,000), 10 B / 1000 ps.
    const points = slidingWindow(sample(), { window: 2000, step: 10_000, from: 0, to: 10_000 });
    expect(points).toEqual([
      [0, 2e11],
      [10_000, 1e10],
    ]);
  });

  it("gives no points when the window is longer than the counter", () => {
    expect(slidingWindow(sample(), { window: 20_000, step: 1000 })).toEqual([]);
  });

  it("rejects a window or step that is not positive", () => {
    expect(() => slidingWindow(sample(), { window: 0, step: 1000 })).toThrow(RangeError);
    expect(() => slidingWindow(sample(), { window: 2000, step: 0 })).toThrow(
      "slidingWindow: window and step must be > 0",
    );
    expect(() => slidingWindow(sample(), { window: -1, step: -1 })).toThrow(RangeError);
    expect(() => slidingWindow(sample(), { window: Number.NaN, step: 1 })).toThrow(RangeError);
  });
});
