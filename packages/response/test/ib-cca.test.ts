import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { cctDelay, DEFAULT_CCT, ibCca } from "../src/index.js";

const flow = { lineRate: 1e9, packetSize: 2048 };
const becn = (now: number, packets = 1) => ({ marked: true, bytes: 2048 * packets, packets, seq: 0, now });

describe("the congestion control table", () => {
  it("defaults to the published 128-entry table: floor(7 i² / 95² / 0.218), shift 0", () => {
    expect(DEFAULT_CCT).toHaveLength(128);
    expect(DEFAULT_CCT.every((entry) => entry.shift === 0)).toBe(true);
    expect(DEFAULT_CCT.slice(0, 17).map((entry) => entry.multiplier)).toEqual(new Array(17).fill(0));
    expect(DEFAULT_CCT[17]?.multiplier).toBe(1); // 2023/9025/0.218 = 1.028
    expect(DEFAULT_CCT[95]?.multiplier).toBe(32); // 7/0.218 = 32.11
    expect(DEFAULT_CCT[127]?.multiplier).toBe(57); // 112903/9025/0.218 = 57.39
  });
  it("reads an entry as multiplier / 2^shift packet times", () => {
    expect(cctDelay({ shift: 1, multiplier: 3 })).toBe(1.5);
    expect(cctDelay({ shift: 3, multiplier: 8 })).toBe(1);
    expect(cctDelay({ shift: 0, multiplier: 57 })).toBe(57);
  });
});

describe("ib-cca controller", () => {
  it("starts at CCTI_Min with the full line rate, no window and no timer", () => {
    const c = ibCca({ timerPeriod: 500 })(flow);
    expect([c.index, c.interPacketDelay, c.rate, c.window, c.wakeAt]).toEqual([
      0,
      0,
      1e9,
      Number.POSITIVE_INFINITY,
      undefined,
    ]);
  });

  it("raises the index by CCTI_Increase per BECN or CNP, up to CCTI_Limit", () => {
    const c = ibCca({ timerPeriod: 500, indexIncrease: 3 })(flow);
    c.onAck(becn(0));
    expect(c.index).toBe(3);
    c.onCnp({ now: 0 });
    expect(c.index).toBe(6);
    c.onAck({ marked: false, bytes: 2048, seq: 1, now: 0 });
    expect(c.index).toBe(6);
    c.onAck(becn(0, 4)); // a coalesced ACK is one notification
    expect(c.index).toBe(9);
    const capped = ibCca({ timerPeriod: 500, indexIncrease: 100 })(flow);
    capped.onCnp({ now: 0 });
    capped.onCnp({ now: 0 });
    expect(capped.index).toBe(127);
    const limited = ibCca({ timerPeriod: 500, indexLimit: 10, indexIncrease: 4 })(flow);
    for (let i = 0; i < 3; i++) limited.onCnp({ now: 0 });
    expect(limited.index).toBe(10);
  });

  it("takes the rate from the table: lineRate / (1 + delay)", () => {
    const c = ibCca({ timerPeriod: 500 })(flow);
    for (let i = 0; i < 16; i++) c.onCnp({ now: 0 });
    expect(c.rate).toBe(1e9); // entries 0..16 have no delay
    c.onCnp({ now: 0 });
    expect([c.index, c.interPacketDelay, c.rate]).toEqual([17, 1, 5e8]);
    for (let i = 0; i < 200; i++) c.onCnp({ now: 0 });
    expect([c.index, c.rate]).toEqual([127, 1e9 / 58]);
    const own = ibCca({
      timerPeriod: 500,
      table: [
        { shift: 0, multiplier: 0 },
        { shift: 1, multiplier: 1 },
        { shift: 2, multiplier: 6 },
      ],
    })(flow);
    own.onCnp({ now: 0 });
    expect(own.rate).toBe(1e9 / 1.5);
    own.onCnp({ now: 0 });
    own.onCnp({ now: 0 });
    expect([own.index, own.rate]).toEqual([2, 1e9 / 2.5]);
  });

  it("lowers the index by one per timer period and stops the timer at CCTI_Min", () => {
    const c = ibCca({ timerPeriod: 500 })(flow);
    c.onAck(becn(1000));
    expect(c.wakeAt).toBe(1500);
    c.onAck(becn(1200)); // the running timer keeps its phase
    expect([c.index, c.wakeAt]).toEqual([2, 1500]);
    c.onTimer(1400); // early: ignored
    expect(c.index).toBe(2);
    c.onTimer(1500);
    expect([c.index, c.wakeAt]).toEqual([1, 2000]);
    c.onTimer(2000);
    expect([c.index, c.wakeAt]).toEqual([0, undefined]);
    c.onTimer(2500);
    expect(c.index).toBe(0);
    c.onCnp({ now: 3000 }); // idle timer: starts again
    expect(c.wakeAt).toBe(3500);
  });

  it("keeps the timer's period when called late, and never goes below CCTI_Min", () => {
    const c = ibCca({ timerPeriod: 500, indexMin: 2 })(flow);
    expect(c.index).toBe(2);
    for (let i = 0; i < 3; i++) c.onCnp({ now: 1000 });
    c.onTimer(2300); // due at 1500: next at 2500
    expect([c.index, c.wakeAt]).toEqual([4, 2500]);
    c.onTimer(2500);
    c.onTimer(3000);
    expect([c.index, c.wakeAt]).toEqual([2, undefined]);
  });

  it("needs the time of a notification that starts the timer", () => {
    const c = ibCca({ timerPeriod: 500 })(flow);
    expect(() => c.onCnp()).toThrow("ib-cca: cnp.now is required to start the CCTI timer");
    expect(() => c.onAck({ marked: true, bytes: 1, seq: 1 })).toThrow(/ack.now is required/);
    c.onCnp({ now: 0 });
    c.onCnp(); // the timer runs: no time needed
    expect(c.index).toBe(2); // the refused notifications changed nothing
  });

  it("names the bad parameter", () => {
    expect(() => ibCca({} as never)).toThrow("ib-cca: timerPeriod must be an integer >= 1, got undefined");
    expect(() => ibCca({ timerPeriod: 500, indexIncrease: -1 })).toThrow(/indexIncrease/);
    expect(() => ibCca({ timerPeriod: 500, indexLimit: 128 })).toThrow(/indexLimit must be < the table's 128/);
    expect(() => ibCca({ timerPeriod: 500, indexMin: 5, indexLimit: 4 })).toThrow(/indexMin must be <= indexLimit/);
    expect(() => ibCca({ timerPeriod: 500, table: [] })).toThrow(/table must hold 1 to 128 entries/);
    expect(() => ibCca({ timerPeriod: 500, table: [{ shift: 4, multiplier: 0 }] })).toThrow(
      /table\[0\].shift must be 0, 1, 2 or 3/,
    );
    expect(() => ibCca({ timerPeriod: 500, table: [{ shift: 0, multiplier: 16384 }] })).toThrow(
      /table\[0\].multiplier/,
    );
  });

  it('is registered as "ib-cca"', () => {
    const c = registered({ kind: "ib-cca", timerPeriodUs: 1.024, indexIncrease: 17 }, flow);
    c.onCnp({ now: 0 });
    expect(c.rate).toBe(5e8);
    expect(c.wakeAt).toBe(1_024_000);
  });
});
