/**
 * The multipath kinds (docs/spec/uec.md sec. 4): round robin cycles, REPS recycles the
 * entropies of unmarked ACKs from its circular buffer (uet-htsim buffer_reps.cpp), oblivious
 * draws from a seeded stream, and `ecmp` makes nothing.
 */
import { RngStreams } from "@losslab/engine";
import { describe, expect, it } from "vitest";
import {
  BitmapSpraying,
  type EntropyPolicy,
  entropyPolicies,
  MixedSpraying,
  Reps,
  RoundRobinSpraying,
} from "../src/index.js";

const stream = (seed: number) => new RngStreams(seed).stream("H0/multipath");

/** A stream that returns the given XOR masks in turn, then 0: the masked cycles by hand. */
const masks = (...values: number[]) => ({ uniformInt: () => values.shift() ?? 0 });

describe("entropy policies", () => {
  it("round-robin cycles through 0..N-1 and ignores ACKs", () => {
    const policy: EntropyPolicy = new RoundRobinSpraying(4);
    const seen = Array.from({ length: 6 }, () => policy.next());
    policy.acked(3, false);
    expect(seen).toEqual([0, 1, 2, 3, 0, 1]);
    expect(policy.next()).toBe(2);
  });

  it("reps reuses an unmarked ACK's entropy, oldest first, each once", () => {
    const policy = new Reps(8, 64, stream(1));
    policy.acked(17, false);
    policy.acked(23, false);
    expect(policy.stored).toBe(2);
    expect(policy.next()).toBe(17);
    expect(policy.next()).toBe(23);
    expect(policy.stored).toBe(0);
  });

  it("reps drops a marked ACK's entropy and draws a fresh one below N when it has none", () => {
    const policy = new Reps(8, 4, stream(1));
    policy.acked(9, true);
    expect(policy.stored).toBe(0);
    for (let i = 0; i < 50; i++) {
      const entropy = policy.next();
      expect(entropy).toBeGreaterThanOrEqual(0);
      expect(entropy).toBeLessThan(4);
    }
  });

  it("reps keeps the last 8 unmarked entropies: a ninth overwrites the oldest", () => {
    const policy = new Reps(8, 64, stream(1));
    for (let entropy = 100; entropy < 109; entropy++) policy.acked(entropy, false);
    expect(policy.stored).toBe(8);
    expect(Array.from({ length: 8 }, () => policy.next())).toEqual([101, 102, 103, 104, 105, 106, 107, 108]);
  });

  it("oblivious draws from its stream: the same seed gives the same entropies, another seed others", () => {
    const make = entropyPolicies.create({ kind: "oblivious", entropies: 16 }, undefined)!;
    const draws = (seed: number) => {
      const policy = make(stream(seed));
      return Array.from({ length: 64 }, () => policy.next());
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const values = draws(7);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(16);
    expect(new Set(values).size).toBeGreaterThan(8);
  });

  it("bitmap cycles through the entropies XORed with a mask redrawn at every wrap", () => {
    const policy = new BitmapSpraying(4, masks(1, 2));
    // mask 1: 0^1, 1^1, 2^1, 3^1; then mask 2: 0^2, 1^2, 2^2, 3^2
    expect(Array.from({ length: 8 }, () => policy.next())).toEqual([1, 0, 3, 2, 2, 3, 0, 1]);
  });

  it("bitmap skips penalised entropies, lowering only the first one skipped by 1 per packet", () => {
    const policy = new BitmapSpraying(4, masks());
    policy.nacked(1); // +4
    policy.acked(2, true); // ECN +1
    policy.acked(3, false); // an unmarked ACK changes nothing
    expect([policy.penalty(1), policy.penalty(2), policy.penalty(3)]).toEqual([4, 1, 0]);
    // 0; then 1 (4 -> 3) and 2 (still 1) are skipped: 3; 0; then 1 (3 -> 2) and 2 again: 3
    expect(Array.from({ length: 4 }, () => policy.next())).toEqual([0, 3, 0, 3]);
    expect([policy.penalty(1), policy.penalty(2)]).toEqual([2, 1]);
  });

  it("bitmap caps a penalty at 15 and, when every entropy is penalised, takes the one reached after N skips", () => {
    const capped = new BitmapSpraying(4, masks());
    for (let i = 0; i < 5; i++) capped.nacked(2);
    expect(capped.penalty(2)).toBe(15);
    const policy = new BitmapSpraying(2, masks());
    policy.nacked(0);
    policy.nacked(1);
    // 0 (4 -> 3) skipped, 1 skipped, wrap to 0: two skips = N, so 0 is taken
    expect(policy.next()).toBe(0);
    expect([policy.penalty(0), policy.penalty(1)]).toEqual([3, 4]);
  });

  it("mixed reuses unmarked ACKs' entropies oldest first, each once, else the bitmap cycle", () => {
    const policy = new MixedSpraying(4, masks());
    policy.acked(3, false);
    policy.acked(1, false);
    policy.acked(2, true); // not listed; the bitmap's penalty on 2 becomes 1
    policy.nacked(0); // not listed; penalty 4 on 0
    expect(policy.stored).toBe(2);
    // 3, 1 recycled; then the cycle: 0 (4 -> 3) skipped: 1; 2 (1 -> 0) skipped: 3; 0 (3 -> 2) skipped: 1
    expect(Array.from({ length: 5 }, () => policy.next())).toEqual([3, 1, 1, 3, 1]);
    expect(policy.stored).toBe(0);
  });

  it("bitmap and mixed need a power of 2 entropies, and default to 64 as uet-htsim's -paths", () => {
    expect(() => entropyPolicies.create({ kind: "mixed", entropies: 48 }, undefined)).toThrow(
      /multipath\.entropies must be a power of 2/,
    );
    expect(() => entropyPolicies.create({ kind: "bitmap", entropies: 3 }, undefined)).toThrow(/power of 2/);
    expect(entropyPolicies.get("mixed")?.parameters).toMatchObject({ entropies: { default: 64 } });
    const draws = entropyPolicies.create({ kind: "mixed", entropies: 128 }, undefined)!(stream(13));
    const cycle = Array.from({ length: 128 }, () => draws.next());
    expect(new Set(cycle).size).toBe(128); // one full cycle visits every entropy once
  });

  it("ecmp makes no policy, and defaults match uet-htsim (64 entropies, a REPS buffer of 8)", () => {
    expect(entropyPolicies.create({ kind: "ecmp" }, undefined)).toBeUndefined();
    expect(entropyPolicies.get("reps")?.parameters).toMatchObject({
      buffer: { default: 8 },
      entropies: { default: 64 },
    });
    expect(entropyPolicies.get("oblivious")?.parameters).toMatchObject({ entropies: { default: 64 } });
  });

  it("refuses a bad spec naming the field", () => {
    expect(() => entropyPolicies.create({ kind: "reps", buffer: 0 }, undefined)).toThrow(/multipath\.buffer/);
    expect(() => entropyPolicies.create({ kind: "spray" }, undefined)).toThrow(
      /ecmp, oblivious, round-robin, reps, bitmap, mixed/,
    );
  });
});
