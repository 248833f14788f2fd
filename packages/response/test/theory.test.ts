import { describe, expect, it } from "vitest";
import {
  aimd,
  checkConditions,
  deriveIncrease,
  fimd,
  incrementCurve,
  lipd,
  type ResponseFunction,
  recoveryTime,
  responseFromCurve,
} from "../src/index.js";

const Rmax = 1e9; // bytes/s
const Rmin = Rmax / 256;
const packetSize = 2048;
const T = (packetSize * 256) / Rmax; // 524.288 us: one 2048-byte packet at Rmin

function logRates(count: number, low = Rmin, high = Rmax): number[] {
  return Array.from({ length: count }, (_, i) => low * (high / low) ** (i / (count - 1)));
}

describe("incrementCurve (F_inc)", () => {
  it("measures time in seconds from the packet size", () => {
    const curve = incrementCurve(fimd({ Rmax }), { packetSize });
    expect(curve.period).toBeCloseTo(524.288e-6, 15);
    expect(curve.duration).toBeCloseTo(4.194304e-3, 12);
    expect(curve.rateAt(curve.period)).toBeCloseTo(2 * Rmin, 3);
    expect(curve.timeAt(Rmax)).toBeCloseTo(curve.duration, 12);
    expect(curve.rateAt(-1)).toBe(Rmin);
    expect(curve.rateAt(1)).toBe(Rmax);
  });
  it("gives santos-2002 Fig. 6's recovery times", () => {
    expect(incrementCurve(aimd({ Rmax }), { packetSize }).duration).toBeCloseTo(0.13369344, 10);
    expect(incrementCurve(lipd({ Rmax }), { packetSize }).duration).toBeCloseTo(0.13369344, 10);
  });
  it("defaults to packets as the rate unit", () => {
    expect(incrementCurve(lipd({ Rmax: 256, Rmin: 1 })).period).toBe(1);
  });
  it("samples the ACK-clocked trajectory for a function without a curve", () => {
    const { curve: _dropped, ...bare } = fimd({ Rmax: 256, Rmin: 1 });
    const sampled = incrementCurve(bare);
    // Exact at ACK instants; the last ACK overshoots Rmax by less than one ACK interval.
    expect(sampled.duration).toBeGreaterThanOrEqual(8 - 1e-12);
    expect(sampled.duration).toBeLessThan(8 + 1 / 128);
    expect(sampled.rateAt(1)).toBeCloseTo(2, 12); // one ACK at Rmin lasts T and doubles
    expect(sampled.rateAt(0.5)).toBeCloseTo(Math.SQRT2, 12); // log-linear between ACKs
    expect(checkConditions(bare, { tolerance: 0.02 }).holds).toBe(true);
  });
  it("rejects a bad packet size", () => {
    expect(() => incrementCurve(fimd({ Rmax }), { packetSize: 0 })).toThrow(/packetSize/);
  });
});

describe("recoveryTime (Trec)", () => {
  it("is T for FIMD and LIPD at every rate from R'min (Condition 3)", () => {
    for (const f of [fimd({ Rmax }), lipd({ Rmax })]) {
      for (const r of logRates(50, 2 * Rmin)) {
        expect(recoveryTime(f, r, { packetSize }) / T).toBeCloseTo(1, 9);
      }
    }
  });
  it("grows with the rate for AIMD: r/(m Rmin) periods", () => {
    const f = aimd({ Rmax });
    expect(recoveryTime(f, Rmax, { packetSize }) / T).toBeCloseTo(128, 9);
    expect(recoveryTime(f, 10 * Rmin, { packetSize }) / T).toBeCloseTo(5, 9);
    expect(recoveryTime(aimd({ Rmax, m: 4 }), 40 * Rmin, { packetSize }) / T).toBeCloseTo(10, 9);
  });
  it("is below T under R'min, where a mark is clamped at Rmin", () => {
    expect(recoveryTime(fimd({ Rmax }), 1.5 * Rmin, { packetSize }) / T).toBeCloseTo(Math.log2(1.5), 9);
    expect(recoveryTime(fimd({ Rmax }), Rmin, { packetSize })).toBe(0);
  });
});

describe("checkConditions", () => {
  it("passes FIMD and LIPD", () => {
    for (const f of [fimd({ Rmax }), lipd({ Rmax }), fimd({ Rmax, m: 1.3 }), lipd({ Rmax, Rmin: Rmax / 10 })]) {
      const report = checkConditions(f);
      expect(report.violations).toEqual([]);
      expect(report.holds).toBe(true);
    }
  });
  it("reports R'min = f_dec^-1(Rmin)", () => {
    expect(checkConditions(fimd({ Rmax })).RminPrime / Rmin).toBeCloseTo(2, 9);
    expect(checkConditions(lipd({ Rmax })).RminPrime / Rmin).toBeCloseTo(256 / 255, 9);
  });
  it("shows that AIMD breaks only Condition 3, at every rate above m Rmin", () => {
    const report = checkConditions(aimd({ Rmax }), { samples: 200 });
    expect(report.condition1.holds).toBe(true);
    expect(report.condition2.holds).toBe(true);
    expect(report.condition3.holds).toBe(false);
    const [first] = report.condition3.violations;
    expect(first?.rate).toBeGreaterThan(2 * Rmin);
    expect(first?.rate).toBeLessThan(2.1 * Rmin);
    const last = report.condition3.violations.at(-1);
    expect(last?.rate).toBe(Rmax);
    expect(last?.value).toBeCloseTo(128, 6);
    expect(last?.message).toMatch(/^Condition 3: Trec\(1000000000\) = 128 T/);
  });
  it("finds a Condition 1 violation with its rate", () => {
    // LIPD's decrease with FIMD's (too fast) increase at low rates.
    const l = lipd({ Rmax });
    const f = fimd({ Rmax });
    const mixed: ResponseFunction = { ...l, name: "mixed", curve: undefined, increase: f.increase };
    const report = checkConditions(mixed, { samples: 100, tolerance: 1e-3 });
    expect(report.condition1.holds).toBe(false);
    const v = report.condition1.violations[0];
    expect(v?.condition).toBe(1);
    expect(v?.value).toBeGreaterThan(v?.bound ?? Number.POSITIVE_INFINITY);
  });
  it("finds a Condition 2 violation where recovery gets faster with rate", () => {
    // Fixed decrease step of 0.3 Rmin with FIMD's increase: Trec shrinks as r grows.
    const f = fimd({ Rmax });
    const odd: ResponseFunction = { ...f, name: "odd", decrease: (r) => Math.max(Rmin, r - 0.3 * Rmin) };
    const report = checkConditions(odd, { samples: 100 });
    expect(report.condition2.holds).toBe(false);
    expect(report.condition2.violations[0]?.message).toMatch(/^Condition 2/);
  });
  it("can be limited to a sub-range", () => {
    const report = checkConditions(aimd({ Rmax }), { Rmin: Rmin, Rmax: 2 * Rmin });
    expect(report.holds).toBe(true);
    expect(() => checkConditions(aimd({ Rmax }), { samples: 1 })).toThrow(/samples/);
  });
});

describe("deriveIncrease", () => {
  const grid = logRates(400);
  const worst = (a: ResponseFunction, b: ResponseFunction) =>
    Math.max(...grid.map((r) => Math.abs(a.increase(r) / b.increase(r) - 1)));

  it("recovers FIMD from the multiplicative decrease", () => {
    for (const m of [2, 1.5, 4]) {
      const derived = deriveIncrease((r) => Math.max(r / m, Rmin), { Rmin, Rmax });
      expect(worst(derived, fimd({ Rmax, m }))).toBeLessThan(1e-10);
      expect(derived.curve.duration).toBeCloseTo(Math.log(256) / Math.log(m), 9);
    }
  });
  it("recovers LIPD from the linear-IPD decrease", () => {
    const derived = deriveIncrease((r) => Rmax / (Rmax / r + 1), { Rmin, Rmax, name: "lipd-derived" });
    expect(derived.name).toBe("lipd-derived");
    expect(worst(derived, lipd({ Rmax }))).toBeLessThan(1e-10);
    expect(derived.curve.duration).toBeCloseTo(255, 8);
    expect(derived.fit.residual).toBeLessThan(1e-10);
    expect(derived.fit.RminPrime / Rmin).toBeCloseTo(256 / 255, 9);
    // F_inc itself matches santos-2002's closed form
    for (const t of [0.5, 10, 100, 254.5]) {
      expect(derived.curve.rateAt(t) / (Rmax / (256 - t))).toBeCloseTo(1, 10);
    }
  });
  it("inverts its curve accurately everywhere", () => {
    const derived = deriveIncrease((r) => Rmax / (Rmax / r + 1), { Rmin, Rmax });
    for (const r of logRates(3000)) {
      expect(derived.curve.rateAt(derived.curve.timeAt(r)) / r).toBeCloseTo(1, 11);
    }
  });
  it("gives functions that pass Conditions 1-3", () => {
    const decreases = [
      (r: number) => r / 2,
      (r: number) => Rmax / (Rmax / r + 1),
      (r: number) => r * (1 - (0.4 * r) / Rmax), // gentle at low rates, 40% at Rmax
      (r: number) => r / (1.2 + (0.8 * r) / Rmax), // from /1.2 to /2
    ];
    for (const decrease of decreases) {
      const derived = deriveIncrease(decrease, { Rmin, Rmax });
      const report = checkConditions(derived);
      expect(report.violations).toEqual([]);
    }
  });
  it("rejects decreases it cannot work with", () => {
    expect(() => deriveIncrease((r) => r, { Rmin, Rmax })).toThrow(/does not lower/);
    expect(() => deriveIncrease((r) => (r > Rmax / 2 ? r / 4 : r / 2), { Rmin, Rmax })).toThrow(/non-decreasing/);
    expect(() => deriveIncrease(() => Rmin, { Rmin, Rmax })).toThrow(/nothing to derive/);
    expect(() => deriveIncrease((r) => r / 2, { Rmin: 2, Rmax: 1 })).toThrow(/Rmin < Rmax/);
  });
});

describe("responseFromCurve", () => {
  it("builds f_inc(r) = min(F^r(1/r), Rmax) from a curve", () => {
    const f = fimd({ Rmax: 256, Rmin: 1 });
    if (f.curve === undefined) throw new Error("fimd has a curve");
    const rebuilt = responseFromCurve({
      name: "again",
      parameters: f.parameters,
      decrease: f.decrease,
      curve: f.curve,
    });
    for (const r of [1, 1.7, 20, 128, 255]) expect(rebuilt.increase(r)).toBeCloseTo(f.increase(r), 10);
    expect(rebuilt.decrease(100)).toBe(50);
  });
  it("insists on a normalised curve", () => {
    const f = lipd({ Rmax: 256, Rmin: 1 });
    const curve = incrementCurve(f, { packetSize: 2 });
    expect(() => responseFromCurve({ name: "x", parameters: f.parameters, decrease: f.decrease, curve })).toThrow(
      /period 1/,
    );
  });
});
