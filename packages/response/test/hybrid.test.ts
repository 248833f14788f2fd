import { describe, expect, it } from "vitest";
import { type HybridController, hybrid, type LimitingFactor } from "../src/index.js";

// Expectations worked out by hand from turner-2001 sec. 5.1 and the LIPD and AIMD tables
// (LIPD on IPD rates: ipd i -> i+1 on a mark, ceil(256/(1+i)) unmarked packets per step
// back; AIMD on windows: w -> floor(w/2) on a mark, +1 after w unmarked packets).
const flow = { lineRate: 1e9, packetSize: 2048 };
const Rmax = flow.lineRate;

function send(c: HybridController, seq: number, limitedBy: LimitingFactor): void {
  c.onSend({ seq, bytes: 2048, limitedBy });
}
function ack(c: HybridController, seq: number, marked = false, packets = 1): void {
  c.onAck({ marked, seq, packets, bytes: 2048 * packets });
}

describe("hybrid: initial state (sec. 5.1.3)", () => {
  it("starts at the static IPD, CWND 1, RPI for a CWND of one packet", () => {
    const c = hybrid({ response: "lipd", windowResponse: "aimd", maxWindow: 4 })(flow);
    expect(c.ipd).toBe(0);
    expect(c.rate).toBe(Rmax);
    expect(c.window).toBe(1);
    expect(c.outstanding).toBe(0);
    expect(c.remainingPackets).toBe(1); // AIMD window table: 1 packet at CWND 1
    expect(c.adjustmentSeq).toBe(Number.NEGATIVE_INFINITY);
    expect(c.wakeAt).toBeUndefined();
    const d = hybrid({ response: "lipd", staticIpd: 2, initialIpd: 5, maxWindow: 1 })(flow);
    expect(d.rate).toBe(Rmax / 6);
    expect(d.remainingPackets).toBe(43); // ceil(256/6): no window to grow, so the rate's
  });
});

describe("hybrid: APSN (sec. 5.1.3.2)", () => {
  it("a burst of marks causes one decrease", () => {
    const c = hybrid({ response: "lipd", windowResponse: "aimd", maxWindow: 4, initialWindow: 4 })(flow);
    for (let seq = 1; seq <= 4; seq++) send(c, seq, "window");
    expect(c.outstanding).toBe(4);
    ack(c, 1, true);
    expect(c.ipd).toBe(1);
    expect(c.window).toBe(2);
    expect(c.adjustmentSeq).toBe(4);
    ack(c, 2, true);
    ack(c, 3, true);
    ack(c, 4, true);
    expect(c.ipd).toBe(1);
    expect(c.window).toBe(2);
    expect(c.outstanding).toBe(0);
    // A packet sent after the decrease is fair game.
    send(c, 5, "rate");
    ack(c, 5, true);
    expect(c.ipd).toBe(2);
    expect(c.window).toBe(1);
  });
  it("a CNP decreases, filtered by APSN when it names the packet", () => {
    const c = hybrid({ response: "fimd", maxWindow: 1 })(flow);
    send(c, 1, "rate");
    send(c, 2, "rate");
    c.onCnp({ seq: 1 });
    expect(c.ipd).toBe(1);
    c.onCnp({ seq: 2 });
    expect(c.ipd).toBe(1);
    c.onCnp();
    expect(c.ipd).toBe(3); // FIMD: Rmax/2 -> Rmax/4
  });
});

describe("hybrid: RWL (sec. 5.1)", () => {
  it("increases only the limiting factor, and nothing when neither limits", () => {
    const c = hybrid({ response: "lipd", windowResponse: "aimd", maxWindow: 4 })(flow);
    send(c, 1, "window");
    ack(c, 1);
    expect(c.window).toBe(2); // RPI 1 -> 0: the window grows
    expect(c.ipd).toBe(0);
    expect(c.remainingPackets).toBe(2); // AIMD at CWND 2
    expect(c.adjustmentSeq).toBe(1);
    send(c, 2, "other");
    ack(c, 2);
    expect(c.remainingPackets).toBe(2); // "other": RPI untouched
    send(c, 3, "rate");
    ack(c, 3);
    ack(c, 3);
    expect(c.remainingPackets).toBe(0); // rate already at the static IPD: parked at 0
    expect(c.window).toBe(2);
    expect(c.ipd).toBe(0);
    // A mark: both limits fall; RPI was parked, so it is reloaded for the rate (RWL).
    send(c, 4, "rate");
    ack(c, 4, true);
    expect(c.ipd).toBe(1);
    expect(c.window).toBe(1);
    expect(c.remainingPackets).toBe(128);
    for (let i = 0; i < 127; i++) ack(c, 4);
    expect(c.ipd).toBe(1);
    ack(c, 4);
    expect(c.ipd).toBe(0); // the rate went back up...
    expect(c.window).toBe(1); // ...and the window did not
  });
  it("keeps RPI's progress through a decrease (not re-initialised), capped at the new wait", () => {
    const c = hybrid({ response: "lipd", maxWindow: 1, initialIpd: 1 })(flow);
    expect(c.remainingPackets).toBe(128);
    send(c, 1, "rate");
    for (let i = 0; i < 100; i++) ack(c, 1);
    expect(c.remainingPackets).toBe(28);
    send(c, 2, "rate");
    ack(c, 2, true);
    expect(c.ipd).toBe(2);
    expect(c.remainingPackets).toBe(28); // kept: less than ceil(256/3) = 86
    for (let i = 0; i < 28; i++) ack(c, 2);
    expect(c.ipd).toBe(1);
    expect(c.remainingPackets).toBe(128);
  });
  it("rejects an unknown limiting factor", () => {
    const c = hybrid({ response: "lipd" })(flow);
    expect(() => c.onSend({ seq: 1, bytes: 1, limitedBy: "cpu" as LimitingFactor })).toThrow(/limitedBy/);
  });
});

describe("hybrid: ACK coalescing (sec. 3)", () => {
  const make = (initialWindow: number) =>
    hybrid({ response: "lipd", windowResponse: "aimd", maxWindow: 8, initialWindow, initialIpd: 3 })(flow);
  const state = (c: HybridController) => ({
    ipd: c.ipd,
    window: c.window,
    rpi: c.remainingPackets,
    outs: c.outstanding,
    apsn: c.adjustmentSeq,
  });

  it("an ACK for N packets with ECN=1 acts as N-1 unmarked then one marked", () => {
    const coalesced = make(4);
    const separate = make(4);
    for (const c of [coalesced, separate]) for (let seq = 1; seq <= 4; seq++) send(c, seq, "rate");
    expect(coalesced.remainingPackets).toBe(4); // AIMD window table at CWND 4
    ack(coalesced, 4, true, 4);
    for (let seq = 1; seq <= 3; seq++) ack(separate, seq);
    ack(separate, 4, true);
    // 3 unmarked: RPI 4 -> 1; then the mark: ipd 3 -> 4, CWND 4 -> 2, RPI min(1, 52) = 1.
    expect(state(coalesced)).toEqual({ ipd: 4, window: 2, rpi: 1, outs: 0, apsn: 4 });
    expect(state(separate)).toEqual(state(coalesced));
  });
  it("an increase among the N-1 unmarked packets makes the final mark stale (APSN)", () => {
    const c = make(2);
    for (let seq = 1; seq <= 4; seq++) send(c, seq, "rate");
    expect(c.remainingPackets).toBe(2);
    ack(c, 4, true, 4);
    // 2 unmarked: RPI 0 -> ipd 3 -> 2, RPI = ceil(256/3) = 86, APSN = 4; 1 more: 85;
    // the mark is for packet 4 <= APSN: ignored.
    expect(state(c)).toEqual({ ipd: 2, window: 2, rpi: 85, outs: 0, apsn: 4 });
  });
  it("an unmarked ACK for N packets acts as N unmarked", () => {
    const c = make(4);
    send(c, 10, "window");
    ack(c, 10, false, 9); // RPI 4 -> 0: CWND 5, RPI 5 -> 0: CWND 6 (RPI 6)
    expect(c.window).toBe(6);
    expect(c.remainingPackets).toBe(6);
  });
});

describe("hybrid validation", () => {
  it("names the bad parameter", () => {
    expect(() => hybrid({ response: "lipd", maxIpd: 0 })).toThrow(/maxIpd/);
    expect(() => hybrid({ response: "lipd", staticIpd: 300 })).toThrow(/staticIpd/);
    expect(() => hybrid({ response: "lipd", initialIpd: 300 })).toThrow(/initialIpd/);
    expect(() => hybrid({ response: "lipd", maxWindow: 2, initialWindow: 3 })).toThrow(/initialWindow/);
    expect(() => hybrid({ response: "lipd", maxWindow: 1.5 })).toThrow(/maxWindow/);
  });
});
