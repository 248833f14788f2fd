/** Destination patterns (the _where_): uniform, permutation, fixed. */
import { ms, us } from "@losslab/engine";
import { runGenerators } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { bernoulli, type DestinationPatternSpec, poisson } from "../src/index.js";

const hosts = Array.from({ length: 10 }, (_, i) => `H${i}`);

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/**
 * Upper 1 % point of the chi-square distribution with 8 degrees of freedom (9 destinations - 1):
 * 20.090 (NIST/SEMATECH e-Handbook of Statistical Methods, sec. 1.3.6.7.4, "Critical values of
 * the chi-square distribution"; checked here against the regularized incomplete gamma function).
 */
const CHI2_8DF_P01 = 20.09;

/**
 * The sum of the 10 sources' statistics has 80 degrees of freedom; a too-regular chooser
 * (round robin) would give a sum near 0. Lower 1 % point of chi-square(80): 53.540 (same
 * table; checked the same way).
 */
const CHI2_80DF_LOWER_P01 = 53.54;

/** Every source sends one 1000-byte message per 1 us slot (load 1 at 1 GB/s). */
function everySlot(destinations: DestinationPatternSpec, endUs: number, seed = 1) {
  return runGenerators(bernoulli({ load: 1, size: { kind: "fixed", bytes: 1000 }, destinations }), {
    hosts,
    endTime: us(endUs),
    seed,
  }).sink.messages;
}

describe("uniform destinations", () => {
  const messages = everySlot({ kind: "uniform" }, 9000);

  it("never sends to the source itself", () => {
    expect(messages.length).toBe(10 * 9000);
    expect(messages.filter((m) => m.source === m.destination)).toEqual([]);
  });

  it("passes a chi-square test at p = 0.01 for every source (seed 1)", () => {
    let sum = 0;
    for (const source of hosts) {
      const counts = hosts
        .filter((host) => host !== source)
        .map((host) => messages.filter((m) => m.source === source && m.destination === host).length);
      expect(counts.reduce((a, b) => a + b)).toBe(9000);
      const statistic = chiSquare(counts);
      expect(statistic, `source ${source}: ${counts.join(" ")}`).toBeLessThan(CHI2_8DF_P01);
      sum += statistic;
    }
    expect(sum).toBeGreaterThan(CHI2_80DF_LOWER_P01); // not suspiciously even either
  });

  it("the chi-square check rejects a biased choice", () => {
    expect(chiSquare([1150, 850, 1000, 1000, 1000, 1000, 1000, 1000, 1000])).toBeGreaterThan(CHI2_8DF_P01);
    expect(chiSquare([1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000])).toBe(0);
  });

  it("chooses among the listed hosts only, still never the source", () => {
    const listed = ["H1", "H2", "H3"];
    const picked = everySlot({ kind: "uniform", hosts: listed }, 300);
    expect(new Set(picked.map((m) => m.destination))).toEqual(new Set(listed));
    expect(picked.filter((m) => m.source === m.destination)).toEqual([]);
    const fromH1 = new Set(picked.filter((m) => m.source === "H1").map((m) => m.destination));
    expect(fromH1).toEqual(new Set(["H2", "H3"]));
  });
});

describe("permutation destinations", () => {
  const imageOf = (messages: { source: string; destination: string }[]): Map<string, string> => {
    const image = new Map<string, string>();
    for (const m of messages) {
      if (image.has(m.source) && image.get(m.source) !== m.destination)
        throw new Error(`${m.source} changed destination`);
      image.set(m.source, m.destination);
    }
    return image;
  };

  it("is a derangement drawn once: each source always sends to its own distinct destination", () => {
    const image = imageOf(everySlot({ kind: "permutation" }, 500));
    expect([...image.keys()].sort()).toEqual([...hosts].sort());
    expect(new Set(image.values()).size).toBe(10); // a bijection
    for (const [source, destination] of image) expect(destination).not.toBe(source); // no fixed point
  });

  it("is the same for the same seed, and another for another seed", () => {
    const first = imageOf(everySlot({ kind: "permutation" }, 50));
    expect(imageOf(everySlot({ kind: "permutation" }, 50))).toEqual(first);
    expect(imageOf(everySlot({ kind: "permutation" }, 50, 2))).not.toEqual(first);
  });

  it("reaches every derangement of 4 hosts over many seeds (there are 9)", () => {
    const four = ["H0", "H1", "H2", "H3"];
    const seen = new Set<string>();
    for (let seed = 1; seed <= 200; seed++) {
      const { sink } = runGenerators(
        poisson({ load: 1, size: { kind: "fixed", bytes: 1000 }, destinations: { kind: "permutation" } }),
        { hosts: four, endTime: us(20), seed },
      );
      const image = imageOf(sink.messages);
      seen.add(four.map((host) => image.get(host)).join(","));
    }
    expect(seen.size).toBe(9);
  });

  it("permutes only the listed hosts", () => {
    const listed = ["H4", "H5", "H6"];
    const { sink } = runGenerators(
      bernoulli({
        sources: listed,
        load: 1,
        size: { kind: "fixed", bytes: 1000 },
        destinations: { kind: "permutation", hosts: listed },
      }),
      { hosts, endTime: us(10) },
    );
    const image = imageOf(sink.messages);
    expect(new Set(image.values())).toEqual(new Set(listed));
    for (const [source, destination] of image) expect(destination).not.toBe(source);
  });
});

describe("fixed destination", () => {
  it("sends every message to the one host", () => {
    const { sink } = runGenerators(
      bernoulli({
        sources: ["B1", "B2", "A1"],
        load: 0.5,
        size: { kind: "fixed", bytes: 2048 },
        destinations: { kind: "fixed", destination: "BC" },
      }),
      { endTime: ms(1) },
    );
    expect(sink.messages.length).toBeGreaterThan(300);
    expect(new Set(sink.messages.map((m) => m.destination))).toEqual(new Set(["BC"]));
    expect(new Set(sink.messages.map((m) => m.source))).toEqual(new Set(["B1", "B2", "A1"]));
  });
});
