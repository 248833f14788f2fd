import { describe, expect, it } from "vitest";
import { QueueLengths } from "../src/index.js";

describe("QueueLengths", () => {
  it("gives nearest-rank percentiles over every sample, the empty ones included, of the queues that held data", () => {
    const queues = new QueueLengths();
    let busy = 0;
    queues.add("busy", () => busy, true);
    queues.add("idle", () => 0);
    // 100 samples: 0 for the first 50, then 10, 20, ..., 500 B.
    for (let k = 1; k <= 100; k++) {
      busy = k <= 50 ? 0 : (k - 50) * 10;
      queues.sample(k * 1000);
    }
    expect(queues.count).toBe(100);
    // p50: the 50th smallest, the last zero; p95: the 95th, the 45th non-zero (450); p99: 490.
    expect(queues.summary()).toEqual({ busy: { p50: 0, p95: 450, p99: 490, max: 500 } });
    const series = queues.series("busy")!;
    expect(series).toHaveLength(100);
    expect(series[0]).toEqual([1000, 0]);
    expect(series[99]).toEqual([100_000, 500]);
    expect(queues.series("idle")).toBeUndefined();
    expect(queues.series("nothing")).toBeUndefined();
  });

  it("refuses a queue added twice", () => {
    const queues = new QueueLengths();
    queues.add("q", () => 0);
    expect(() => queues.add("q", () => 0)).toThrow('queue "q" was added already');
  });

  it("takes the queues another copy sampled (a run split over threads: each switch in its own part)", () => {
    const mine = new QueueLengths();
    const theirs = new QueueLengths();
    let a = 0;
    let b = 0;
    for (const queues of [mine, theirs]) {
      queues.add("a", () => a);
      queues.add("b", () => b, true);
    }
    // This copy ran queue a (b stayed empty here); the other ran b (a stayed empty there).
    for (const [time, bytes] of [
      [1, 100],
      [2, 300],
    ] as const) {
      a = bytes;
      b = 0;
      mine.sample(time);
      a = 0;
      b = bytes * 2;
      theirs.sample(time);
    }
    // Through a structured clone, as from a worker thread.
    mine.absorb(structuredClone(theirs.samplesTaken()), (name) => name === "b");
    expect(mine.summary()).toEqual({
      a: { p50: 100, p95: 300, p99: 300, max: 300 },
      b: { p50: 200, p95: 600, p99: 600, max: 600 },
    });
    expect(mine.series("b")).toEqual([
      [1, 200],
      [2, 600],
    ]);
    const other = new QueueLengths();
    other.add("c", () => 0);
    other.add("b", () => 0);
    expect(() => mine.absorb(other.samplesTaken(), () => true)).toThrow(/queue 0 is "c", not "a"/);
  });
});
