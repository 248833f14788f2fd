/**
 * TIMELY against traces computed by hand from Algorithm 1 of Mittal et al. (SIGCOMM 2015)
 * with the paper's parameters: T_low 50 us, T_high 500 us, minRTT 20 us, alpha 0.875,
 * beta 0.8, delta 10 Mb/s = 1.25e6 B/s, N = 5.
 */

import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { controllers, timely } from "../src/index.js";

const flow = { lineRate: 1.25e9, packetSize: 1500 }; // 10 Gb/s
const us = 1e6; // ps
let seq = 0;
const ack = (rttUs: number) => ({ marked: false, bytes: 16_000, seq: ++seq, rtt: rttUs * us });

describe("timely", () => {
  it("follows the four regions of Algorithm 1", () => {
    const c = timely({ initialRate: 1e9 })(flow);
    expect([c.rate, c.window, c.wakeAt, c.previousRtt]).toEqual([1e9, Number.POSITIVE_INFINITY, undefined, undefined]);
    c.onAck(ack(100)); // the first sample only sets prev_rtt
    expect([c.rate, c.previousRtt, c.rttDifference]).toEqual([1e9, 100 * us, 0]);

    c.onAck(ack(110));
    // new_rtt_diff = 10 us; rtt_diff = 0.125·0 + 0.875·10 = 8.75 us; gradient = 8.75/20 = 0.4375 > 0,
    // T_low <= 110 <= T_high: rate = 1e9 (1 - 0.8·0.4375) = 1e9 · 0.65 = 6.5e8.
    expect(c.rttDifference).toBeCloseTo(8.75 * us, 6);
    expect(c.gradient).toBeCloseTo(0.4375, 12);
    expect(c.rate).toBeCloseTo(6.5e8, 3);

    c.onAck(ack(100));
    // new_rtt_diff = -10; rtt_diff = 0.125·8.75 - 8.75 = -7.65625 us; gradient = -0.3828125 <= 0:
    // the first negative gradient in a row, N = 1: rate = 6.5e8 + 1.25e6 = 651 250 000.
    expect(c.rttDifference).toBeCloseTo(-7.65625 * us, 6);
    expect([c.negativeGradients]).toEqual([1]);
    expect(c.rate).toBeCloseTo(651_250_000, 3);

    c.onAck(ack(40));
    // 40 us < T_low: rate += delta whatever the gradient: 652 500 000
    // (rtt_diff = 0.125·(-7.65625) + 0.875·(-60) = -53.45703125 us).
    expect(c.rttDifference).toBeCloseTo(-53.45703125 * us, 6);
    expect(c.rate).toBeCloseTo(652_500_000, 3);

    c.onAck(ack(600));
    // 600 us > T_high: rate = 652 500 000 (1 - 0.8 (1 - 500/600)) = 652 500 000 · 13/15 = 565 500 000;
    // the gradient (rtt_diff = 483.31787109375 us) is positive: the run of negative ones ends.
    expect(c.rate).toBeCloseTo(565_500_000, 3);
    expect(c.rttDifference).toBeCloseTo(483.31787109375 * us, 6);
    expect(c.negativeGradients).toBe(0);
  });

  it("adds 5·delta from the fifth completion in a row with gradient <= 0 (HAI), and clamps at minRate", () => {
    const c = timely({ initialRate: 5e8 })(flow);
    c.onAck(ack(400)); // first sample
    const rates: number[] = [];
    for (const rtt of [390, 380, 370, 360, 350, 340]) {
      c.onAck(ack(rtt));
      rates.push(c.rate);
    }
    // Every new_rtt_diff is -10 us, so rtt_diff < 0: -8.75, -9.84375, -9.98046875, ... us.
    // Completions 1-4 in the run add delta, the 5th and 6th add 5·delta = 6.25e6.
    expect(rates).toEqual([501_250_000, 502_500_000, 503_750_000, 505_000_000, 511_250_000, 517_500_000]);
    expect(c.negativeGradients).toBe(6);
    expect(c.rttDifference).toBeCloseTo(-9.999961853027344 * us, 6);
    c.onAck(ack(440));
    // rtt_diff = 0.125·(-9.99996185) + 0.875·100 = 86.25000477 us; gradient 4.3125002 > 1/beta:
    // 1 - 0.8·4.3125 < 0, so the rate falls to minRate (100 Mb/s = 12.5e6 B/s).
    expect(c.gradient).toBeCloseTo(4.312500238418579, 12);
    expect([c.rate, c.negativeGradients]).toEqual([12.5e6, 0]);
  });

  it("never exceeds the line rate, where it starts by default", () => {
    const c = timely()(flow);
    c.onAck(ack(30));
    c.onAck(ack(30)); // < T_low: +delta, capped
    expect(c.rate).toBe(1.25e9);
  });

  it("uses its parameters: T_low, delta, N and the HAI threshold", () => {
    const c = timely({ initialRate: 1e8, lowThreshold: 200 * us, additiveIncrease: 1e6 })(flow);
    c.onAck(ack(150));
    c.onAck(ack(190)); // < T_low = 200 us: +1e6 despite the positive gradient
    expect(c.rate).toBe(1.01e8);
    const hai = timely({ initialRate: 1e8, hyperIncreaseAfter: 1, hyperIncreaseMultiple: 3 })(flow);
    hai.onAck(ack(300));
    hai.onAck(ack(290)); // gradient < 0, the first of the run is already HAI: +3·1.25e6
    expect(hai.rate).toBe(1.0375e8);
  });

  it("ignores CNPs and sends", () => {
    const c = timely()(flow);
    c.onCnp({ now: 0 });
    c.onSend({ seq: 1, bytes: 1500, limitedBy: "rate" });
    expect(c.rate).toBe(1.25e9);
  });

  it("names the bad parameter or event field and the allowed values", () => {
    expect(() => timely({ ewmaWeight: 0 })).toThrow("timely: ewmaWeight must be a finite number > 0, got 0");
    expect(() => timely({ decreaseFactor: 1.2 })).toThrow("timely: decreaseFactor must be in (0, 1], got 1.2");
    expect(() => timely({ lowThreshold: 600 * us })).toThrow(
      "timely: lowThreshold (600000000 ps) must be < highThreshold (500000000 ps)",
    );
    expect(() => timely({ hyperIncreaseAfter: 0 })).toThrow(
      "timely: hyperIncreaseAfter must be an integer >= 1, got 0",
    );
    expect(() => timely({ minRate: 2e9 })(flow)).toThrow(
      "timely: minRate (2000000000 B/s) must be <= flow.lineRate (1250000000 B/s)",
    );
    expect(() => timely({ initialRate: 1e6 })(flow)).toThrow(
      "timely: initialRate must be in [minRate, flow.lineRate] = [12500000, 1250000000] B/s, got 1000000",
    );
    const c = timely()(flow);
    expect(() => c.onAck({ marked: false, bytes: 1500, seq: 1 })).toThrow(
      "timely: ack.rtt (ps) must be a finite number > 0, got undefined",
    );
    expect(() => c.onAck({ marked: false, bytes: 1500, seq: 1, rtt: -5 })).toThrow(/ack.rtt/);
  });

  it('is registered as "timely"', () => {
    const c = registered({ kind: "timely", initialRateFraction: 0.8 }, flow);
    c.onAck(ack(600));
    c.onAck(ack(600)); // > T_high: 1e9 (1 - 0.8/6)
    expect(c.rate).toBeCloseTo(866_666_666.67, 1);
    expect(controllers.definitionOf({ kind: "timely" }).feedback).toBe("rtt");
  });
});
