import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkConditions,
  deriveIncrease,
  discreteRate,
  fimd,
  hybrid,
  type LimitingFactor,
  perAck,
  type ResponseFunction,
  type ResponseName,
  responseFunction,
} from "../src/index.js";

interface Setup {
  name: ResponseName;
  Rmax: number;
  ratio: number;
  m: number;
}

/** A shipped function with a random range and factor. */
const setups = fc.record({
  name: fc.constantFrom<ResponseName>("aimd", "fimd", "lipd"),
  Rmax: fc.double({ min: 1, max: 1e12, noNaN: true }),
  ratio: fc.double({ min: 2, max: 4096, noNaN: true }),
  m: fc.double({ min: 1.05, max: 8, noNaN: true }),
});

function build(setup: Setup): ResponseFunction {
  const { name, Rmax, ratio, m } = setup;
  return responseFunction(name, { Rmax, Rmin: Rmax / ratio, m: name === "lipd" ? undefined : m });
}

/** A rate in [Rmin, Rmax] from a fraction of the log range. */
const rateIn = (fn: ResponseFunction, u: number) => fn.parameters.Rmin * (fn.parameters.Rmax / fn.parameters.Rmin) ** u;
const unit = fc.double({ min: 0, max: 1, noNaN: true });

describe("every shipped response function", () => {
  it("keeps rates within [Rmin, Rmax]; increase never lowers, decrease never raises", () => {
    fc.assert(
      fc.property(setups, unit, fc.double({ min: 0, max: 4, noNaN: true }), (setup, u, packets) => {
        const fn = build(setup);
        const { Rmin, Rmax } = fn.parameters;
        const r = rateIn(fn, u);
        const up = fn.increase(r, packets);
        const down = fn.decrease(r);
        expect(up).toBeGreaterThanOrEqual(r * (1 - 1e-12));
        expect(up).toBeLessThanOrEqual(Rmax);
        expect(down).toBeLessThanOrEqual(r);
        expect(down).toBeGreaterThanOrEqual(Rmin);
      }),
      { numRuns: 300 },
    );
  });

  it("has a monotone decrease", () => {
    fc.assert(
      fc.property(setups, unit, unit, (setup, u1, u2) => {
        const fn = build(setup);
        const [low, high] = u1 <= u2 ? [u1, u2] : [u2, u1];
        expect(fn.decrease(rateIn(fn, low))).toBeLessThanOrEqual(fn.decrease(rateIn(fn, high)));
      }),
      { numRuns: 300 },
    );
  });

  it("meets Conditions 1 and 2; FIMD and LIPD meet Condition 3 (within 1e-6)", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const report = checkConditions(build(setup), { samples: 200 });
        expect(report.condition1.violations).toEqual([]);
        expect(report.condition2.violations).toEqual([]);
        if (setup.name !== "aimd") expect(report.condition3.violations).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it("in discrete mode stays on the IPD grid Rmax/(1+ipd)", () => {
    fc.assert(
      fc.property(
        setups,
        fc.array(fc.boolean(), { maxLength: 400 }),
        fc.integer({ min: 0, max: 255 }),
        (setup, marks, startIpd) => {
          const fn = build({ ...setup, ratio: 256 });
          const { Rmax } = fn.parameters;
          const limit = discreteRate(fn, { initialRate: Rmax / (1 + startIpd) });
          const onGrid = (rate: number) => {
            const ipd = Rmax / rate - 1;
            expect(Math.abs(ipd - Math.round(ipd))).toBeLessThan(1e-6);
            expect(Math.round(ipd)).toBeGreaterThanOrEqual(0);
            expect(Math.round(ipd)).toBeLessThanOrEqual(255);
            expect(Math.round(ipd)).toBe(limit.level);
          };
          onGrid(limit.rate);
          for (const marked of marks) {
            const before = limit.rate;
            const after = marked ? limit.decrease() : limit.increase();
            onGrid(after);
            if (marked) expect(after < before || limit.level === 255).toBe(true);
            else expect(after).toBeGreaterThanOrEqual(before);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("controllers under random feedback", () => {
  const events = fc.array(
    fc.record({ marked: fc.boolean(), packets: fc.integer({ min: 1, max: 5 }), cnp: fc.boolean() }),
    { maxLength: 200 },
  );

  it("perAck keeps the rate in range, and on the grid in discrete mode", () => {
    fc.assert(
      fc.property(setups, fc.constantFrom("continuous" as const, "discrete" as const), events, (setup, mode, feed) => {
        const lineRate = setup.Rmax;
        const m = setup.name === "lipd" ? undefined : setup.m;
        const c = perAck({ response: setup.name, m, mode })({ lineRate, packetSize: 2048 });
        let seq = 0;
        for (const e of feed) {
          seq += e.packets;
          if (e.cnp) c.onCnp();
          else c.onAck({ marked: e.marked, packets: e.packets, bytes: 2048 * e.packets, seq });
          expect(c.rate).toBeGreaterThanOrEqual(lineRate / 256);
          expect(c.rate).toBeLessThanOrEqual(lineRate);
          if (mode === "discrete") {
            const ipd = lineRate / c.rate - 1;
            expect(Math.abs(ipd - Math.round(ipd))).toBeLessThan(1e-6);
          }
          expect(c.window).toBe(1);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("hybrid keeps IPD, window, RPI and OUTS within their ranges", () => {
    const step = fc.record({
      kind: fc.constantFrom("send", "ack", "cnp"),
      marked: fc.boolean(),
      packets: fc.integer({ min: 1, max: 4 }),
      limitedBy: fc.constantFrom<LimitingFactor>("rate", "window", "other"),
    });
    fc.assert(
      fc.property(
        fc.constantFrom<ResponseName>("aimd", "fimd", "lipd"),
        fc.integer({ min: 1, max: 16 }),
        fc.array(step, { maxLength: 300 }),
        (name, maxWindow, steps) => {
          const c = hybrid({ response: name, maxWindow })({ lineRate: 1e9, packetSize: 2048 });
          let sent = 0;
          for (const s of steps) {
            if (s.kind === "send") c.onSend({ seq: ++sent, bytes: 2048, limitedBy: s.limitedBy });
            else if (s.kind === "ack") c.onAck({ marked: s.marked, packets: s.packets, bytes: 2048, seq: sent });
            else c.onCnp({ seq: sent });
            expect(Number.isInteger(c.ipd) && c.ipd >= 0 && c.ipd <= 255).toBe(true);
            expect(c.rate).toBe(1e9 / (1 + c.ipd));
            expect(Number.isInteger(c.window) && c.window >= 1 && c.window <= maxWindow).toBe(true);
            expect(Number.isInteger(c.remainingPackets) && c.remainingPackets >= 0).toBe(true);
            expect(c.outstanding).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("deriveIncrease", () => {
  it("recovers FIMD for any m", () => {
    fc.assert(
      fc.property(fc.double({ min: 1.1, max: 6, noNaN: true }), unit, (m, u) => {
        const Rmax = 1e9;
        const Rmin = Rmax / 256;
        const derived = deriveIncrease((r) => r / m, { Rmin, Rmax });
        const f = fimd({ Rmax, m });
        const r = rateIn(f, u);
        expect(derived.increase(r) / f.increase(r)).toBeCloseTo(1, 9);
      }),
      { numRuns: 15 },
    );
  });
});
