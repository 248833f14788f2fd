/**
 * White-box checks that the calendar adapts its days to the workload (Brown's resize on
 * growth and shrinkage, cost reviews when the size holds but the distribution does not).
 */
import { describe, expect, it } from "vitest";
import { EventQueue } from "../src/index.js";

const target = { handleEvent() {} };
const MAX = Number.MAX_SAFE_INTEGER;

describe("EventQueue adaptation", () => {
  it("resizes with the number of events, sizing days from the head's separation", () => {
    const queue = new EventQueue();
    for (let i = 0; i < 10_000; i++) queue.push(1000 * i, target, 0, undefined);
    expect(queue.bucketCount).toBeGreaterThanOrEqual(10_000 / 2);
    expect(queue.bucketCount).toBeLessThanOrEqual(2 * 10_000);
    expect(queue.bucketWidth).toBeGreaterThanOrEqual(1000);
    expect(queue.bucketWidth).toBeLessThanOrEqual(4 * 1000);
    while (queue.length > 10) queue.shift(MAX);
    expect(queue.bucketCount).toBeLessThanOrEqual(32);
  });

  it("lengthens days when dequeues keep crossing empty ones (a lone ticker beside a far cluster)", () => {
    const queue = new EventQueue();
    for (let i = 0; i < 2000; i++) queue.push(1e11, target, 0, undefined);
    queue.push(0, target, 1, undefined);
    expect(queue.bucketWidth).toBe(1); // the head sample sees only the cluster's equal times
    let others = 0;
    for (let i = 0; i < 20_000; i++) {
      const slot = queue.shift(MAX);
      if (queue.kindOf(slot) !== 1) others++;
      queue.push(queue.timeOf(slot) + 10_000, target, 1, undefined);
    }
    expect(others).toBe(0);
    expect(queue.bucketWidth).toBeGreaterThanOrEqual(8192);
  });

  it("shortens days when enqueues keep walking long lists (a sparse head, then a dense cluster)", () => {
    const queue = new EventQueue();
    for (let i = 0; i < 100; i++) queue.push(i * 1e9, target, 0, undefined);
    let x = 12345;
    for (let i = 0; i < 20_000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      queue.push(2e11 + (x % 1_000_000), target, 0, undefined);
    }
    expect(queue.bucketWidth).toBeLessThan(1_000_000 / 1000);
    let last = -1;
    let backwards = 0;
    for (let slot = queue.shift(MAX); slot >= 0; slot = queue.shift(MAX)) {
      if (queue.timeOf(slot) < last) backwards++;
      last = queue.timeOf(slot);
    }
    expect(backwards).toBe(0);
  });
});
