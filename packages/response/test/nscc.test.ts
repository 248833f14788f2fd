/**
 * NSCC against windows computed by hand from uet-htsim's rules (docs/spec/uec.md sec. 2) at
 * the reference point: 100 Gb/s (12.5e9 B/s), network RTT 12 us, 4096 B packets, so BDP =
 * 150 000 B, a = b = 1, target = 12 us, alpha = 4 x 4096 / 12e6 B/ps, fi = 20 480 B,
 * eta = 614.4 B, fi_scale = 0.25, maxwnd = 225 000 B, quick-adapt threshold 48 us.
 */

import { registered } from "@losslab/test-kit/registered-controller";
import { describe, expect, it } from "vitest";
import { controllers, NSCC_REFERENCE_BDP, type NsccController, nscc } from "../src/index.js";

const flow = { lineRate: 12.5e9, packetSize: 4096 };
const us = 1e6; // ps
const base = 12 * us;
let seq = 0;
/** An ACK of `packets` packets at `nowUs` with an RTT of base + `delayUs`. */
const ack = (nowUs: number, delayUs: number, marked = false, packets = 1) => ({
  marked,
  bytes: 4096 * packets,
  packets,
  seq: ++seq,
  now: nowUs * us,
  rtt: base + delayUs * us,
});
const make = (parameters: Partial<Parameters<typeof nscc>[0]> = {}): NsccController =>
  nscc({ networkRtt: base, ...parameters })(flow);

describe("nscc", () => {
  it("derives its gains and window from the reference BDP (100 Gb/s x 12 us)", () => {
    expect(NSCC_REFERENCE_BDP).toBeCloseTo(150_000, 6);
    const c = make();
    expect(c.targetDelay).toBe(base);
    expect(c.quickAdaptThreshold).toBe(48 * us);
    expect(c.gains.alpha).toBeCloseTo((4 * 4096) / 12e6, 15);
    expect(c.gains.fi).toBeCloseTo(20_480, 9);
    expect(c.gains.eta).toBeCloseTo(614.4, 9);
    expect(c.gains.fiScale).toBeCloseTo(0.25, 12);
    expect(c.maxWindow).toBeCloseTo(225_000, 6);
    expect(c.windowBytes).toBeCloseTo(225_000, 6);
    expect([c.window, c.rate, c.wakeAt]).toEqual([54, Number.POSITIVE_INFINITY, undefined]); // floor(225 000 / 4096)
    // Half the rate: a = 0.5 scales fi and eta; b = target / 12 us scales alpha.
    const half = nscc({ networkRtt: base, targetDelay: 6 * us })({ lineRate: 6.25e9, packetSize: 4096 });
    expect(half.gains.fi).toBeCloseTo(10_240, 9);
    expect(half.gains.alpha).toBeCloseTo((4 * 4096 * 0.5 * 0.5) / 6e6, 15);
  });

  it("fair increase above the target: fi x B / cwnd per ACK, summed over an adjustment", () => {
    const c = make({ initialWindow: 20 }); // 81 920 B
    for (let i = 0; i < 8; i++) c.onAck(ack(1, 12)); // delay = target; 8 x 4096 B, not above 8 MTU: no adjustment yet
    expect(c.windowBytes).toBe(81_920);
    c.onAck(ack(1, 12)); // 36 864 B > 32 768: cwnd += 9 x 20 480 x 4096 / 81 920 = 9 x 1024
    expect(c.windowBytes).toBeCloseTo(81_920 + 9216, 6);
  });

  it("proportional increase below the target: alpha x B x (target - delay) / cwnd, smaller than fair", () => {
    const c = make({ initialWindow: 20 });
    for (let i = 0; i < 9; i++) c.onAck(ack(1, 6)); // 4 x 4096 / 12e6 x 4096 x 6e6 / 81 920 = 409.6 each
    expect(c.windowBytes).toBeCloseTo(81_920 + 9 * 409.6, 6);
  });

  it("fast increase once the delay stayed under 1 us for more than a window of bytes", () => {
    const fast = make({ initialWindow: 20 });
    fast.onAck(ack(1, 0, false, 21)); // 86 016 B > cwnd: cwnd += 0.25 x 86 016
    expect(fast.windowBytes).toBeCloseTo(81_920 + 21_504, 6);
    const proportional = make({ initialWindow: 20 });
    proportional.onAck(ack(1, 0, false, 20)); // exactly cwnd: proportional, 4 x 4096 x 81 920 x 12e6 / 12e6 / 81 920
    expect(proportional.windowBytes).toBeCloseTo(81_920 + 16_384, 6);
  });

  it("multiplicative decrease on a marked ACK above the target, at most once per base RTT", () => {
    const c = make({ delayWeight: 1 }); // avg_delay = the last marked sample
    c.onAck(ack(20, 24, true)); // avg 24 us: x max(1 - 0.8 x 12/24, 0.5) = 0.6; then eta (12 us since the start)
    expect(c.averageDelay).toBe(24 * us);
    expect(c.windowBytes).toBeCloseTo(225_000 * 0.6 + 614.4, 6);
    c.onAck(ack(25, 24, true)); // 5 us after the cut: none
    expect(c.windowBytes).toBeCloseTo(225_000 * 0.6 + 614.4, 6);
    c.onAck(ack(32.5, 40, true)); // 12.5 us after: 1 - 0.8 x 28/40 = 0.44, floored at 0.5; eta again
    expect(c.windowBytes).toBeCloseTo((225_000 * 0.6 + 614.4) * 0.5 + 614.4, 6);
    c.onAck(ack(40, 6, true)); // marked below the target: nothing
    expect(c.windowBytes).toBeCloseTo((225_000 * 0.6 + 614.4) * 0.5 + 614.4, 6);
  });

  it("no decrease while the delay average is at or below the target", () => {
    const c = make(); // delay_alpha 0.0125: one 24 us sample moves the average to 0.3 us
    c.onAck(ack(20, 24, true));
    expect(c.averageDelay).toBeCloseTo(0.0125 * 24 * us, 6);
    expect(c.windowBytes).toBeCloseTo(225_000, 6); // eta would pass maxwnd: clamped
  });

  it("an unmarked sample above the target feeds base_rtt / 4 to the average (uet-htsim as written)", () => {
    const c = make({ delayWeight: 1 });
    c.onAck(ack(1, 20));
    expect(c.averageDelay).toBe(3 * us);
  });

  it("quick adapt: a delay above 4 x target with little ACKed in the window cuts cwnd to what was ACKed", () => {
    const c = make();
    for (let i = 0; i < 10; i++) c.onSend({ seq: i, bytes: 4096, limitedBy: "other", now: 0 });
    c.onAck(ack(1, 0)); // opens the first window, ending at 1 + 12 + 12 us
    expect(c.windowBytes).toBeCloseTo(225_000, 6);
    c.onAck(ack(26, 50)); // after it: 4096 B ACKed < 225 000 / 8 and delay 50 us > 48 us
    expect(c.windowBytes).toBe(4096);
    expect(c.window).toBe(1);
    c.onAck(ack(27, 30, true)); // a mark for bytes in flight at the cut (32 768 B): ignored, no decrease
    expect(c.windowBytes).toBe(4096);
  });

  it("no quick adapt when enough was ACKed in the window, or when it is off", () => {
    const busy = make();
    busy.onAck(ack(1, 0));
    busy.onAck(ack(26, 50, false, 8)); // 32 768 B >= 28 125: fair increase instead, held at maxwnd
    expect(busy.windowBytes).toBeCloseTo(225_000, 6);
    const off = make({ quickAdapt: false });
    off.onAck(ack(1, 0));
    off.onAck(ack(26, 50));
    expect(off.windowBytes).toBeCloseTo(225_000, 6);
  });

  it("keeps cwnd in [MTU, 1.5 x link rate x base RTT], lowering maxwnd with the base RTT", () => {
    const low = make({ initialWindow: 1, delayWeight: 1 });
    low.onAck(ack(20, 40, true)); // x 0.5 would be 2048 B: one MTU is the floor, then eta
    expect(low.windowBytes).toBeCloseTo(4096 + 614.4, 6);
    const c = make();
    c.onAck({ marked: false, bytes: 4096, seq: ++seq, now: us, rtt: 10 * us });
    expect(c.baseRtt).toBe(10 * us);
    expect(c.maxWindow).toBeCloseTo(187_500, 6);
    expect(c.windowBytes).toBeCloseTo(187_500, 6);
  });

  it("a NACK: cwnd -= the packet, a marked network_rtt sample, and quick adapt armed for the next window end", () => {
    const c = make({ initialWindow: 20 }); // 81 920 B
    for (let i = 0; i < 10; i++) c.onSend({ seq: i, bytes: 4096, limitedBy: "other", now: 0 }); // 40 960 B in flight
    c.onAck(ack(1, 0)); // opens quick adapt's window, ending at 1 + 12 + 12 = 25 us; a proportional increase waits
    const nack = (nowUs: number, rttUs: number) => ({
      cause: "nack" as const,
      bytes: 4096,
      rtt: rttUs * us,
      now: nowUs * us,
    });
    c.onLoss?.(nack(5, 14)); // inside the window: no quick adapt, so cwnd -= 4096
    expect(c.windowBytes).toBe(81_920 - 4096);
    expect(c.averageDelay).toBeCloseTo(0.0125 * 12 * us, 6); // the sample: base_rtt + network_rtt, i.e. 12 us of delay
    c.onAck(ack(10, 0, false, 2)); // still inside: proportional increase accumulates, no adjustment (12 288 B <= 8 MTU)
    expect(c.windowBytes).toBe(77_824);
    c.onAck(ack(26, 0)); // window over, delay 0 but armed by the NACK: 12 288 B ACKed < 225 000 / 8, cwnd = 12 288
    expect(c.windowBytes).toBe(12_288);
    c.onLoss?.(nack(27, 20)); // 4096 of the 20 480 B in flight at the cut: ignored, no cut
    expect(c.windowBytes).toBe(12_288);
    c.onLoss?.({ cause: "timeout", bytes: 4096, now: 28 * us }); // a timeout: cwnd -= 4096
    expect(c.windowBytes).toBe(8192);
  });

  it("a NACK after the window's end quick-adapts at once; without quick adapt every NACK cuts; a timeout floors at an MTU", () => {
    const c = make();
    c.onAck(ack(1, 0)); // window ends at 25 us
    c.onLoss?.({ cause: "nack", bytes: 4096, rtt: 13 * us, now: 30 * us }); // 0 B ACKed since: cwnd = max(0, MTU)
    expect(c.windowBytes).toBe(4096);
    const off = make({ quickAdapt: false });
    off.onAck(ack(1, 0));
    off.onLoss?.({ cause: "nack", bytes: 4096, rtt: 10 * us, now: 30 * us }); // a smaller RTT lowers base_rtt and maxwnd too
    expect([off.baseRtt, off.maxWindow]).toEqual([10 * us, 187_500]);
    expect(off.windowBytes).toBe(187_500); // 225 000 - 4096, clamped to the new maxwnd
    off.onLoss?.({ cause: "nack", bytes: 4096, rtt: 11 * us, now: 31 * us });
    expect(off.windowBytes).toBe(187_500 - 4096);
    const low = make({ initialWindow: 1 });
    low.onLoss?.({ cause: "timeout", bytes: 4096, now: us });
    expect(low.windowBytes).toBe(4096);
    expect(() => low.onLoss?.({ cause: "timeout", bytes: 0 })).toThrow(/nscc: loss.bytes/);
  });

  it("needs an RTT sample on every ACK", () => {
    expect(() => make().onAck({ marked: false, bytes: 4096, seq: 1 })).toThrow(/nscc: ack.rtt/);
    expect(() => nscc({ networkRtt: 0 })).toThrow(/networkRtt/);
  });

  it('is registered as "nscc", its network RTT from the fabric unless given', () => {
    const c = registered({ kind: "nscc", targetDelayUs: 6 }, flow, { baseRtt: base }) as NsccController;
    expect([c.targetDelay, c.baseRtt]).toEqual([6 * us, base]);
    const given = registered({ kind: "nscc", networkRttUs: 8 }, flow) as NsccController;
    expect(given.maxWindow).toBeCloseTo(150_000, 6);
    expect(() => controllers.create({ kind: "nscc" }, { lineRate: 12.5e9, packetBytes: 4096, ackBytes: 22 })).toThrow(
      /networkRttUs/,
    );
    expect(controllers.get("nscc")?.feedback).toBe("rtt");
  });
});
