/**
 * CreditAccount: the sender's view of a receiving buffer under credit-based flow control
 * (DESIGN.md "Modelling rules": 64 B credit blocks, a packet needs room for all of it).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CreditAccount, creditsFor, DEFAULT_CREDIT_BYTES, LosslessViolation } from "../src/index.js";

describe("creditsFor", () => {
  it("rounds up to whole blocks", () => {
    expect(DEFAULT_CREDIT_BYTES).toBe(64);
    expect(creditsFor(2068, 64)).toBe(33); // 2068 / 64 = 32.31
    expect(creditsFor(2048, 64)).toBe(32);
    expect(creditsFor(20, 64)).toBe(1);
    expect(creditsFor(64, 64)).toBe(1);
    expect(creditsFor(65, 64)).toBe(2);
    expect(creditsFor(278, 64)).toBe(5); // ferrer-2012: 256 B payload + 22 B header
  });
});

describe("CreditAccount", () => {
  it("starts full, takes ceil(size / block) blocks per packet and gives them back", () => {
    const account = new CreditAccount(132); // santos-2002 Table 1: 4 packets x 33 blocks
    expect(account.credits).toBe(132);
    expect(account.blockBytes).toBe(64);
    expect(account.consume(2068)).toBe(33);
    expect(account.consume(20)).toBe(1);
    expect(account.credits).toBe(98);
    account.restore(33);
    expect(account.credits).toBe(131);
  });

  it("canSend says whether the whole packet fits", () => {
    const account = new CreditAccount(34);
    expect(account.canSend(2068)).toBe(true);
    account.consume(2068); // 1 block left
    expect(account.canSend(64)).toBe(true);
    expect(account.canSend(65)).toBe(false);
    expect(account.canSend(2068)).toBe(false);
  });

  it("uses its own block size", () => {
    const account = new CreditAccount(10, 256);
    expect(account.consume(2068)).toBe(9); // 2068 / 256 = 8.08
    expect(account.canSend(256)).toBe(true);
    expect(account.canSend(257)).toBe(false);
  });

  it("throws LosslessViolation when a packet is sent without enough credits", () => {
    const account = new CreditAccount(40, 64, "A->B");
    account.consume(2068);
    expect(() => account.consume(2068)).toThrow(LosslessViolation);
    expect(() => account.consume(2068)).toThrow(
      "A->B: sending 2068 B needs 33 credits but only 7 are left (the packet would be dropped)",
    );
    expect(account.credits).toBe(7); // a refused consume takes nothing
  });

  it("throws LosslessViolation when more credits come back than the buffer holds", () => {
    const account = new CreditAccount(66, 64, "S output 1");
    expect(() => account.restore(1)).toThrow(LosslessViolation);
    const other = new CreditAccount(66, 64, "S output 1");
    other.consume(2068);
    other.restore(33);
    expect(() => other.restore(33)).toThrow("S output 1: 99 credits after a return of 33, above the buffer's 66");
  });

  it("refuses a negative or NaN capacity", () => {
    expect(() => new CreditAccount(-1, 64, "L")).toThrow(/L: credit capacity must be >= 0 or Infinity; got -1/);
    expect(() => new CreditAccount(Number.NaN)).toThrow(RangeError);
  });

  it("with Infinity credits (a host that drains at link rate) never runs out", () => {
    const account = new CreditAccount(Number.POSITIVE_INFINITY);
    for (let i = 0; i < 1000; i++) account.consume(2068);
    // It still says what each packet takes: 2068 B in 64 B blocks = ceil(32.3) = 33.
    expect(account.consume(2068)).toBe(33);
    expect(account.credits).toBe(Number.POSITIVE_INFINITY);
    expect(account.canSend(1e12)).toBe(true);
    account.restore(33);
    expect(account.credits).toBe(Number.POSITIVE_INFINITY);
  });

  it("never goes negative or above capacity when every send is checked first (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 33, max: 200 }),
        fc.array(fc.oneof(fc.integer({ min: 1, max: 2068 }), fc.constant(0)), { maxLength: 100 }),
        (capacity, sizes) => {
          const account = new CreditAccount(capacity);
          const inFlight: number[] = [];
          for (const size of sizes) {
            // 0 stands for "the oldest packet in flight left the buffer".
            if (size === 0) {
              const blocks = inFlight.shift();
              if (blocks !== undefined) account.restore(blocks);
            } else if (account.canSend(size)) inFlight.push(account.consume(size));
            const used = inFlight.reduce((a, b) => a + b, 0);
            expect(account.credits).toBe(capacity - used);
            expect(account.credits).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});
