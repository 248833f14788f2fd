import { describe, expect, it } from "vitest";
import { DEFAULT_SLOWDOWN_EDGES, idealCompletionTime, pathTiming, Slowdown } from "../src/index.js";

describe("pathTiming and idealCompletionTime", () => {
  it("add each link's overhead and delay, each switch's latency, the last byte, then the slowest frame per packet", () => {
    // Links of 1e9, 5e8 and 1e9 B/s (1 B/ns, 0.5 B/ns, 1 B/ns), delays 10, 20, 30 ns, 8 B of
    // overhead on each; 1000 B packets. Frames: 8 + 1000 ns, 16 + 2000 ns, 8 + 1000 ns.
    // Switch 1 (into the slow link): max(40, 1000 - 2000) = 40 ns. Switch 2 (out of the slow
    // link into a fast one at speedup 2, 2e9 B/s): max(40, 2000 - 500) = 1500 ns.
    const timing = pathTiming(
      {
        links: [
          { bandwidth: 1e9, delay: 10_000, overheadBytes: 8 },
          { bandwidth: 5e8, delay: 20_000, overheadBytes: 8 },
          { bandwidth: 1e9, delay: 30_000, overheadBytes: 8 },
        ],
        switches: [
          { forwardingDelay: 40_000, forwardingRate: 5e8 },
          { forwardingDelay: 40_000, forwardingRate: 2e9 },
        ],
      },
      1000,
    );
    // first = (8 + 10) + (16 + 20) + (8 + 30) + 40 + 1500 + 1000 (last byte on the last link) = 2632 ns.
    expect(timing).toEqual({ first: 2_632_000, spacing: 2_016_000 });
    expect(idealCompletionTime(timing, 1)).toBe(2_632_000);
    expect(idealCompletionTime(timing, 4)).toBe(2_632_000 + 3 * 2_016_000);
  });

  it("rounds each frame's time to the ps as the links do", () => {
    // One link of 3e9 B/s: 1 B takes 333.33 ps, rounded to 333; 2 B 666.67, rounded to 667.
    const timing = pathTiming({ links: [{ bandwidth: 3e9, delay: 0, overheadBytes: 1 }], switches: [] }, 2);
    expect(timing).toEqual({ first: 333 + 667, spacing: 1000 });
  });

  it("refuses a path without links, a switch count that does not fit, and fewer than one packet", () => {
    const link = { bandwidth: 1e9, delay: 0, overheadBytes: 0 };
    expect(() => pathTiming({ links: [], switches: [] }, 100)).toThrow("a path has at least one link");
    expect(() => pathTiming({ links: [link, link], switches: [] }, 100)).toThrow("2 links need 1 switches; got 0");
    const timing = pathTiming({ links: [link], switches: [] }, 100);
    expect(() => idealCompletionTime(timing, 0)).toThrow("packets must be an integer >= 1, got 0");
  });
});

describe("Slowdown", () => {
  it("summarises all flows and each non-empty size bucket with nearest-rank percentiles", () => {
    const slowdown = new Slowdown();
    expect(DEFAULT_SLOWDOWN_EDGES).toEqual([1e4, 1e5, 1e6, 1e7]);
    // 100 flows of 1000 B with slowdowns 1..100 (ideal 1 us, duration k us), added in reverse.
    for (let k = 100; k >= 1; k--) slowdown.add(1000, k * 1e6, 1e6);
    // Two flows above 10 MB (sizes 2e7 and 3e7 B): slowdowns 1.5 and 2.5.
    slowdown.add(2e7, 3e6, 2e6);
    slowdown.add(3e7, 5e6, 2e6);
    const summary = slowdown.summary();
    // First bucket: mean 50.5; p50 the 50th of 100, p95 the 95th, p99 the 99th.
    expect(summary.buckets).toEqual([
      { fromBytes: 0, toBytes: 1e4, sizeP50Bytes: 1000, count: 100, mean: 50.5, p50: 50, p95: 95, p99: 99, max: 100 },
      // Two flows: p50 is the 1st (ceil(0.5 x 2) = 1), p95 and p99 the 2nd.
      { fromBytes: 1e7, toBytes: null, sizeP50Bytes: 2e7, count: 2, mean: 2, p50: 1.5, p95: 2.5, p99: 2.5, max: 2.5 },
    ]);
    // All 102: mean (5050 + 4) / 102; p50 the 51st smallest (1, 1.5, 2, 2.5, 3, ...: 49), p99 the 101st (100 is 102nd, 99 the 101st).
    expect(summary.all).toEqual({ count: 102, mean: 5054 / 102, p50: 49, p95: 95, p99: 99, max: 100 });
  });

  it("puts a flow on an edge in the bucket below it (upper edges inclusive)", () => {
    const slowdown = new Slowdown([100, 200]);
    slowdown.add(100, 1, 1);
    slowdown.add(101, 2, 1);
    slowdown.add(201, 3, 1);
    expect(slowdown.summary().buckets.map((b) => [b.fromBytes, b.toBytes, b.count, b.max])).toEqual([
      [0, 100, 1, 1],
      [100, 200, 1, 2],
      [200, null, 1, 3],
    ]);
  });

  it("is empty until a flow is added, and refuses bad edges and ideals", () => {
    const slowdown = new Slowdown();
    expect(slowdown.empty).toBe(true);
    slowdown.add(1, 1, 1);
    expect(slowdown.empty).toBe(false);
    expect(() => new Slowdown([10, 5])).toThrow("edges must be positive and increasing; got [10, 5]");
    expect(() => slowdown.add(1, 1, 0)).toThrow("ideal must be > 0, got 0");
    expect(() => slowdown.add(1, -1, 1)).toThrow("duration must be >= 0, got -1");
  });
});
