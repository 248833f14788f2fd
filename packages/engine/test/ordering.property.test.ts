/**
 * Property tests: for random scripts of scheduling (many ties, fixed network-like delays,
 * far-future events, huge spreads), zero-delay `soon` events, cancellation of random earlier events and scheduling
 * from inside handlers, the Engine runs exactly what the naive reference runs, in the same
 * order, with the same cancel results and clocks.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Engine } from "../src/index.js";
import { type Action, drive, ReferenceEngine, type Script } from "./reference.js";

/** Delays that make ties likely, plus the delays a network simulation really uses. */
const delay = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 3 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 200 }) },
  { weight: 2, arbitrary: fc.constantFrom(0, 10_000, 2_068_000, 100_000_000_000) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 40 }) },
);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant("after" as const), delay }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("callback" as const), delay }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("at" as const), offset: delay }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("cancel" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("soon" as const) }) },
);

const script: fc.Arbitrary<Script> = fc.record({
  initial: fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), delay), { maxLength: 40 }),
  actions: fc.array(fc.array(action, { maxLength: 3 }), { maxLength: 300 }),
  runs: fc.array(fc.oneof(fc.integer({ min: 0, max: 50 }), delay), { maxLength: 6 }),
});

describe("Engine against the reference model", () => {
  it("runs the same events in the same order, with the same cancel results", () => {
    fc.assert(
      fc.property(script, (s) => {
        expect(drive(new Engine(), s)).toEqual(drive(new ReferenceEngine(), s));
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });

  it("agrees when every event of a large script lands on a handful of times", () => {
    const tied = fc.record({
      initial: fc.array(fc.constantFrom(0, 1, 5), { minLength: 50, maxLength: 400 }),
      actions: fc.array(
        fc.array(
          fc.oneof(
            fc.record({ type: fc.constant("after" as const), delay: fc.constantFrom(0, 0, 1, 5) }),
            fc.record({ type: fc.constant("cancel" as const), pick: fc.nat() }),
            fc.record({ type: fc.constant("soon" as const) }),
          ),
          { maxLength: 2 },
        ),
        { maxLength: 1500 },
      ),
      runs: fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(tied, (s) => {
        expect(drive(new Engine(), s)).toEqual(drive(new ReferenceEngine(), s));
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});
