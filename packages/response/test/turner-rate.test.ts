import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { type LimitingFactor, type TurnerRateController, turnerRate } from "../src/index.js";

// Expectations worked out by hand from turner-2001 sec. 5.2 and the LIPD table on ipd 0..3
// (Rmax/Rmin = 4): a CN adds 1 to the ipd (up to 3); at ipd i the flow waits for
// ceil(4/(1+i)) rate-limited transmissions (2, 2, 1 for i = 1, 2, 3) before going to i-1.
const flow = { lineRate: 1e9, packetSize: 2048 };
const Rmax = flow.lineRate;
const make = (parameters: { staticIpd?: number; initialIpdOffset?: number } = {}) =>
  turnerRate({ response: "lipd", maxIpd: 3, ...parameters })(flow);
const send = (c: TurnerRateController, seq: number, limitedBy: LimitingFactor) =>
  c.onSend({ seq, bytes: 2048, limitedBy });
const state = (c: TurnerRateController) => [c.ipd, c.remainingPackets, c.adjustmentSeq];

describe("turnerRate: initial state (sec. 5.2)", () => {
  it("starts at the static IPD by default, with no window", () => {
    const c = make();
    expect(state(c)).toEqual([0, 0, Number.NEGATIVE_INFINITY]);
    expect(c.rate).toBe(Rmax);
    expect(c.window).toBe(Number.POSITIVE_INFINITY);
    expect(c.wakeAt).toBeUndefined();
  });
  it("starts at an offset from the static IPD (slow start), RPI for that IPD", () => {
    const c = make({ staticIpd: 1, initialIpdOffset: 2 });
    expect(state(c)).toEqual([3, 1, Number.NEGATIVE_INFINITY]);
    expect(c.rate).toBe(Rmax / 4);
  });
});

describe("turnerRate: RPI counts rate-limited transmissions", () => {
  it("increases after RPI rate-limited sends; other sends do not count", () => {
    const c = make({ initialIpdOffset: 2 });
    expect(state(c)).toEqual([2, 2, Number.NEGATIVE_INFINITY]);
    send(c, 0, "other");
    expect(c.remainingPackets).toBe(2);
    send(c, 1, "rate");
    expect(c.remainingPackets).toBe(1);
    send(c, 2, "window"); // no window here: counts as "other"
    expect([c.limitedBy, c.remainingPackets]).toEqual(["other", 1]);
    send(c, 3, "rate");
    expect(state(c)).toEqual([1, 2, 3]); // ipd 2 -> 1, RPI reloaded, APSN = this packet
    send(c, 4, "rate");
    send(c, 5, "rate");
    expect(state(c)).toEqual([0, 0, 5]); // at the static IPD: RPI parked at 0
    send(c, 6, "rate");
    expect(state(c)).toEqual([0, 0, 5]);
    expect(c.rate).toBe(Rmax);
  });
  it("never goes below the static IPD", () => {
    const c = make({ staticIpd: 1, initialIpdOffset: 1 });
    for (let seq = 0; seq < 10; seq++) send(c, seq, "rate");
    expect(state(c)).toEqual([1, 0, 1]);
    expect(c.rate).toBe(Rmax / 2);
  });
});

describe("turnerRate: a single CN packet decreases (APSN-filtered)", () => {
  it("decreases on a CN for a packet sent after the last adjustment only", () => {
    const c = make({ initialIpdOffset: 1 });
    send(c, 0, "rate");
    send(c, 1, "rate");
    expect(state(c)).toEqual([0, 0, 1]);
    c.onCnp({ seq: 1 });
    expect(state(c)).toEqual([0, 0, 1]); // packet 1 <= APSN: stale
    send(c, 2, "rate");
    c.onCnp({ seq: 2 });
    expect(state(c)).toEqual([1, 2, 2]); // parked RPI reloaded for ipd 1
    c.onCnp({ seq: 2 });
    expect(state(c)).toEqual([1, 2, 2]);
    send(c, 3, "rate");
    expect(c.remainingPackets).toBe(1);
    c.onCnp({ seq: 3 });
    expect(state(c)).toEqual([2, 1, 3]); // RPI kept (not re-initialised), under ceil(4/3) = 2
    c.onCnp(); // no sequence number: always counts
    expect(state(c)).toEqual([3, 1, 3]);
    send(c, 4, "other");
    c.onCnp({ seq: 4 });
    expect(state(c)).toEqual([3, 1, 4]); // at maxIpd: the slowest rate
    expect(c.rate).toBe(Rmax / 4);
    send(c, 5, "rate"); // RPI at ipd 3 is 1
    expect(state(c)).toEqual([2, 2, 5]);
  });
  it("throws on an ACK: unreliable flows have none", () => {
    expect(() => make().onAck({ marked: true, bytes: 2048, seq: 0 })).toThrow(/no ACKs/);
  });
});

describe("turnerRate validation and registry", () => {
  it("names the bad parameter", () => {
    expect(() => turnerRate({ response: "lipd", maxIpd: 3, staticIpd: 2, initialIpdOffset: 2 })).toThrow(
      /staticIpd \+ initialIpdOffset must be <= maxIpd/,
    );
    expect(() => turnerRate({ response: "lipd", initialIpdOffset: -1 })).toThrow(/initialIpdOffset/);
    expect(() => make().onSend({ seq: 0, bytes: 1, limitedBy: "cpu" as LimitingFactor })).toThrow(/limitedBy/);
  });
  it("is registered as turner-rate", () => {
    const c = registered({ kind: "turner-rate", response: "fimd", initialIpdOffset: 1 }, flow);
    expect(c.rate).toBe(Rmax / 2);
    expect(c.window).toBe(Number.POSITIVE_INFINITY);
  });
});
