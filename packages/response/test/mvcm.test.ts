import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { mvcm, mvcmRoundTrip, mvcmWindow } from "../src/index.js";

// ferrer-2012 sec. 4.3's example: a 4-ary 5-fly (h = 9), t_hop = 3 cycles, B = 1 byte/cycle,
// 22-byte ACKs and headers.
const fly45 = { hops: 9, hopDelay: 3, bandwidth: 1, ackBytes: 22 };

describe("mvcmRoundTrip and mvcmWindow (ferrer-2012 sec. 4.3)", () => {
  it("gives RTT_min = 2·9·3 + 278 + 22 = 354 cycles and omega = 354/278 for 256-byte payloads", () => {
    expect(mvcmRoundTrip({ ...fly45, dataBytes: 22 + 256 })).toBe(354);
    const omega = mvcmWindow({ ...fly45, dataBytes: 22 + 256 });
    expect(omega).toBe(354 / 278); // the paper prints "≈ 1.28"; 354/278 = 1.2734
    expect(omega).toBeCloseTo(1.2734, 4);
    expect(Math.ceil(omega)).toBe(2); // the DWmax the paper chooses
  });
  it("is bounded by [1, 98/22 = 4.45] as the payload goes from infinity to zero", () => {
    expect(mvcmWindow({ ...fly45, dataBytes: 22 })).toBe(98 / 22); // K = 76: (76 + 22)/22
    expect(mvcmWindow({ ...fly45, dataBytes: 22 })).toBeCloseTo(4.4545, 4);
    expect(mvcmWindow({ ...fly45, dataBytes: 1e9 })).toBeCloseTo(1, 6);
    expect(mvcmWindow({ ...fly45, dataBytes: 1024 + 22 })).toBeLessThan(mvcmWindow({ ...fly45, dataBytes: 278 }));
  });
  it("gives (2·9·3·16 + 278 + 22)/278 = 4.187 at 16 bytes/cycle, so DWmax = 5", () => {
    const omega = mvcmWindow({ ...fly45, bandwidth: 16, dataBytes: 278 });
    expect(omega).toBe(1164 / 278); // the paper: "ω ≈ 4.18"
    expect(Math.ceil(omega)).toBe(5);
  });
  it("rejects impossible networks", () => {
    expect(() => mvcmWindow({ ...fly45, dataBytes: 0 })).toThrow(/dataBytes/);
    expect(() => mvcmRoundTrip({ ...fly45, bandwidth: 0, dataBytes: 278 })).toThrow(/bandwidth/);
    expect(() => mvcmRoundTrip({ ...fly45, hops: -1, dataBytes: 278 })).toThrow(/hops/);
  });
});

// 1 byte/ns: one cycle of the paper is 1 ns = 1000 ps.
const flow = { lineRate: 1e9, packetSize: 278 };
const hot = (seq = 0, packets = 1) => ({ marked: true, validated: true, bytes: 278 * packets, packets, seq });
const warm = (seq = 0) => ({ marked: true, validated: false, bytes: 278, seq });
const cold = (seq = 0, packets = 1) => ({ marked: false, bytes: 278 * packets, packets, seq });

describe("mvcm controller", () => {
  it("starts at DW = DWmax = 2 without waiting slots, slot = RTT_min of the network", () => {
    const c = mvcm({ radix: 4, stages: 3 })(flow);
    expect(c.window).toBe(2);
    expect(c.waitingSlots).toBe(0);
    expect(c.rate).toBe(Number.POSITIVE_INFINITY);
    expect(c.wakeAt).toBeUndefined();
    // 4-ary 3-fly: h = 5, t_hop = 3 ns: 2·5·3 + (278 + 22) = 330 ns.
    expect(c.slotTime).toBe(330_000);
    expect(mvcm({ radix: 4, stages: 5 })(flow).slotTime).toBe(354_000); // the paper's 354 cycles
    expect(mvcm({ radix: 4, stages: 3, hops: 3, hopDelay: 10_000, ackBytes: 0 })(flow).slotTime).toBe(338_000);
    expect(mvcm({ radix: 4, stages: 3, slotTime: 1234 })(flow).slotTime).toBe(1234);
  });

  it("hot ACKs: DW to 1 first, then number_WS 1, k, k², ... (Table 2), at most n raises", () => {
    const c = mvcm({ radix: 4, stages: 5 })(flow);
    c.onAck(hot());
    expect([c.window, c.waitingSlots]).toEqual([1, 0]);
    const slots: number[] = [];
    for (let i = 0; i < 7; i++) {
      c.onAck(hot());
      slots.push(c.waitingSlots);
    }
    expect(slots).toEqual([1, 4, 16, 64, 256, 256, 256]);
    expect(c.slotIncreases).toBe(5);
    expect(c.window).toBe(1);
    expect(c.waitingInterval).toBe(256 * 354_000);
  });

  it("without the limit, number_WS keeps growing by k (ferrer Fig. 16b)", () => {
    const c = mvcm({ radix: 2, stages: 3, limitWaitingSlots: false })(flow);
    const slots: number[] = [];
    for (let i = 0; i < 8; i++) {
      c.onAck(hot());
      slots.push(c.waitingSlots);
    }
    expect(slots).toEqual([0, 1, 2, 4, 8, 16, 32, 64]);
    const limited = mvcm({ radix: 2, stages: 3 })(flow);
    for (let i = 0; i < 8; i++) limited.onAck(hot());
    expect(limited.waitingSlots).toBe(4); // raises 0 -> 1 -> 2 -> 4: n = 3
  });

  it("warm ACKs only shrink DW, down to 1, and leave waiting slots alone", () => {
    const c = mvcm({ radix: 4, stages: 3, maxWindow: 3 })(flow);
    const windows: number[] = [];
    for (let i = 0; i < 4; i++) {
      c.onAck(warm());
      windows.push(c.window);
    }
    expect(windows).toEqual([2, 1, 1, 1]);
    expect(c.waitingSlots).toBe(0);
    c.onAck(hot());
    c.onAck(hot());
    expect(c.waitingSlots).toBe(4);
    c.onAck(warm());
    expect([c.window, c.waitingSlots]).toEqual([1, 4]);
  });

  it("a cold ACK removes all waiting slots at once; later ones add 1 to DW up to DWmax", () => {
    const c = mvcm({ radix: 4, stages: 3, maxWindow: 3 })(flow);
    for (let i = 0; i < 5; i++) c.onAck(hot()); // DW 3 -> 2 -> 1, WS 1 -> 4 -> 16
    expect([c.window, c.waitingSlots]).toEqual([1, 16]);
    const states: number[][] = [];
    for (let i = 0; i < 4; i++) {
      c.onAck(cold());
      states.push([c.window, c.waitingSlots]);
    }
    expect(states).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
      [3, 0],
    ]); // DWmax = 3 cold ACKs to full rate: one for WS, DWmax - 1 for DW
    expect(c.slotIncreases).toBe(0);
    c.onAck(hot());
    c.onAck(hot());
    c.onAck(hot());
    expect(c.waitingSlots).toBe(1); // the count of raises starts again
  });

  it("treats an ACK for N packets as N - 1 cold ones then one with the bits", () => {
    const c = mvcm({ radix: 4, stages: 3 })(flow);
    for (let i = 0; i < 3; i++) c.onAck(hot()); // DW 1, WS 4
    c.onAck(hot(9, 3)); // cold: WS 0; cold: DW 2; hot: DW 1
    expect([c.window, c.waitingSlots]).toEqual([1, 0]);
    c.onAck(cold(12, 5));
    expect([c.window, c.waitingSlots]).toEqual([2, 0]);
  });

  it("resets DW and WS when a packet leaves an empty queue (sec. 4.2.2)", () => {
    const c = mvcm({ radix: 4, stages: 3 })(flow);
    for (let i = 0; i < 4; i++) c.onAck(hot());
    c.onSend({ seq: 1, bytes: 278, limitedBy: "rate", fromEmptyQueue: false });
    c.onSend({ seq: 2, bytes: 278, limitedBy: "rate" });
    expect([c.window, c.waitingSlots]).toEqual([1, 16]);
    c.onSend({ seq: 3, bytes: 278, limitedBy: "other", fromEmptyQueue: true });
    expect([c.window, c.waitingSlots, c.slotIncreases]).toEqual([2, 0, 0]);
    expect(c.rate).toBe(Number.POSITIVE_INFINITY);
  });

  it("spaces packet starts by serialisation + waiting interval through rate", () => {
    const c = mvcm({ radix: 4, stages: 3 })(flow);
    c.onAck(hot());
    c.onAck(hot()); // WS 1: 330 ns idle after each packet
    c.onSend({ seq: 1, bytes: 278, limitedBy: "window" });
    expect(Math.round((278 * 1e12) / c.rate)).toBe(278_000 + 330_000);
    c.onAck(hot()); // WS 4
    c.onSend({ seq: 2, bytes: 100, limitedBy: "rate" });
    expect(Math.round((100 * 1e12) / c.rate)).toBe(100_000 + 4 * 330_000);
  });

  it("rejects MB = 0, VB = 1 and ignores CNPs and timers", () => {
    const c = mvcm({ radix: 4, stages: 3 })(flow);
    expect(() => c.onAck({ marked: false, validated: true, bytes: 278, seq: 1 })).toThrow(/MB = 0, VB = 1/);
    c.onCnp();
    c.onTimer(1_000_000);
    expect([c.window, c.waitingSlots]).toEqual([2, 0]);
  });

  it("names the bad parameter", () => {
    expect(() => mvcm({ stages: 3 } as never)).toThrow("mvcm: radix must be an integer >= 2, got undefined");
    expect(() => mvcm({ radix: 4, stages: 0 })).toThrow(/stages must be an integer >= 1/);
    expect(() => mvcm({ radix: 4, stages: 3, maxWindow: 1.5 })).toThrow(/maxWindow must be an integer >= 1/);
    expect(() => mvcm({ radix: 4, stages: 3, limitWaitingSlots: "yes" as never })).toThrow(
      /limitWaitingSlots must be true or false/,
    );
    expect(() => mvcm({ radix: 4, stages: 3, slotTime: 0 })).toThrow(/slotTime must be a finite number > 0/);
    expect(() => mvcm({ radix: 4, stages: 3, slotTime: 10, hopDelay: 1 })).toThrow(/slotTime or/);
    expect(() => mvcm({ radix: 4, stages: 3, hopDelay: -1 })).toThrow(/hopDelay/);
    const c = mvcm({ radix: 4, stages: 3 })(flow);
    expect(() => c.onSend({ seq: 1, bytes: 0, limitedBy: "rate" })).toThrow(/send.bytes/);
  });

  it('is registered as "mvcm"', () => {
    const c = registered({ kind: "mvcm", radix: 8, stages: 3 }, flow);
    c.onAck(hot());
    c.onAck(hot());
    c.onAck(hot());
    expect(c.window).toBe(1);
    expect(c.rate).toBeCloseTo(278 / (278e-9 + 8 * 330e-9), 0);
  });
});
