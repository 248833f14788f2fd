import seedrandom from "seedrandom";
import { describe, expect, it } from "vitest";
import { Engine, type RandomStream, RngStreams } from "../src/index.js";

const draws = (stream: RandomStream, n: number): number[] => Array.from({ length: n }, () => stream.next());

describe("RNG streams", () => {
  it("are seedrandom's Alea seeded from `<seed>/<name>`", () => {
    const alea = seedrandom.alea("42/links");
    expect(draws(new Engine({ seed: 42 }).rng.stream("links"), 1000)).toEqual(
      Array.from({ length: 1000 }, () => alea()),
    );
  });

  it("give the same sequence for the same seed and name", () => {
    const a = new Engine({ seed: 7 }).rng.stream("flows");
    const b = new RngStreams(7).stream("flows");
    expect(draws(a, 500)).toEqual(draws(b, 500));
  });

  it("return the same stream object for the same name", () => {
    const rng = new RngStreams("s");
    expect(rng.stream("x")).toBe(rng.stream("x"));
    expect(rng.stream("x").name).toBe("x");
  });

  it("differ between names and between seeds", () => {
    const rng = new RngStreams(1);
    const a = draws(rng.stream("a"), 100);
    expect(draws(rng.stream("b"), 100)).not.toEqual(a);
    expect(draws(new RngStreams(2).stream("a"), 100)).not.toEqual(a);
  });

  it("are independent: adding a stream does not change another's draws", () => {
    const alone = new RngStreams(3);
    const expected = draws(alone.stream("main"), 200);
    const crowded = new RngStreams(3);
    const main = crowded.stream("main");
    const got = draws(main, 100);
    draws(crowded.stream("newcomer"), 1000);
    got.push(...draws(main, 100));
    expect(got).toEqual(expected);
  });
});

describe("RandomStream distributions (fixed seeds)", () => {
  const N = 100_000;

  it("next() and uniform() stay in range", () => {
    const r = new RngStreams(11).stream("u");
    let outside = 0;
    for (let i = 0; i < 10_000; i++) {
      const x = r.next();
      const y = r.uniform(-3, 5);
      if (!(x >= 0 && x < 1 && y >= -3 && y < 5)) outside++;
    }
    expect(outside).toBe(0);
  });

  it("exponential(mean) has the requested mean, within 3 standard errors", () => {
    for (const [seed, mean] of [
      [1, 1],
      [2, 1_000_000],
      [3, 2.5],
    ] as const) {
      const r = new RngStreams(seed).stream("exp");
      let sum = 0;
      let min = Number.POSITIVE_INFINITY;
      for (let i = 0; i < N; i++) {
        const x = r.exponential(mean);
        sum += x;
        min = Math.min(min, x);
      }
      expect(min).toBeGreaterThanOrEqual(0);
      const standardError = mean / Math.sqrt(N); // an exponential's sd equals its mean
      expect(Math.abs(sum / N - mean)).toBeLessThan(3 * standardError);
    }
  });

  it("uniformInt(min, max) covers both bounds and is uniform (chi-square)", () => {
    const r = new RngStreams(5).stream("int");
    const min = -3;
    const max = 6; // 10 values
    const counts = new Array<number>(max - min + 1).fill(0);
    let outside = 0;
    for (let i = 0; i < N; i++) {
      const x = r.uniformInt(min, max);
      if (Number.isInteger(x) && x >= min && x <= max) counts[x - min]! += 1;
      else outside++;
    }
    expect(outside).toBe(0);
    expect(counts.every((c) => c > 0)).toBe(true);
    const expected = N / counts.length;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(27.88); // 9 degrees of freedom, p = 0.001
    expect(r.uniformInt(4, 4)).toBe(4);
  });

  it("bernoulli(p) comes true with frequency p, within 3 standard errors", () => {
    for (const p of [0.01, 0.3, 0.5, 0.9]) {
      const r = new RngStreams(8).stream(`b${p}`);
      let hits = 0;
      for (let i = 0; i < N; i++) if (r.bernoulli(p)) hits++;
      expect(Math.abs(hits / N - p)).toBeLessThan(3 * Math.sqrt((p * (1 - p)) / N));
    }
    const r = new RngStreams(8).stream("edges");
    let wrong = 0;
    for (let i = 0; i < 1000; i++) if (r.bernoulli(0) || !r.bernoulli(1)) wrong++;
    expect(wrong).toBe(0);
  });

  it("pick() returns every element of the array", () => {
    const r = new RngStreams(9).stream("pick");
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(r.pick(["a", "b", "c"]));
    expect([...seen].sort()).toEqual(["a", "b", "c"]);
  });

  it("reject bad parameters with RangeError", () => {
    const r = new RngStreams(1).stream("bad");
    expect(() => r.exponential(0)).toThrow(RangeError);
    expect(() => r.exponential(-1)).toThrow(RangeError);
    expect(() => r.exponential(Number.NaN)).toThrow(RangeError);
    expect(() => r.uniformInt(1.5, 3)).toThrow(RangeError);
    expect(() => r.uniformInt(0, 2.5)).toThrow(RangeError);
    expect(() => r.uniformInt(5, 1)).toThrow(RangeError);
    expect(() => r.uniformInt(Number.NaN, 1)).toThrow(RangeError);
    expect(() => r.bernoulli(-0.1)).toThrow(RangeError);
    expect(() => r.bernoulli(1.1)).toThrow(RangeError);
    expect(() => r.bernoulli(Number.NaN)).toThrow(RangeError);
    expect(() => r.pick([])).toThrow(RangeError);
  });
});
