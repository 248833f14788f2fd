import { describe, expect, it } from "vitest";
import { CompletionTimes } from "../src/index.js";

describe("CompletionTimes", () => {
  it("summarises each group with nearest-rank percentiles", () => {
    const times = new CompletionTimes();
    // 1..100 us in group "a": mean 50.5, p50 = 50 (50th of 100), p99 = 99, max 100.
    for (let us = 100; us >= 1; us--) times.add("a", us * 1_000_000);
    times.add("b", 3_000_000);
    expect(times.summary()).toEqual({
      a: { count: 100, meanUs: 50.5, p50Us: 50, p99Us: 99, maxUs: 100 },
      b: { count: 1, meanUs: 3, p50Us: 3, p99Us: 3, maxUs: 3 },
    });
  });

  it("has no entry for a group without completed flows, and rejects negative durations", () => {
    const times = new CompletionTimes();
    expect(times.summary()).toEqual({});
    expect(() => times.add("a", -1)).toThrow("duration must be >= 0, got -1");
  });
});
