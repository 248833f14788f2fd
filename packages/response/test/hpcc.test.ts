/**
 * HPCC against traces computed by hand from Algorithm 1 of Li et al. (SIGCOMM 2019):
 * u' = min(qLen, L.qLen)/(B·T) + txRate/B per hop, U = (1 - τ/T) U + (τ/T) max u',
 * W = Wc/(U/η) + W_AI when U >= η or incStage >= maxStage, else W = Wc + W_AI; Wc and
 * incStage change only on an ACK for a packet sent after the last reference update.
 */

import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { controllers, type HpccController, hpcc, type TelemetryRecord } from "../src/index.js";

const flow = { lineRate: 1.25e9, packetSize: 1000 }; // 10 Gb/s
const T = 10e6; // 10 us in ps: W_init = 1.25e9 B/s × 10 us = 12 500 bytes
const B = 1.25e9;
const hop = (queueLength: number, txBytes: number, timestamp: number, bandwidth = B): TelemetryRecord => ({
  queueLength,
  txBytes,
  timestamp,
  bandwidth,
});
const ack = (seq: number, ...telemetry: TelemetryRecord[]) => ({ marked: false, bytes: 1000, seq, telemetry });
const sendUpTo = (
  c: { onSend(e: { seq: number; bytes: number; limitedBy: "window" }): void },
  from: number,
  to: number,
) => {
  for (let seq = from; seq <= to; seq++) c.onSend({ seq, bytes: 1000, limitedBy: "window" });
};

describe("hpcc", () => {
  it("starts at W_init = line rate × T and paces at W/T", () => {
    const c = hpcc({ baseRtt: T })(flow);
    expect([c.windowBytes, c.referenceWindow, c.window, c.rate, c.utilization, c.incStage, c.wakeAt]).toEqual([
      12_500,
      12_500,
      12.5,
      1.25e9,
      1,
      0,
      undefined,
    ]);
    // W_AI = W_init (1 - η)/N = 12 500 · 0.05 / 100 = 6.25 bytes; with N = 10, 62.5.
    expect(c.additiveIncrease).toBeCloseTo(6.25, 12);
    expect(hpcc({ baseRtt: T, expectedFlows: 10 })(flow).additiveIncrease).toBeCloseTo(62.5, 12);
  });

  it("follows Algorithm 1 through fast reactions, reference updates, maxStage and the W_init cap", () => {
    const c = hpcc({ baseRtt: T, additiveIncrease: 100, maxStage: 2 })(flow);
    sendUpTo(c, 1, 12);
    c.onAck(ack(1, hop(2500, 0, 0))); // the first ACK only stores its records
    expect([c.windowBytes, c.utilization, c.lastUpdateSeq]).toEqual([12_500, 1, 12]);

    c.onAck(ack(2, hop(5000, 1250, 1e6)));
    // τ = 1 us; txRate = 1250 B / 1 us = 1.25e9 B/s, /B = 1; min(5000, 2500)/(B·T) = 2500/12 500 = 0.2:
    // u = 1.2; U = 0.9·1 + 0.1·1.2 = 1.02 >= η: W = 12 500/(1.02/0.95) + 100 = 11 742.157.
    // seq 2 <= lastUpdateSeq 12: a fast reaction, Wc and incStage stay.
    expect(c.utilization).toBeCloseTo(1.02, 12);
    expect(c.windowBytes).toBeCloseTo(11742.156862745098, 9);
    expect(c.rate).toBeCloseTo(1174215686.2745097, 3);
    expect([c.referenceWindow, c.incStage, c.lastUpdateSeq]).toEqual([12_500, 0, 12]);

    sendUpTo(c, 13, 20);
    c.onAck(ack(13, hop(2500, 12_500, 11e6)));
    // τ = 10 us = T: U = u = min(2500, 5000)/12 500 + (11 250 B / 10 us)/B = 0.2 + 0.9 = 1.1.
    // seq 13 > 12: reference update, W = Wc = 12 500/(1.1/0.95) + 100 = 10 895.4545; incStage 0.
    expect(c.utilization).toBeCloseTo(1.1, 12);
    expect(c.windowBytes).toBeCloseTo(10895.454545454544, 9);
    expect(c.referenceWindow).toBe(c.windowBytes);
    expect([c.incStage, c.lastUpdateSeq]).toEqual([0, 20]);

    c.onAck(ack(14, hop(0, 17_500, 21e6)));
    // U = u = min(0, 2500)/12 500 + (5000 B / 10 us)/B = 0.4 < η, incStage 0 < 2: W = Wc + 100; no update.
    expect(c.utilization).toBeCloseTo(0.4, 12);
    expect(c.windowBytes).toBeCloseTo(10995.454545454544, 9);
    expect(c.referenceWindow).toBeCloseTo(10895.454545454544, 9);

    sendUpTo(c, 21, 30);
    c.onAck(ack(21, hop(0, 22_500, 31e6))); // U = 0.4: additive, reference update: Wc = 10 995.45, incStage 1
    expect(c.referenceWindow).toBeCloseTo(10995.454545454544, 9);
    expect([c.incStage, c.lastUpdateSeq]).toEqual([1, 30]);
    sendUpTo(c, 31, 40);
    c.onAck(ack(31, hop(0, 27_500, 41e6))); // additive again: Wc = 11 095.45, incStage 2 = maxStage
    expect(c.referenceWindow).toBeCloseTo(11095.454545454544, 9);
    expect(c.incStage).toBe(2);
    sendUpTo(c, 41, 50);
    c.onAck(ack(41, hop(0, 32_500, 51e6)));
    // incStage >= maxStage: multiplicative although U = 0.4 < η: 11 095.45/(0.4/0.95) + 100 = 26 451.7,
    // capped at W_init = 12 500 (the line rate); incStage back to 0.
    expect([c.windowBytes, c.referenceWindow, c.incStage, c.rate]).toEqual([12_500, 12_500, 0, 1.25e9]);
  });

  it("takes the busiest hop's u and its τ, and caps τ at T", () => {
    const c = hpcc({ baseRtt: T, additiveIncrease: 100 })(flow);
    c.onAck(ack(1, hop(0, 0, 0), hop(10_000, 0, 0, 2.5e9)));
    c.onAck(ack(2, hop(0, 5000, 5e6), hop(10_000, 5000, 4e6, 2.5e9)));
    // Hop 1: (5000 B / 5 us)/B = 0.8. Hop 2: 10 000/(2.5e9 B/s · 10 us) + (5000 B / 4 us)/2.5e9 = 0.4 + 0.5 = 0.9.
    // u = 0.9 with τ = 4 us: U = 0.6·1 + 0.4·0.9 = 0.96 >= η (hop 1's would give 0.9 < η).
    expect(c.utilization).toBeCloseTo(0.96, 12);
    expect(c.windowBytes).toBeCloseTo(12_500 / (0.96 / 0.95) + 100, 9);
    c.onAck(ack(3, hop(0, 30_000, 25e6), hop(0, 15_000, 24e6, 2.5e9)));
    // Hop 1: 25 000 B / 20 us = 1.25e9: u = 1; hop 2: 0 + (10 000 B / 20 us)/2.5e9 = 0.2. τ = 20 us > T: U = u = 1.
    expect(c.utilization).toBeCloseTo(1, 12);
  });

  it("stores only, when the number of hops changes (a new path)", () => {
    const c = hpcc({ baseRtt: T, additiveIncrease: 100 })(flow);
    c.onAck(ack(1, hop(0, 0, 0)));
    c.onAck(ack(2, hop(0, 0, 1e6), hop(0, 0, 1e6)));
    expect([c.windowBytes, c.utilization]).toEqual([12_500, 1]);
  });

  it("ignores CNPs and timers", () => {
    const c = hpcc({ baseRtt: T })(flow);
    c.onCnp({ now: 0 });
    c.onTimer(0);
    expect(c.windowBytes).toBe(12_500);
  });

  it("names the bad parameter or event field and the allowed values", () => {
    expect(() => hpcc(undefined as never)).toThrow("hpcc: parameters must be an object with baseRtt");
    expect(() => hpcc({} as never)).toThrow("hpcc: baseRtt must be a finite number > 0, got undefined");
    expect(() => hpcc({ baseRtt: T, targetUtilization: 1.5 })).toThrow(
      "hpcc: targetUtilization must be in (0, 1], got 1.5",
    );
    expect(() => hpcc({ baseRtt: T, maxStage: -1 })).toThrow("hpcc: maxStage must be an integer >= 0, got -1");
    expect(() => hpcc({ baseRtt: T, expectedFlows: 0 })).toThrow("hpcc: expectedFlows must be an integer >= 1, got 0");
    expect(() => hpcc({ baseRtt: T, additiveIncrease: 1, expectedFlows: 2 })).toThrow(
      "hpcc: give additiveIncrease or expectedFlows (which derives it), not both",
    );
    const c = hpcc({ baseRtt: T })(flow);
    expect(() => c.onAck({ marked: false, bytes: 1000, seq: 1 })).toThrow(
      "hpcc: ack.telemetry must be a non-empty array of INT records, one per hop",
    );
    expect(() => c.onAck(ack(1, hop(0, 0, 0, 0)))).toThrow(
      "hpcc: ack.telemetry[0].bandwidth must be a finite number > 0, got 0",
    );
    expect(() => c.onAck(ack(1, hop(-1, 0, 0)))).toThrow(
      "hpcc: ack.telemetry[0].queueLength must be a finite number >= 0, got -1",
    );
    c.onAck(ack(1, hop(0, 0, 100)));
    expect(() => c.onAck(ack(2, hop(0, 0, 50)))).toThrow(
      "hpcc: ack.telemetry[0].timestamp went back in time (50 < 100)",
    );
  });

  it('is registered as "hpcc"', () => {
    const c = registered({ kind: "hpcc", baseRttUs: 10 }, flow);
    expect(c.rate).toBe(1.25e9);
    expect(controllers.definitionOf({ kind: "hpcc" }).feedback).toBe("telemetry");
  });

  it("takes T from the fabric's base RTT when baseRttUs is not given, and says so when neither is known", () => {
    // T = 8 us from the context: W_init = 1.25e9 B/s x 8 us = 10 000 B.
    const c = registered({ kind: "hpcc" }, flow, { baseRtt: 8e6 }) as HpccController;
    expect(c.windowBytes).toBe(10_000);
    const given = registered({ kind: "hpcc", baseRttUs: 10 }, flow, { baseRtt: 8e6 }) as HpccController;
    expect(given.windowBytes).toBe(12_500);
    expect(() => registered({ kind: "hpcc" }, flow)).toThrow(
      "hpcc: give baseRttUs (the base round trip, us): the fabric's is not known here",
    );
  });
});
