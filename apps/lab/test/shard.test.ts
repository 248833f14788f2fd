/** Which points a shard runs (assignShards), how many shards by default, and what `--shard` accepts. */
import { describe, expect, it } from "vitest";
import { assignShards, defaultShardCount, MAX_SHARDS, parseShard, TARGET_SHARD_SECONDS } from "../src/sweep/shard.js";

const loads = (seconds: readonly number[], shards: readonly number[], count: number) => {
  const load = new Array<number>(count).fill(0);
  shards.forEach((shard, i) => {
    load[shard - 1]! += seconds[i]!;
  });
  return load;
};

describe("assignShards", () => {
  it("puts every point in exactly one of shards 1..N", () => {
    const seconds = Array.from({ length: 37 }, (_, i) => ((i * 7919) % 13) + 0.5);
    for (const count of [1, 2, 5, 37, 40]) {
      const shards = assignShards(seconds, count);
      expect(shards).toHaveLength(seconds.length);
      for (const shard of shards) {
        expect(Number.isInteger(shard) && shard >= 1 && shard <= count).toBe(true);
      }
      // Every shard gets a point while there are points enough.
      expect(new Set(shards).size).toBe(Math.min(count, seconds.length));
    }
  });

  it("deals points of equal cost round-robin in grid order", () => {
    expect(assignShards(new Array(7).fill(2), 3)).toEqual([1, 2, 3, 1, 2, 3, 1]);
  });

  it("balances a grid whose costly parameter cycles with the shard count, where round-robin would not", () => {
    // durationMs [10, 1, 1] as the inner parameter of a 4 x 3 grid, in 3 shards: round-robin
    // gives shard 1 every long point.
    const seconds = [10, 1, 1, 10, 1, 1, 10, 1, 1, 10, 1, 1];
    const roundRobin = loads(
      seconds,
      seconds.map((_, i) => (i % 3) + 1),
      3,
    );
    expect(Math.max(...roundRobin)).toBe(40);
    const load = loads(seconds, assignShards(seconds, 3), 3);
    const best = Math.max(Math.max(...seconds), seconds.reduce((a, b) => a + b) / 3);
    // Graham's bound for longest-first: within 4/3 of the best split.
    expect(Math.max(...load)).toBeLessThanOrEqual((4 / 3) * best);
    expect(Math.max(...load)).toBeLessThan(Math.max(...roundRobin));
  });
});

describe("defaultShardCount", () => {
  it("gives a shard per TARGET_SHARD_SECONDS of estimated work, at least 1, at most one per point and MAX_SHARDS", () => {
    expect(defaultShardCount(new Array(12).fill(0.1))).toBe(1);
    expect(defaultShardCount(new Array(12).fill(TARGET_SHARD_SECONDS / 4))).toBe(3);
    expect(defaultShardCount(new Array(12).fill(10 * TARGET_SHARD_SECONDS))).toBe(12);
    expect(defaultShardCount(new Array(5000).fill(TARGET_SHARD_SECONDS))).toBe(MAX_SHARDS);
  });
});

describe("parseShard", () => {
  it("takes I/N with 1 <= I <= N <= MAX_SHARDS", () => {
    expect(parseShard("1/3")).toEqual({ index: 1, count: 3 });
    expect(parseShard("3/3")).toEqual({ index: 3, count: 3 });
    expect(parseShard(`${MAX_SHARDS}/${MAX_SHARDS}`)).toEqual({ index: MAX_SHARDS, count: MAX_SHARDS });
    for (const text of ["0/3", "4/3", "x", "1/0", "1/1001", "-1/3", "1.5/3", "1/3/3", "", " 1/3"]) {
      expect(parseShard(text), text).toHaveProperty("problem");
    }
  });
});
