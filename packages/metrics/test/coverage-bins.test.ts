import { describe, expect, it } from "vitest";
import { CoverageBins } from "../src/index.js";

describe("CoverageBins", () => {
  it("bins the union of overlapping intervals", () => {
    const cover = new CoverageBins(100, 400);
    cover.add(50, 150); // with the next: [50, 180)
    cover.add(120, 180);
    cover.add(300, 310);
    cover.add(305, 320); // [300, 320)
    expect([...cover.fractions()]).toEqual([0.5, 0.8, 0, 0.2]);
  });

  it("covers a whole bin exactly, clips at the end, and scales a short last bin", () => {
    const cover = new CoverageBins(100, 250);
    cover.add(100, 200);
    cover.add(220, 900);
    expect([...cover.fractions()]).toEqual([0, 1, 0.6]);
  });

  it("absorbs another copy's intervals (a structured clone, as from another thread): the union of all", () => {
    const intervals: [number, number][] = [
      [50, 150],
      [120, 180],
      [300, 310],
      [305, 320],
      [390, 400],
    ];
    const whole = new CoverageBins(100, 400);
    for (const [from, to] of intervals) whole.add(from, to);
    // Split between two copies, overlapping intervals in different ones.
    const [mine, theirs] = [new CoverageBins(100, 400), new CoverageBins(100, 400)];
    intervals.forEach(([from, to], index) => {
      (index % 2 === 0 ? mine : theirs).add(from, to);
    });
    expect([...mine.fractions()]).not.toEqual([...whole.fractions()]);
    mine.absorb(structuredClone(theirs));
    expect([...mine.fractions()]).toEqual([...whole.fractions()]);
  });

  it("ignores empty intervals and rejects a bad bin width", () => {
    const cover = new CoverageBins(10, 20);
    cover.add(5, 5);
    expect([...cover.fractions()]).toEqual([0, 0]);
    expect(() => new CoverageBins(0, 10)).toThrow(/binWidth/);
  });
});
