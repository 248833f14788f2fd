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
});
