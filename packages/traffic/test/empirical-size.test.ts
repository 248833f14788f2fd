/**
 * The `cdf` size distribution: the shipped WebSearch and Hadoop CDFs, explicit points, the
 * exact mean, sampling by inverse CDF with linear interpolation, and what it offers under a
 * Poisson generator at a target load.
 */
import { Engine, ms, PS_PER_S } from "@losslab/engine";
import { runGenerators } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { type MessageSize, poisson, sizeDistributions } from "../src/index.js";

const cdf = (spec: object): MessageSize => sizeDistributions.create({ kind: "cdf", ...spec }, { path: "size" }, "size");

/** `count` draws from a fresh stream of a seeded engine. */
function draws(size: MessageSize, count: number, seed = 1): number[] {
  const stream = new Engine({ seed }).rng.stream("test/sizes");
  return Array.from({ length: count }, () => size.draw(stream));
}

/**
 * E[X^2] of the piecewise-linear CDF (before rounding up to whole bytes): uniform on each
 * segment (a, b] with mass m, whose second moment is (a^2 + ab + b^2) / 3. Rounding up moves
 * each size by less than a byte, which changes the variance by less than 2 E[X] + 1: a
 * relative 2e-7 of WebSearch's, 2e-6 of Hadoop's; left out.
 */
function secondMoment(points: readonly (readonly [number, number])[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    const [a, p0] = points[i - 1] as [number, number];
    const [b, p1] = points[i] as [number, number];
    sum += ((p1 - p0) * (a * a + a * b + b * b)) / 3;
  }
  return sum;
}

/** The points of the shipped files (src/data/*.json), re-typed here from the papers' CDFs as HPCC lists them. */
const websearchPoints = [
  [0, 0],
  [10000, 0.15],
  [20000, 0.2],
  [30000, 0.3],
  [50000, 0.4],
  [80000, 0.53],
  [200000, 0.6],
  [1000000, 0.7],
  [2000000, 0.8],
  [5000000, 0.9],
  [10000000, 0.97],
  [30000000, 1],
] as const;
const hadoopPoints = [
  [0, 0],
  [100, 0.01],
  [200, 0.02],
  [300, 0.05],
  [350, 0.15],
  [400, 0.2],
  [500, 0.3],
  [600, 0.4],
  [700, 0.5],
  [1000, 0.6],
  [2000, 0.67],
  [7000, 0.7],
  [30000, 0.72],
  [50000, 0.82],
  [80000, 0.87],
  [120000, 0.9],
  [300000, 0.95],
  [1000000, 0.975],
  [2000000, 0.99],
  [10000000, 1],
] as const;

/** Sample median (the lower middle of an even count). */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
}

const n = 200_000;
// The sample median's rank error: the count of draws <= the true median is Binomial(n, 1/2),
// standard deviation sqrt(n / 4); 4 of them in probability is delta = 4 sqrt(1 / (4n)).
const delta = 4 * Math.sqrt(1 / (4 * n)); // 0.00447

describe("cdf: websearch (DCTCP, SIGCOMM 2010, Fig. 4)", () => {
  const size = cdf({ distribution: "websearch" });
  const sample = draws(size, n);

  it("has the mean of its points, by hand, plus half a byte for rounding up", () => {
    // Sum of segment mass x midpoint: 0.15 x 5000 + 0.05 x 15000 + 0.10 x 25000 + 0.10 x 40000
    // + 0.13 x 65000 + 0.07 x 140000 + 0.10 x 600000 + 0.10 x 1.5e6 + 0.10 x 3.5e6 + 0.07 x 7.5e6
    // + 0.03 x 2e7 = 750 + 750 + 2500 + 4000 + 8450 + 9800 + 60000 + 150000 + 350000 + 525000
    // + 600000 = 1,711,250 bytes; ceil adds 1/2 on every segment: 1,711,250.5.
    expect(size.mean).toBeCloseTo(1_711_250.5, 3);
  });

  it("draws whole sizes from 1 byte to 30 MB with the mean within 4 standard errors", () => {
    expect(sample.every((bytes) => Number.isInteger(bytes) && bytes >= 1 && bytes <= 30_000_000)).toBe(true);
    const sd = Math.sqrt(secondMoment(websearchPoints) - 1_711_250 ** 2); // about 3.97e6
    const mean = sample.reduce((sum, bytes) => sum + bytes, 0) / n;
    expect(Math.abs(mean - size.mean)).toBeLessThanOrEqual((4 * sd) / Math.sqrt(n)); // 35.5 kB
  });

  it("has its median where the CDF crosses 1/2, between 50 kB (0.40) and 80 kB (0.53)", () => {
    // Inside that segment the quantile of q is 50000 + 30000 (q - 0.40) / 0.13: 73,077 at 1/2;
    // the sample median lies between the quantiles of 1/2 -+ delta (72,045 .. 74,109), rounded up.
    const quantile = (q: number) => 50000 + (30000 * (q - 0.4)) / 0.13;
    const m = median(sample);
    expect(m).toBeGreaterThanOrEqual(Math.ceil(quantile(0.5 - delta)));
    expect(m).toBeLessThanOrEqual(Math.ceil(quantile(0.5 + delta)));
  });

  it("puts 15% of sizes at or under 10 kB and 3% above 10 MB (the CDF's points)", () => {
    const under10k = sample.filter((bytes) => bytes <= 10_000).length;
    const over10M = sample.filter((bytes) => bytes > 10_000_000).length;
    expect(Math.abs(under10k - 0.15 * n)).toBeLessThanOrEqual(4 * Math.sqrt(n * 0.15 * 0.85));
    expect(Math.abs(over10M - 0.03 * n)).toBeLessThanOrEqual(4 * Math.sqrt(n * 0.03 * 0.97));
  });

  it("is deterministic per seed, and differs between seeds", () => {
    expect(draws(size, 1000, 1)).toEqual(sample.slice(0, 1000));
    expect(draws(size, 1000, 2)).not.toEqual(sample.slice(0, 1000));
  });
});

describe("cdf: hadoop (Facebook, SIGCOMM 2015)", () => {
  const size = cdf({ distribution: "hadoop" });
  const sample = draws(size, n);

  it("has the mean of its points, by hand, plus half a byte", () => {
    // 0.01 x 50 + 0.01 x 150 + 0.03 x 250 + 0.10 x 325 + 0.05 x 375 + 0.10 x 450 + 0.10 x 550
    // + 0.10 x 650 + 0.10 x 850 + 0.07 x 1500 + 0.03 x 4500 + 0.02 x 18500 + 0.10 x 40000
    // + 0.05 x 65000 + 0.03 x 100000 + 0.05 x 210000 + 0.025 x 650000 + 0.015 x 1.5e6
    // + 0.01 x 6e6 = 120,420.75 bytes; plus 1/2: 120,421.25.
    expect(size.mean).toBeCloseTo(120_421.25, 3);
  });

  it("draws whole sizes from 1 byte to 10 MB with the mean within 4 standard errors", () => {
    expect(sample.every((bytes) => Number.isInteger(bytes) && bytes >= 1 && bytes <= 10_000_000)).toBe(true);
    const sd = Math.sqrt(secondMoment(hadoopPoints) - 120_420.75 ** 2); // about 7.4e5
    const mean = sample.reduce((sum, bytes) => sum + bytes, 0) / n;
    expect(Math.abs(mean - size.mean)).toBeLessThanOrEqual((4 * sd) / Math.sqrt(n));
  });

  it("has its median at 700 B, where the CDF is exactly 1/2", () => {
    // Below 700 the quantile is 600 + 1000 (q - 0.4); above, 700 + 3000 (q - 0.5): the sample
    // median lies in [600 + 1000 (0.1 - delta), 700 + 3000 delta] = [695.5, 713.4], rounded up.
    const m = median(sample);
    expect(m).toBeGreaterThanOrEqual(Math.ceil(600 + 1000 * (0.1 - delta)));
    expect(m).toBeLessThanOrEqual(Math.ceil(700 + 3000 * delta));
  });
});

describe("cdf: the shipped files", () => {
  it("hold the points above, which pass the checks of explicit points", () => {
    // Same points, same stream: the same sizes. Explicit points go through checkPoints.
    for (const [distribution, points] of [
      ["websearch", websearchPoints],
      ["hadoop", hadoopPoints],
    ] as const) {
      const shipped = cdf({ distribution });
      const explicit = cdf({ points });
      expect(shipped.mean).toBe(explicit.mean);
      expect(draws(shipped, 10_000)).toEqual(draws(explicit, 10_000));
    }
  });
});

describe("cdf: explicit points", () => {
  it("interpolates linearly: [[1000, 0], [3000, 1]] is uniform on 1001..3000, mean 2000.5", () => {
    const size = cdf({
      points: [
        [1000, 0],
        [3000, 1],
      ],
    });
    expect(size.mean).toBe(2000.5);
    const sample = draws(size, n);
    expect(sample.reduce((low, bytes) => Math.min(low, bytes))).toBe(1001);
    expect(sample.reduce((high, bytes) => Math.max(high, bytes))).toBe(3000);
    // Uniform on 2000 integers: variance (2000^2 - 1) / 12, sd 577.
    const mean = sample.reduce((sum, bytes) => sum + bytes, 0) / n;
    expect(Math.abs(mean - 2000.5)).toBeLessThanOrEqual((4 * Math.sqrt((2000 ** 2 - 1) / 12)) / Math.sqrt(n));
    // Each half of the range holds half the draws.
    const low = sample.filter((bytes) => bytes <= 2000).length;
    expect(Math.abs(low - n / 2)).toBeLessThanOrEqual(4 * Math.sqrt(n / 4));
  });

  it("makes a first point of positive probability an atom, and skips segments of no mass", () => {
    // P(256) = 0.5; nothing in (256, 1000]; the rest uniform on 9001..10000.
    const size = cdf({
      points: [
        [256, 0.5],
        [1000, 0.5],
        [9000, 0.5],
        [10000, 1],
      ],
    });
    expect(size.mean).toBe(0.5 * 256 + 0.5 * 9500.5);
    const sample = draws(size, 20_000);
    const atoms = sample.filter((bytes) => bytes === 256).length;
    expect(sample.every((bytes) => bytes === 256 || (bytes > 9000 && bytes <= 10000))).toBe(true);
    expect(Math.abs(atoms - 10_000)).toBeLessThanOrEqual(4 * Math.sqrt(20_000 / 4));
  });

  it("rejects bad points naming the field and index", () => {
    const reject = (points: unknown) => () =>
      sizeDistributions.create({ kind: "cdf", points }, { path: "traffic[0].size" }, "traffic[0].size");
    expect(
      reject([
        [0, 0],
        [10, 50],
        [20, 100],
      ]),
    ).toThrow("traffic[0].size.points[1][1] (a cumulative probability, not a percentage) must be <= 1, got 50");
    expect(
      reject([
        [0, 0],
        [10, 0.5],
        [10, 1],
      ]),
    ).toThrow("traffic[0].size.points[2][0] (bytes) must be greater than the previous point's 10, got 10");
    expect(
      reject([
        [0, 0],
        [10, 0.5],
        [20, 0.4],
        [30, 1],
      ]),
    ).toThrow("traffic[0].size.points[2][1] (probability) must be >= the previous point's 0.5, got 0.4");
    expect(
      reject([
        [0, 0],
        [10, 0.5],
        [20, 0.9],
      ]),
    ).toThrow("traffic[0].size.points[2][1] (the last point's probability) must be 1, got 0.9");
    expect(
      reject([
        [0, 0],
        [10.5, 0.5],
        [20, 1],
      ]),
    ).toThrow("traffic[0].size.points[1][0] (bytes) must be an integer from 0 to 1073741824, got 10.5");
    expect(
      reject([
        [0, 0.1],
        [10, 1],
      ]),
    ).toThrow("traffic[0].size.points[0][1] must be 0 at 0 bytes (a message has at least 1 byte), got 0.1");
    expect(
      reject([
        [0, 0, 1],
        [10, 1],
      ]),
    ).toThrow("traffic[0].size.points[0] must be a list of 2 items");
    expect(
      reject([
        [0, -1],
        [10, 1],
      ]),
    ).toThrow("traffic[0].size.points[0][1] must be a number >= 0, got -1");
    expect(reject([[10, 1]])).toThrow("traffic[0].size.points must be a list of 2 to 10000 items");
  });

  it("needs exactly one of distribution and points", () => {
    expect(() => cdf({})).toThrow(
      'size must have exactly one of "distribution" (websearch, hadoop) or "points", got neither',
    );
    expect(() =>
      cdf({
        distribution: "websearch",
        points: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toThrow(/got both/);
    expect(() => cdf({ distribution: "storage" })).toThrow('size.distribution must be one of "websearch", "hadoop"');
  });
});

describe("poisson + cdf websearch at a target load", () => {
  it("offers the target load within 3 standard deviations of a compound Poisson count", () => {
    // 16 hosts on 10 Gb/s links (1.25e9 B/s) at load 0.3 for 15 s: each source's messages
    // arrive at rate 0.3 x 1.25e9 / 1,711,250.5 = 219.1/s, so N = 16 x 15 x 219.1 = 52,590
    // expected messages. The bytes offered are compound Poisson: mean load x bandwidth x T x 16
    // = 9e10, variance N x E[X^2]; sd about sqrt(52590 x 1.87e13) = 9.9e8, 1.1% of the mean.
    const hosts = Array.from({ length: 16 }, (_, i) => `H${i}`);
    const bandwidth = 1.25e9;
    const load = 0.3;
    const endTime = ms(15_000);
    const { sink } = runGenerators(
      poisson({
        load,
        size: { kind: "cdf", distribution: "websearch" },
        destinations: { kind: "uniform" },
      }),
      { hosts, bandwidth, endTime },
    );
    const seconds = endTime / PS_PER_S;
    const meanBytes = 1_711_250.5;
    const expectedMessages = (hosts.length * load * bandwidth * seconds) / meanBytes;
    const offered = sink.messages.reduce((sum, m) => sum + m.bytes, 0);
    const sd = Math.sqrt(expectedMessages * secondMoment(websearchPoints));
    expect(Math.abs(offered - hosts.length * load * bandwidth * seconds)).toBeLessThanOrEqual(3 * sd);
    // Uniform destinations never pick the source.
    expect(sink.messages.every((m) => m.destination !== m.source)).toBe(true);
    expect(new Set(sink.messages.map((m) => m.destination)).size).toBe(16);
  });
});
