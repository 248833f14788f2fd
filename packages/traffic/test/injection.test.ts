/** Injection processes (the _when_) and sizes (the _how much_): offered load, slots, gaps. */
import { ms, PS_PER_S, us } from "@losslab/engine";
import { GBPS } from "@losslab/test-kit/santos-link";
import { type MessageCall, runGenerators } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { bernoulli, type FixedSizeSpec, poisson, type UniformSizeSpec } from "../src/index.js";

const sources = ["B1", "B2", "A1", "A2"];
const destinations = { kind: "fixed", destination: "BC" } as const;

/** Times per source, in order. */
function timesBySource(messages: readonly MessageCall[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const m of messages) {
    const list = map.get(m.source) ?? [];
    list.push(m.time);
    map.set(m.source, list);
  }
  return map;
}

/** Moments of a size distribution: mean and mean square. */
function moments(size: FixedSizeSpec | UniformSizeSpec): { mean: number; meanSquare: number } {
  if (size.kind === "fixed") return { mean: size.bytes, meanSquare: size.bytes ** 2 };
  const count = size.maxBytes - size.minBytes + 1;
  const mean = (size.minBytes + size.maxBytes) / 2;
  return { mean, meanSquare: (count * count - 1) / 12 + mean * mean };
}

describe("bernoulli", () => {
  const fixed = { kind: "fixed", bytes: 2048 } as const;
  const slot = (2048 * PS_PER_S) / GBPS; // 2.048 us
  const slots = 10_000;
  const load = 0.3;
  const { sink } = runGenerators(bernoulli({ sources, load, size: fixed, destinations }), { endTime: slots * slot });

  it("offers the target load within 3 standard errors (binomial count per slot)", () => {
    const n = sources.length * slots;
    const count = sink.messages.length;
    expect(Math.abs(count - n * load)).toBeLessThanOrEqual(3 * Math.sqrt(n * load * (1 - load)));
    const measured = (count * 2048) / (sources.length * GBPS * ((slots * slot) / PS_PER_S));
    expect(measured).toBeGreaterThan(0.29);
    expect(measured).toBeLessThan(0.31);
  });

  it("injects only at slot starts, at most once per slot per source", () => {
    for (const times of timesBySource(sink.messages).values()) {
      expect(times.every((time) => time % slot === 0)).toBe(true);
      expect(times.every((time, i) => i === 0 || time > (times[i - 1] as number))).toBe(true);
    }
  });

  it("injects in consecutive slots with probability load (a per-slot coin, not a fixed pattern)", () => {
    const gaps = [...timesBySource(sink.messages).values()].flatMap((t) =>
      t.slice(1).map((time, i) => time - (t[i] as number)),
    );
    const adjacent = gaps.filter((gap) => gap === slot).length;
    expect(Math.abs(adjacent - gaps.length * load)).toBeLessThanOrEqual(3 * Math.sqrt(gaps.length * load * (1 - load)));
  });

  it("offers the target load with uniform sizes (compound variance)", () => {
    const size = { kind: "uniform", minBytes: 1000, maxBytes: 3000 } as const;
    const { mean, meanSquare } = moments(size);
    const slotUniform = (mean * PS_PER_S) / GBPS; // 2 us
    const { sink: uniform } = runGenerators(bernoulli({ sources, load: 0.6, size, destinations }), {
      endTime: slots * slotUniform,
    });
    const n = sources.length * slots;
    const bytes = uniform.messages.reduce((sum, m) => sum + m.bytes, 0);
    const variance = 0.6 * meanSquare - (0.6 * mean) ** 2; // of one slot's bytes
    expect(Math.abs(bytes - n * 0.6 * mean)).toBeLessThanOrEqual(3 * Math.sqrt(n * variance));
    expect(uniform.messages.every((m) => Number.isInteger(m.bytes) && m.bytes >= 1000 && m.bytes <= 3000)).toBe(true);
  });

  it("injects in every slot at load 1", () => {
    const { sink: full } = runGenerators(bernoulli({ sources, load: 1, size: fixed, destinations }), {
      endTime: 100 * slot,
    });
    expect(full.messages.length).toBe(4 * 100);
  });

  it("injects only within [startUs, stopUs) and gives messages the group (default: the name)", () => {
    const { sink: windowed } = runGenerators(
      bernoulli({ sources, load: 1, size: fixed, destinations, startUs: 100, stopUs: 200 }),
      { endTime: ms(1) },
    );
    const times = windowed.messages.map((m) => m.time);
    expect(Math.min(...times)).toBe(us(100));
    expect(Math.max(...times)).toBeLessThan(us(200));
    expect(windowed.messages.length).toBe(4 * Math.ceil(us(100) / slot));
    expect(new Set(windowed.messages.map((m) => m.group))).toEqual(new Set(["bernoulli"]));
    const named = runGenerators(
      bernoulli({ name: "cold", sources, load: 1, size: fixed, destinations, group: "uniform" }),
      {
        endTime: us(10),
      },
    );
    expect(new Set(named.sink.messages.map((m) => m.group))).toEqual(new Set(["uniform"]));
  });
});

describe("poisson", () => {
  const fixed = { kind: "fixed", bytes: 2048 } as const;
  const load = 0.4;
  const endTime = ms(20);
  const { sink } = runGenerators(poisson({ sources, load, size: fixed, destinations }), { endTime });

  it("offers the target load within 3 standard errors (Poisson count)", () => {
    const expected = (sources.length * load * GBPS * (endTime / PS_PER_S)) / 2048;
    expect(Math.abs(sink.messages.length - expected)).toBeLessThanOrEqual(3 * Math.sqrt(expected));
  });

  it("has exponential gaps: half of them shorter than mean x ln 2, and not slotted", () => {
    const mean = (2048 * PS_PER_S) / (load * GBPS);
    const gaps = [...timesBySource(sink.messages).values()].flatMap((t) =>
      t.slice(1).map((time, i) => time - (t[i] as number)),
    );
    const short = gaps.filter((gap) => gap < mean * Math.LN2).length;
    expect(Math.abs(short - gaps.length / 2)).toBeLessThanOrEqual(3 * Math.sqrt(gaps.length / 4));
    const slot = (2048 * PS_PER_S) / GBPS;
    expect(sink.messages.filter((m) => m.time % slot === 0).length).toBeLessThan(5);
  });

  it("offers the target load with uniform sizes (compound Poisson variance)", () => {
    const size = { kind: "uniform", minBytes: 2048, maxBytes: 20000 } as const;
    const { mean, meanSquare } = moments(size);
    const { sink: uniform } = runGenerators(poisson({ sources, load: 0.8, size, destinations }), { endTime });
    const rate = (sources.length * 0.8 * GBPS) / mean; // messages per second, all sources
    const seconds = endTime / PS_PER_S;
    const bytes = uniform.messages.reduce((sum, m) => sum + m.bytes, 0);
    expect(Math.abs(bytes - rate * seconds * mean)).toBeLessThanOrEqual(3 * Math.sqrt(rate * seconds * meanSquare));
  });
});
