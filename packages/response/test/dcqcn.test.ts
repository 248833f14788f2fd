/**
 * DCQCN's reaction point against traces computed by hand from the update rules (Zhu et al.,
 * SIGCOMM 2015, sec. 3): on a CNP, RT = RC, RC = max(RC(1 - alpha/2), Rmin),
 * alpha = (1 - g) alpha + g; alpha *= (1 - g) per K without a CNP; QCN's increase.
 */

import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { dcqcn } from "../src/index.js";

const flow = { lineRate: 1e9, packetSize: 1000 };
const g = 1 / 256;
const K = 55e6; // 55 us in ps
const send = (bytes: number) => ({ seq: 0, bytes, limitedBy: "rate" as const });

describe("dcqcn reaction point", () => {
  it("runs at the line rate until the first CNP, which halves it (alpha starts at 1)", () => {
    const c = dcqcn()(flow);
    expect([c.active, c.phase, c.rate, c.window, c.wakeAt, c.alpha]).toEqual([
      false,
      "inactive",
      1e9,
      Number.POSITIVE_INFINITY,
      undefined,
      1,
    ]);
    c.onCnp({ now: 0 });
    // RC = 1e9 (1 - 1/2) = 5e8; RT = the old RC = 1e9; alpha = (1 - g)·1 + g = 1.
    expect([c.phase, c.currentRate, c.targetRate, c.alpha]).toEqual(["fast-recovery", 5e8, 1e9, 1]);
    expect(c.wakeAt).toBe(55e6); // T = 55 us
  });

  it("cuts by alpha/2 with the alpha before the CNP, alpha decaying once per whole K without a CNP", () => {
    const c = dcqcn()(flow);
    c.onCnp({ now: 0 }); // RC 5e8, alpha 1
    c.onCnp({ now: 10e6 }); // less than K later: alpha still 1; RT = 5e8, RC = 2.5e8
    expect([c.currentRate, c.targetRate, c.alpha]).toEqual([2.5e8, 5e8, 1]);
    expect(c.alphaAt(10e6 + K - 1)).toBe(1); // not yet a whole K
    expect(c.alphaAt(10e6 + K)).toBe(255 / 256);
    // Three whole K (165 us) later: alpha = (255/256)^3 = 16581375/16777216 = 0.98832696676...
    const t = 10e6 + 3 * K + 7e6;
    expect(c.alphaAt(t)).toBeCloseTo(16581375 / 16777216, 15);
    expect(c.alphaAt(t)).toBeCloseTo(0.9883269667625427, 15);
    c.onCnp({ now: t });
    // RT = 2.5e8; RC = 2.5e8 (1 - 0.98832696676/2) = 2.5e8 · 0.50583651661... = 126 459 129.15...;
    // alpha = (255/256) · 0.98832696676 + 1/256 = 0.98446631... + 0.00390625 = 0.98837256...
    expect(c.targetRate).toBe(2.5e8);
    expect(c.currentRate).toBeCloseTo(126459129.15468, 4);
    expect(c.alpha).toBeCloseTo((255 / 256) * (16581375 / 16777216) + g, 15);
    expect(c.alpha).toBeCloseTo(0.98837256454863, 13);
  });

  it("always sets RT = RC and restarts the byte counter on a CNP (QCN keeps them while 'already decreasing')", () => {
    const c = dcqcn()(flow);
    c.onCnp({ now: 0 }); // RC 5e8, RT 1e9
    c.onSend(send(100_000));
    expect(c.bytesLeft).toBe(9_900_000); // B = 10 MB
    c.onCnp({ now: 1000 }); // no cycle completed, yet RT = RC = 5e8 and RC = 2.5e8
    expect([c.currentRate, c.targetRate, c.bytesLeft, c.byteStage, c.wakeAt]).toEqual([
      2.5e8,
      5e8,
      10_000_000,
      0,
      1000 + 55e6,
    ]);
  });

  it("recovers as QCN's reaction point: F = 5 fast-recovery cycles, then RT += R_AI, then release at the line rate", () => {
    const c = dcqcn({ timerPeriod: 1000 })(flow);
    c.onCnp({ now: 0 }); // RC 5e8, RT 1e9
    const rates: number[] = [];
    for (let cycle = 1; cycle <= 6; cycle++) {
      c.onTimer(cycle * 1000);
      rates.push(c.currentRate);
    }
    // Cycles 1-5: RC = (RC + RT)/2 = 7.5e8, 8.75e8, 9.375e8, 9.6875e8, 9.84375e8.
    // Cycle 6 (T stage 6 > F): RT = 1e9 + 40 Mb/s (5e6 B/s) = 1.005e9; RC = (9.84375e8 + 1.005e9)/2 = 994 687 500.
    expect(rates).toEqual([7.5e8, 8.75e8, 9.375e8, 9.6875e8, 9.84375e8, 994_687_500]);
    expect([c.phase, c.targetRate, c.timerStage]).toEqual(["active-increase", 1.005e9, 6]);
    c.onTimer(7000); // RT = 1.01e9; (994 687 500 + 1.01e9)/2 = 1 002 343 750 > 1e9: capped, released
    expect([c.active, c.phase, c.rate, c.targetRate, c.wakeAt]).toEqual([false, "inactive", 1e9, 1e9, undefined]);
  });

  it("counts bytes sent toward the byte counter's cycles", () => {
    const c = dcqcn({ byteLimit: 3000 })(flow);
    c.onCnp({ now: 0 }); // RC 5e8, RT 1e9
    c.onSend(send(1000));
    c.onSend(send(1000));
    expect([c.byteStage, c.currentRate]).toEqual([0, 5e8]);
    c.onSend(send(1000)); // 3000 bytes: BC stage 1, RC = (5e8 + 1e9)/2
    expect([c.byteStage, c.currentRate, c.bytesLeft]).toEqual([1, 7.5e8, 3000]);
  });

  it("takes initialAlpha and g, and never goes below Rmin", () => {
    const c = dcqcn({ initialAlpha: 0.5, gain: 1 / 16 })(flow);
    c.onCnp({ now: 0 }); // RC = 1e9 (1 - 0.25) = 7.5e8; alpha = (15/16)·0.5 + 1/16 = 0.53125
    expect([c.currentRate, c.alpha]).toEqual([7.5e8, 0.53125]);
    const floor = dcqcn({ minRate: 4e8 })(flow);
    floor.onCnp({ now: 0 }); // 5e8
    floor.onCnp({ now: 0 }); // 2.5e8 < Rmin: 4e8
    expect(floor.currentRate).toBe(4e8);
  });

  it("ignores ACKs, marked or not", () => {
    const c = dcqcn()(flow);
    c.onAck({ marked: true, bytes: 1000, seq: 1, now: 0 });
    expect([c.active, c.rate]).toEqual([false, 1e9]);
  });

  it("names the bad parameter or event field and the allowed values", () => {
    expect(() => dcqcn({ gain: 0 })).toThrow("dcqcn: gain must be a finite number > 0, got 0");
    expect(() => dcqcn({ gain: 1.5 })).toThrow("dcqcn: gain must be in (0, 1], got 1.5");
    expect(() => dcqcn({ initialAlpha: 2 })).toThrow("dcqcn: initialAlpha must be in (0, 1], got 2");
    expect(() => dcqcn({ alphaPeriod: 0.5 })).toThrow("dcqcn: alphaPeriod must be an integer >= 1, got 0.5");
    expect(() => dcqcn({ timerPeriod: -1 })).toThrow("dcqcn: timerPeriod must be an integer >= 1, got -1");
    expect(() => dcqcn({ fastRecoveryCycles: 0 })).toThrow("dcqcn: fastRecoveryCycles must be an integer >= 1, got 0");
    expect(() => dcqcn({ halveCycles: "always" as never })).toThrow(
      'dcqcn: halveCycles must be one of "hyper-active", "counter-active", "never", got "always"',
    );
    expect(() => dcqcn({ minRate: 2e9 })(flow)).toThrow(
      "dcqcn: minRate (2000000000 B/s) must be <= flow.lineRate (1000000000 B/s)",
    );
    const c = dcqcn()(flow);
    expect(() => c.onCnp()).toThrow("dcqcn: cnp.now is required to restart the timer");
    c.onCnp({ now: 100 });
    expect(() => c.onCnp({ now: 50 })).toThrow("dcqcn: cnp.now must not go back in time (50 < 100)");
    expect(() => c.onSend(send(0))).toThrow("dcqcn: send.bytes must be a finite number > 0, got 0");
  });

  it('is registered as "dcqcn"', () => {
    const c = registered({ kind: "dcqcn", initialAlpha: 0.5 }, flow);
    c.onCnp({ now: 0 });
    expect(c.rate).toBe(7.5e8);
  });
});
