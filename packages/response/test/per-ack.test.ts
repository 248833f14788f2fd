import { describe, expect, it } from "vitest";
import { fimd, lipd, perAck } from "../src/index.js";

const flow = { lineRate: 1e9, packetSize: 2048 };
const Rmax = flow.lineRate;
const Rmin = Rmax / 256;
const ack = (marked: boolean, seq = 0, packets = 1) => ({ marked, bytes: packets * 2048, packets, seq });

describe("perAck, continuous", () => {
  it("starts at Rmax with a window of one packet", () => {
    const c = perAck({ response: "lipd" })(flow);
    expect(c.rate).toBe(Rmax);
    expect(c.window).toBe(1);
    expect(c.wakeAt).toBeUndefined();
  });
  it("applies f_dec on a marked ACK and f_inc on an unmarked one", () => {
    const c = perAck({ response: "fimd" })(flow);
    c.onAck(ack(true));
    expect(c.rate).toBe(Rmax / 2);
    c.onAck(ack(true));
    expect(c.rate).toBe(Rmax / 4);
    c.onAck(ack(false));
    expect(c.rate).toBeCloseTo((Rmax / 4) * 2 ** (4 / 256), 3); // r * m^(Rmin/r)
  });
  it("decreases once per mark: a burst of 4 marks is 4 decreases (no APSN)", () => {
    const c = perAck({ response: "lipd" })(flow);
    for (let seq = 1; seq <= 4; seq++) c.onAck(ack(true, seq));
    expect(c.rate).toBeCloseTo(Rmax / 5, 3); // ipd 0 -> 4
  });
  it("treats an ACK for N packets as N-1 unmarked then one marked (turner sec. 3)", () => {
    const f = fimd({ Rmax });
    const c = perAck({ response: "fimd", initialRate: Rmax / 8 })(flow);
    c.onAck(ack(true, 3, 3));
    expect(c.rate).toBeCloseTo(f.decrease(f.increase(f.increase(Rmax / 8))), 6);
    const d = perAck({ response: "fimd", initialRate: Rmax / 8 })(flow);
    d.onAck(ack(false, 3, 3));
    expect(d.rate).toBeCloseTo(f.increase(f.increase(f.increase(Rmax / 8))), 6);
  });
  it("decreases on a congestion notification", () => {
    const c = perAck({ response: "aimd", m: 4 })(flow);
    c.onCnp();
    expect(c.rate).toBe(Rmax / 4);
    c.onSend({ seq: 1, bytes: 2048, limitedBy: "rate" });
    c.onTimer(1_000_000);
    expect(c.rate).toBe(Rmax / 4);
  });
  it("scales increases by packet size when asked (santos-2002 footnote 9)", () => {
    const c = perAck({ response: "lipd", initialRate: Rmin, scaleBySize: true })(flow);
    c.onAck({ marked: false, bytes: 1024, seq: 1 });
    expect(c.rate).toBeCloseTo(lipd({ Rmax }).increase(Rmin, 0.5), 6);
  });
  it("takes its range from the parameters, a function object or a builder", () => {
    expect(perAck({ response: "lipd", Rmax: 5e8 })(flow).rate).toBe(5e8);
    const fixed = perAck({ response: fimd({ Rmax: 100, Rmin: 1 }) })(flow);
    fixed.onAck(ack(true));
    expect(fixed.rate).toBe(50);
    const built = perAck({ response: (range) => lipd({ ...range, Rmin: range.Rmax / 10 }) })(flow);
    built.onCnp();
    expect(built.rate).toBe(Rmax / 2);
  });
  it("has a configurable fixed window", () => {
    expect(perAck({ response: "lipd", window: 4 })(flow).window).toBe(4);
    expect(perAck({ response: "lipd", window: Number.POSITIVE_INFINITY })(flow).window).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("perAck, discrete", () => {
  it("LIPD: a mark moves to ipd 1; 128 unmarked ACKs bring it back", () => {
    const c = perAck({ response: "lipd", mode: "discrete" })(flow);
    c.onAck(ack(true, 1));
    expect(c.rate).toBe(Rmax / 2);
    for (let i = 0; i < 127; i++) c.onAck(ack(false, i + 2));
    expect(c.rate).toBe(Rmax / 2);
    c.onAck(ack(false, 200));
    expect(c.rate).toBe(Rmax);
  });
  it("counts each packet of a coalesced ACK", () => {
    const c = perAck({ response: "lipd", mode: "discrete", initialRate: Rmax / 2 })(flow);
    c.onAck(ack(false, 100, 100));
    expect(c.rate).toBe(Rmax / 2);
    c.onAck(ack(false, 128, 28));
    expect(c.rate).toBe(Rmax);
  });
  it("FIMD from Rmin: one ACK to ipd 127", () => {
    const c = perAck({ response: "fimd", mode: "discrete", initialRate: Rmin })(flow);
    c.onAck(ack(false));
    expect(c.rate).toBe(Rmax / 128);
  });
  it("accepts its own levels", () => {
    const c = perAck({ response: "fimd", mode: "discrete", levels: [Rmax, Rmax / 4, Rmin] })(flow);
    c.onCnp();
    expect(c.rate).toBe(Rmax / 4);
  });
});

describe("perAck validation", () => {
  it("rejects bad parameters with the field's name", () => {
    expect(() => perAck({ response: "lipd", mode: "fast" as "continuous" })).toThrow(/mode/);
    expect(() => perAck({ response: "lipd", window: 0 })).toThrow(/window/);
    expect(() => perAck({ response: "lipd", levels: [1] })).toThrow(/levels/);
    expect(() => perAck({ response: fimd({ Rmax: 10 }), Rmax: 5 })).toThrow(/Rmin and Rmax/);
    expect(() => perAck({ response: "lipd", m: 2 })(flow)).toThrow(/lipd takes no m/);
    expect(() => perAck({ response: "nope" as "lipd" })(flow)).toThrow(/"aimd", "fimd", "lipd"/);
    expect(() => perAck({ response: "lipd", initialRate: 2e9 })(flow)).toThrow(/initialRate/);
    expect(() => perAck({ response: "lipd" })({ lineRate: 0, packetSize: 1 })).toThrow(/lineRate/);
    expect(() => perAck({ response: "lipd" })({ lineRate: 1, packetSize: -1 })).toThrow(/packetSize/);
    const c = perAck({ response: "lipd" })(flow);
    expect(() => c.onAck({ marked: false, bytes: 1, seq: 1, packets: 0 })).toThrow(/packets/);
    expect(() => c.onAck({ marked: false, bytes: -1, seq: 1 })).toThrow(/bytes/);
  });
});
