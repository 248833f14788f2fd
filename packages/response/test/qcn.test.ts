import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { MAX_QCN_FEEDBACK, qcn } from "../src/index.js";

const flow = { lineRate: 1e9, packetSize: 1500 };
const send = (bytes = 1500) => ({ seq: 0, bytes, limitedBy: "rate" as const });
/** The state a test compares: [phase, CR, TR, BC stage, T stage]. */
const state = (c: ReturnType<ReturnType<typeof qcn>>) => [
  c.phase,
  c.currentRate,
  c.targetRate,
  c.byteStage,
  c.timerStage,
];

describe("qcn reaction point (IEEE 802.1Qau)", () => {
  it("runs at the line rate until the first CNM, which takes a rate limiter and cuts CR", () => {
    const c = qcn()(flow);
    expect([c.active, c.phase, c.rate, c.window, c.wakeAt]).toEqual([
      false,
      "inactive",
      1e9,
      Number.POSITIVE_INFINITY,
      undefined,
    ]);
    c.onSend(send()); // no rate limiter: no byte counting
    expect(c.bytesLeft).toBe(150_000);
    c.onCnp({ feedback: 32, now: 1000 }); // CR = 1e9 (1 - 32/128), TR = line rate
    expect([c.active, ...state(c)]).toEqual([true, "fast-recovery", 7.5e8, 1e9, 0, 0]);
    expect(c.rate).toBe(7.5e8);
    expect(c.wakeAt).toBe(1000 + 15e9); // T = 15 ms
  });

  it("recovers halfway to TR for 5 byte-counter cycles, then adds R_AI to TR", () => {
    const c = qcn()(flow);
    c.onCnp({ feedback: 32, now: 0 });
    for (let i = 0; i < 99; i++) c.onSend(send());
    expect([c.byteStage, c.bytesLeft]).toEqual([0, 1500]);
    const rates: number[] = [];
    for (let cycle = 0; cycle < 7; cycle++) {
      while (c.bytesLeft > 1500) c.onSend(send());
      c.onSend(send()); // the 100th packet of the cycle: 150 000 bytes
      rates.push(c.currentRate);
      if (cycle === 4) expect(state(c)).toEqual(["fast-recovery", 992187500, 1e9, 5, 0]);
    }
    // (CR + TR)/2 with TR = 1e9: 8.75e8, 9.375e8, ...; then TR = 1e9 + 625 000 (5 Mb/s), + 625 000.
    expect(rates).toEqual([8.75e8, 9.375e8, 9.6875e8, 9.84375e8, 9.921875e8, 996406250, 998828125]);
    expect(state(c)).toEqual(["active-increase", 998828125, 1001250000, 7, 0]);
    expect(c.bytesLeft).toBe(150_000);
  });

  it("enters hyper-active increase when both counters are past F, adding i·R_HAI", () => {
    const c = qcn({ activeIncrease: 1e6, hyperIncrease: 1e7, byteLimit: 1000, timerPeriod: 1000 })(flow);
    c.onCnp({ feedback: 32, now: 0 }); // CR 7.5e8, TR 1e9
    c.onSend(send(1000)); // BC stage 1: CR 8.75e8
    c.onCnp({ feedback: 32, now: 500 }); // a cycle has passed: TR = CR = 8.75e8; CR = 6.5625e8
    expect([...state(c), c.wakeAt, c.bytesLeft]).toEqual(["fast-recovery", 656250000, 875e6, 0, 0, 1500, 1000]);
    const timerRates: number[] = [];
    for (let cycle = 1; cycle <= 6; cycle++) {
      c.onTimer(500 + cycle * 1000);
      timerRates.push(c.currentRate);
    }
    // Five fast-recovery cycles toward 8.75e8, then active increase: TR 8.76e8.
    expect(timerRates).toEqual([765625000, 820312500, 847656250, 861328125, 868164062.5, 872082031.25]);
    expect(state(c)).toEqual(["active-increase", 872082031.25, 876e6, 0, 6]);
    const byteRates: number[] = [];
    for (let cycle = 1; cycle <= 6; cycle++) {
      c.onSend(send(1000));
      byteRates.push(c.currentRate);
    }
    // BC stages 1..5 are active increase (T is past F): TR +1e6 each; at 6 both are past F: TR + 1·1e7.
    expect(byteRates).toEqual([
      874541015.625, 876270507.8125, 877635253.90625, 878817626.953125, 879908813.4765625, 885454406.7382812,
    ]);
    expect(state(c)).toEqual(["hyper-active-increase", 885454406.7382812, 891e6, 6, 6]);
    expect(c.bytesLeft).toBe(500); // a cycle started in hyper-active increase is halved
    c.onSend(send(500)); // BC stage 7, min(7, 6) - 5 = 1: TR + 1e7
    expect([c.currentRate, c.targetRate]).toEqual([893227203.3691406, 901e6]);
    expect(c.wakeAt).toBe(7500); // started in active increase: a full T
    c.onTimer(7500); // T stage 7, min(7, 7) - 5 = 2: TR + 2e7
    expect(state(c)).toEqual(["hyper-active-increase", 907113601.6845703, 921e6, 7, 7]);
    expect(c.wakeAt).toBe(8000); // halved
  });

  it("never reaches hyper-active increase on one counter alone", () => {
    const c = qcn({ timerPeriod: 1000 })(flow);
    c.onCnp({ feedback: 63, now: 0 }); // CR = 1e9 · 65/128 = 507 812 500
    for (let cycle = 1; cycle <= 8; cycle++) c.onTimer(cycle * 1000);
    // Cycles 1-5: CR halves toward 1e9 (984 619 140.625 after 5); 6-8: TR + 625 000 each.
    expect(state(c)).toEqual(["active-increase", 999405517.578125, 1001875000, 0, 8]);
  });

  it("keeps TR and the byte count through CNMs that come before a cycle ends", () => {
    const c = qcn()(flow);
    c.onCnp({ feedback: 32, now: 0 });
    c.onSend(send(100_000));
    c.onCnp({ feedback: 32, now: 10 }); // "already decreasing": TR stays 1e9, 50 000 bytes still to go
    expect([c.currentRate, c.targetRate, c.bytesLeft, c.wakeAt]).toEqual([5.625e8, 1e9, 50_000, 10 + 15e9]);
    c.onSend(send(50_000)); // BC stage 1: CR = (5.625e8 + 1e9)/2
    expect([c.currentRate, c.byteStage]).toEqual([7.8125e8, 1]);
    c.onSend(send(100_000));
    c.onCnp({ feedback: 16, now: 20 }); // after a cycle: TR = CR = 7.8125e8, the byte count restarts
    expect([c.currentRate, c.targetRate, c.bytesLeft, c.byteStage]).toEqual([683593750, 7.8125e8, 150_000, 0]);
  });

  it("divides a stale TR by 8 at the end of the first cycle when TR > 10·CR", () => {
    const stale = (reduceStaleTarget?: boolean) => {
      const c = qcn({ reduceStaleTarget })(flow);
      for (let i = 0; i < 4; i++) c.onCnp({ feedback: 63, now: 0 }); // CR = 1e9 (65/128)^4, TR stays 1e9
      expect(c.currentRate).toBe(66498760.133981705);
      c.onSend(send(150_000));
      return [c.currentRate, c.targetRate];
    };
    expect(stale()).toEqual([95749380.06699085, 1.25e8]); // TR = 1e9/8, CR = (66 498 760.13 + 1.25e8)/2
    expect(stale(false)).toEqual([533249380.06699085, 1e9]);
  });

  it("takes the quantized feedback 0..63 and never goes below Rmin", () => {
    const c = qcn()(flow);
    c.onCnp({ feedback: 0, now: 0 });
    expect([c.active, c.currentRate]).toEqual([true, 1e9]);
    c.onCnp({ feedback: MAX_QCN_FEEDBACK, now: 0 });
    expect(c.currentRate).toBe(507812500); // 1e9 · (1 - 63/128)
    for (const feedback of [-1, 64, 1.5, Number.NaN, undefined]) {
      expect(() => c.onCnp({ feedback, now: 0 })).toThrow(
        `qcn: cnp.feedback (QntzFb) must be an integer from 0 to 63, got ${String(feedback)}`,
      );
    }
    expect(() => c.onCnp()).toThrow(/cnp.feedback/);
    expect(() => c.onCnp({ feedback: 1 })).toThrow("qcn: cnp.now is required to restart the timer");
    expect(c.currentRate).toBe(507812500); // refused CNMs changed nothing
    const floor = qcn({ minRate: 6e8 })(flow);
    floor.onCnp({ feedback: 63, now: 0 });
    expect(floor.currentRate).toBe(6e8);
    const defaultFloor = qcn()(flow);
    for (let i = 0; i < 20; i++) defaultFloor.onCnp({ feedback: 63, now: 0 });
    expect(defaultFloor.currentRate).toBe(12.5e6); // 100 Mb/s
  });

  it("releases the rate limiter when CR climbs back to the line rate", () => {
    const c = qcn({ timerPeriod: 1000 })(flow);
    c.onCnp({ feedback: 1, now: 0 }); // CR = 1e9 · 127/128 = 992 187 500
    for (let cycle = 1; cycle <= 5; cycle++) c.onTimer(cycle * 1000);
    expect(c.currentRate).toBe(999755859.375);
    c.onTimer(6000); // TR = 1 000 625 000: (CR + TR)/2 > 1e9, capped and released
    expect([c.active, ...state(c), c.wakeAt, c.rate]).toEqual([false, "inactive", 1e9, 1e9, 0, 0, undefined, 1e9]);
    c.onSend(send());
    expect(c.bytesLeft).toBe(150_000);
    c.onCnp({ feedback: 32, now: 7000 }); // a new rate limiter at the line rate
    expect([c.currentRate, c.targetRate, c.wakeAt]).toEqual([7.5e8, 1e9, 7000 + 1000]);
  });

  it("ignores early timer calls and keeps the timer's phase when called late", () => {
    const c = qcn({ timerPeriod: 1000 })(flow);
    c.onTimer(5000); // no rate limiter: nothing
    c.onCnp({ feedback: 32, now: 100 });
    c.onTimer(1000); // early
    expect(c.timerStage).toBe(0);
    c.onTimer(1350); // due at 1100: one cycle, next at 2100
    expect([c.timerStage, c.wakeAt]).toEqual([1, 2100]);
    c.onCnp({ feedback: 32, now: 1500 }); // a CNM restarts the timer
    expect([c.timerStage, c.wakeAt]).toEqual([0, 2500]);
  });

  it('halves cycles per `halveCycles`: "counter-active" after a counter\'s F cycles, or "never"', () => {
    const own = qcn({ halveCycles: "counter-active", timerPeriod: 1001 })(flow);
    own.onCnp({ feedback: 32, now: 0 });
    for (let cycle = 1; cycle <= 4; cycle++) own.onSend(send(150_000));
    expect(own.bytesLeft).toBe(150_000);
    own.onSend(send(150_000)); // BC stage 5 = F: its next cycles are halved, still fast recovery
    expect([own.phase, own.bytesLeft]).toEqual(["fast-recovery", 75_000]);
    for (let cycle = 1; cycle <= 5; cycle++) own.onTimer(cycle * 1001);
    expect(own.wakeAt).toBe(5005 + 501); // T/2 rounded to whole picoseconds
    const never = qcn({ halveCycles: "never", byteLimit: 1000, timerPeriod: 1000 })({ lineRate: 1e12, packetSize: 1 });
    never.onCnp({ feedback: 63, now: 0 });
    for (let cycle = 1; cycle <= 7; cycle++) {
      never.onSend(send(1000));
      never.onTimer(cycle * 1000);
    }
    expect([never.phase, never.bytesLeft, never.wakeAt]).toEqual(["hyper-active-increase", 1000, 8000]);
  });

  it("names the bad parameter and the allowed values", () => {
    expect(() => qcn({ decreaseGain: 1 / 63 })).toThrow(
      "qcn: decreaseGain must be < 1/63 so that QntzFb 63 leaves a positive rate, got 0.015873015873015872",
    );
    expect(() => qcn({ decreaseGain: 0 })).toThrow("qcn: decreaseGain must be a finite number > 0, got 0");
    expect(() => qcn({ fastRecoveryCycles: 0 })).toThrow("qcn: fastRecoveryCycles must be an integer >= 1, got 0");
    expect(() => qcn({ timerPeriod: 1.5 })).toThrow("qcn: timerPeriod must be an integer >= 1, got 1.5");
    expect(() => qcn({ byteLimit: -1 })).toThrow(/byteLimit must be a finite number > 0/);
    expect(() => qcn({ activeIncrease: -1 })).toThrow(/activeIncrease must be a finite number >= 0/);
    expect(() => qcn({ halveCycles: "always" as never })).toThrow(
      'qcn: halveCycles must be one of "hyper-active", "counter-active", "never", got "always"',
    );
    expect(() => qcn({ reduceStaleTarget: 1 as never })).toThrow("qcn: reduceStaleTarget must be true or false, got 1");
    expect(() => qcn({ minRate: 2e9 })(flow)).toThrow(
      "qcn: minRate (2000000000 B/s) must be <= flow.lineRate (1000000000 B/s)",
    );
    expect(() => qcn()({ lineRate: 0, packetSize: 1 })).toThrow(/lineRate/);
    expect(() => qcn()(flow).onSend(send(0))).toThrow(/send.bytes/);
  });

  it('is registered as "qcn"', () => {
    const c = registered({ kind: "qcn", decreaseGain: 1 / 64 }, flow);
    c.onCnp({ feedback: 32, now: 0 });
    expect(c.rate).toBe(5e8);
    expect(registered({ kind: "qcn" }, flow).rate).toBe(1e9);
  });
});
