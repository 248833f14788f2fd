/**
 * Model-based tests of the calendar queue itself: random pushes, cancels (of live, run and
 * cancelled ids), peeks and bounded shifts, checked step by step against a sorted list.
 * Tiny review windows make the queue re-bucket all the time, and the time distributions
 * (ties, bimodal, huge spreads, fixed delays) push its width estimates around.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EventQueue } from "../src/index.js";

type Op =
  | { op: "push"; delay: number }
  | { op: "cancel"; pick: number }
  | { op: "shift"; slack: number | null }
  | { op: "peek" };

const MAX = Number.MAX_SAFE_INTEGER;
const target = { handleEvent() {} };

const delay = fc.oneof(
  fc.integer({ min: 0, max: 2 }),
  fc.integer({ min: 0, max: 1000 }),
  fc.constantFrom(10_000, 2_068_000, 100_000_000_000),
  fc.integer({ min: 0, max: 2 ** 44 }),
  fc.constant(0),
);

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant("push" as const), delay }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("cancel" as const), pick: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("shift" as const),
      slack: fc.option(fc.integer({ min: 0, max: 3000 }), { freq: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("peek" as const) }) },
);

interface Live {
  time: number;
  seq: number;
  id: number;
}

/** Replays `ops`, checking every answer of the queue against a sorted-list model. */
function check(ops: Op[], reviewWindow: number): void {
  const queue = new EventQueue({ reviewWindow });
  const live: Live[] = [];
  const issued: number[] = [];
  let seq = 0;
  let now = 0;
  const earliest = (): Live | undefined =>
    live.reduce<Live | undefined>(
      (best, e) => (!best || e.time < best.time || (e.time === best.time && e.seq < best.seq) ? e : best),
      undefined,
    );
  for (const step of ops) {
    if (step.op === "push") {
      const time = Math.min(now + step.delay, MAX);
      const id = queue.push(time, target, seq % 5, seq);
      live.push({ time, seq: seq++, id });
      issued.push(id);
    } else if (step.op === "cancel") {
      if (issued.length === 0) continue;
      const id = issued[step.pick % issued.length] as number;
      const index = live.findIndex((e) => e.id === id);
      expect(queue.cancel(id)).toBe(index >= 0);
      if (index >= 0) live.splice(index, 1);
    } else if (step.op === "peek") {
      expect(queue.peekTime()).toBe(earliest()?.time);
    } else {
      const limit = step.slack === null ? MAX : now + step.slack;
      const expected = earliest();
      const slot = queue.shift(limit);
      if (expected === undefined || expected.time > limit) {
        expect(slot).toBe(-1);
        continue;
      }
      expect(slot).toBeGreaterThanOrEqual(0);
      expect([queue.timeOf(slot), queue.payloadOf(slot), queue.kindOf(slot)]).toEqual([
        expected.time,
        expected.seq,
        expected.seq % 5,
      ]);
      expect(queue.targetOf(slot)).toBe(target);
      live.splice(live.indexOf(expected), 1);
      now = expected.time;
    }
    expect(queue.length).toBe(live.length);
  }
  // Drain: everything left comes out in (time, seq) order.
  const rest = live.sort((a, b) => a.time - b.time || a.seq - b.seq).map((e) => `${e.seq}@${e.time}`);
  const drained: string[] = [];
  for (let slot = queue.shift(MAX); slot >= 0; slot = queue.shift(MAX)) {
    drained.push(`${queue.payloadOf(slot)}@${queue.timeOf(slot)}`);
  }
  expect(drained).toEqual(rest);
  expect(queue.length).toBe(0);
  expect(queue.peekTime()).toBeUndefined();
  // Every id ever issued is stale now.
  for (const id of issued) expect(queue.cancel(id)).toBe(false);
}

describe("EventQueue against a sorted-list model", () => {
  it("answers every push, cancel, peek and bounded shift like the model", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 400 }), fc.integer({ min: 2, max: 64 }), (ops, window) =>
        check(ops, window),
      ),
      { numRuns: 200, seed: 42 },
    );
  });

  it("stays right through growth to thousands of events and back, re-bucketing often", () => {
    const grow = fc.array(fc.record({ op: fc.constant("push" as const), delay }), {
      minLength: 1000,
      maxLength: 3000,
    });
    const drain = fc.array(op, { maxLength: 500 });
    fc.assert(
      fc.property(grow, drain, fc.integer({ min: 2, max: 16 }), (pushes, rest, window) =>
        check([...pushes, ...rest], window),
      ),
      { numRuns: 8, seed: 3 },
    );
  });

  it("rejects values that are not ids", () => {
    const queue = new EventQueue();
    const id = queue.push(5, target, 0, undefined);
    for (const bogus of [-1, 1.5, Number.NaN, 3, 31, 2 ** 60, id + 0.5, -id]) {
      expect(queue.cancel(bogus)).toBe(false);
    }
    expect(queue.length).toBe(1);
    expect(queue.cancel(id)).toBe(true);
  });

  it("keeps ids of events scheduled before the slot arrays grew valid", () => {
    const queue = new EventQueue();
    const early = queue.push(1, target, 0, "early");
    for (let i = 0; i < 5000; i++) queue.push(10 + i, target, 0, i);
    expect(queue.cancel(early)).toBe(true);
    expect(queue.cancel(early)).toBe(false);
    expect(queue.payloadOf(queue.shift(MAX))).toBe(0);
  });
});
