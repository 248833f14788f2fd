/**
 * The multipath kinds (docs/spec/uec.md sec. 4): round robin cycles, REPS recycles the
 * entropies of unmarked ACKs from its circular buffer (uet-htsim buffer_reps.cpp), oblivious
 * draws from a seeded stream, and `ecmp` makes nothing.
 */
import { RngStreams } from "@losslab/engine";
import { describe, expect, it } from "vitest";
import { type EntropyPolicy, entropyPolicies, Reps, RoundRobinSpraying } from "../src/index.js";

const stream = (seed: number) => new RngStreams(seed).stream("H0/multipath");

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
    expect(() => entropyPolicies.create({ kind: "spray" }, undefined)).toThrow(/ecmp, oblivious, round-robin, reps/);
  });
});
