/**
 * turner-2001 sec. 5.1's hybrid controller driven by the adapter: the adapter enforces
 * CWND and CIPD and samples RWL on every send; the controller changes them on ACKs.
 * LIPD on ipd 0..3 (Rmax/Rmin = 4): a mark adds 1 to the ipd, RPI at ipd i is
 * ceil(4/(1+i)) (2, 2, 1 for ipd 1, 2, 3). AIMD on windows 1..maxWindow: a mark halves
 * CWND (floor, at least 1), RPI = CWND unmarked packets per +1.
 */
import { CongestionBit, PacketKind } from "@losslab/core";
import type { Time } from "@losslab/engine";
import { type Controller, type HybridParameters, hybrid } from "@losslab/response";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES, GBPS, PROPAGATION } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";

/** One hybrid flow from H0 to H1; `states` records the controller after every ACK. */
function run(parameters: HybridParameters, options: { delay?: Time; packets?: number; marked?: number[] } = {}) {
  const { engine, h0, ab } = adapterPair({}, {}, { delay: options.delay ?? PROPAGATION });
  const marked = options.marked ?? [];
  ab.tamper = (packet, packets) => {
    if (packets.kind(packet) === PacketKind.Data && marked.includes(packets.seq(packet)))
      packets.mark(packet, CongestionBit.Ecn);
  };
  const controller = hybrid(parameters)({ lineRate: GBPS, packetSize: DATA_BYTES });
  const states: Array<[Time, number, number, number]> = [];
  // Delegates every call, recording (time, ipd, CWND, RPI) after each ACK.
  const spy: Controller = {
    get rate() {
      return controller.rate;
    },
    get window() {
      return controller.window;
    },
    wakeAt: undefined,
    onSend: (event) => controller.onSend(event),
    onAck: (event) => {
      controller.onAck(event);
      states.push([engine.now, controller.ipd, controller.window, controller.remainingPackets]);
    },
    onCnp: (event) => controller.onCnp(event),
    onTimer: (now) => controller.onTimer(now),
  };
  h0.addFlow({
    id: 0,
    destination: 1,
    packetBytes: DATA_BYTES,
    start: 0,
    controller: spy,
    ...(options.packets === undefined ? {} : { packets: options.packets }),
  });
  return { engine, ab, controller, states };
}

describe("hybrid through the adapter (turner-2001 sec. 5.1)", () => {
  it("grows the window when the window limits, not when nothing held the last packet back", () => {
    // 10 us each way: an ACK is back 2,068,000 + 10,000,000 + 20,000 + 10,000,000 =
    // 22,088,000 after its packet's start, so the window limits. RWL is what held back the
    // most recent packet sent when the ACK arrives:
    //   0 @0 (other); ACK 0 @22,088,000: RWL other, no change; 1 @22,088,000 (window)
    //   ACK 1 @44,176,000: RPI 1 -> 0: CWND 2, RPI 2; 2 @44,176,000 (window), 3 @46,244,000
    //     (other: the window had room, only the port was busy)
    //   ACK 2 @66,264,000: RWL other (3): no change; 4 @66,264,000 (window)
    //   ACK 3 @68,332,000: RPI 1; 5 (window). ACK 4 @88,352,000: RPI 0: CWND 3, RPI 3;
    //     6 @88,352,000 (window), 7 @90,420,000 (other), 8 @92,488,000 (other)
    //   ACK 5 @90,420,000, ACK 6 @110,440,000: RWL other; 9 @110,440,000 (window)
    //   ACK 7 @112,508,000: RPI 2; 10 (window). ACK 8 @114,576,000: RPI 1; 11 (window)
    //   ACK 9 @132,528,000: RPI 0: CWND 4 = maxWindow, so RPI 0 (nothing left to grow to).
    const { engine, ab, states } = run(
      { response: "lipd", windowResponse: "aimd", maxIpd: 3, maxWindow: 4 },
      { delay: 10_000_000 },
    );
    engine.run({ until: 132_528_000 });
    expect(ab.data.map((s) => s.start)).toEqual([
      0, 22_088_000, 44_176_000, 46_244_000, 66_264_000, 68_332_000, 88_352_000, 90_420_000, 92_488_000, 110_440_000,
      112_508_000, 114_576_000, 132_528_000,
    ]);
    expect(states).toEqual([
      [22_088_000, 0, 1, 1],
      [44_176_000, 0, 2, 2],
      [66_264_000, 0, 2, 2],
      [68_332_000, 0, 2, 1],
      [88_352_000, 0, 3, 3],
      [90_420_000, 0, 3, 3],
      [110_440_000, 0, 3, 3],
      [112_508_000, 0, 3, 2],
      [114_576_000, 0, 3, 1],
      [132_528_000, 0, 4, 0],
    ]);
  });

  it("raises the rate when the rate limits", () => {
    // CWND 1 (maxWindow 1), ipd 2: a start every 6,204,000; an ACK is back after 2,108,000.
    //   0 @0 (other); ACK 0: RWL other. 1 @6,204,000 (rate); ACK 1 @8,312,000: RPI 2 -> 1
    //   2 @12,408,000 (rate); ACK 2 @14,516,000: RPI 0: ipd 1, RPI 2
    //   3 @16,544,000 (rate); ACK 3: RPI 1. 4 @20,680,000 (rate); ACK 4 @22,788,000: ipd 0
    //   (the static IPD), RPI parked at 0. 5 may start at 22,748,000 by the rate but waits
    //   for that ACK (window): 22,788,000, then every 2,108,000.
    const { engine, ab, states } = run({ response: "lipd", maxIpd: 3, maxWindow: 1, initialIpd: 2 });
    engine.run({ until: 25_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([
      0, 6_204_000, 12_408_000, 16_544_000, 20_680_000, 22_788_000, 24_896_000,
    ]);
    expect(states).toEqual([
      [2_108_000, 2, 1, 2],
      [8_312_000, 2, 1, 1],
      [14_516_000, 1, 1, 2],
      [18_652_000, 1, 1, 1],
      [22_788_000, 0, 1, 0],
      [24_896_000, 0, 1, 0],
    ]);
  });

  it("never raises the rate above the static IPD's", () => {
    // Static IPD 1: 0.5 GB/s, a start every 4,136,000, however many unmarked ACKs arrive.
    const { engine, ab, controller } = run({ response: "lipd", maxIpd: 3, staticIpd: 1, maxWindow: 1 });
    engine.run({ until: 20_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 4_136_000, 8_272_000, 12_408_000, 16_544_000]);
    expect([controller.ipd, controller.remainingPackets]).toEqual([1, 0]);
  });

  it("decreases once per mark on a packet sent after the last adjustment (APSN), down to the floors", () => {
    // Every packet marked; CWND 4, ipd 0 at the start.
    //   0 @0, 1 @2,068,000 (other). ACK 0 @2,108,000: decrease: ipd 1, CWND 2, RPI 2, APSN 1.
    //   ACK 1 @4,176,000: packet 1 <= APSN: ignored. 2 @6,204,000 (rate: 0.5 GB/s after 1).
    //   ACK 2 @8,312,000: ipd 2, CWND 1, APSN 2. 3 @12,408,000 (0.333 GB/s).
    //   ACK 3 @14,516,000: ipd 3 (maxIpd), CWND 1, RPI min(2, 1) = 1. 4 @20,680,000 (0.25 GB/s).
    //   ACK 4 @22,788,000: ipd 3 and CWND 1 stay (the floors).
    const { engine, ab, states } = run(
      { response: "lipd", windowResponse: "aimd", maxIpd: 3, maxWindow: 4, initialWindow: 4 },
      { packets: 5, marked: [0, 1, 2, 3, 4] },
    );
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 6_204_000, 12_408_000, 20_680_000]);
    expect(states).toEqual([
      [2_108_000, 1, 2, 2],
      [4_176_000, 1, 2, 2],
      [8_312_000, 2, 1, 2],
      [14_516_000, 3, 1, 1],
      [22_788_000, 3, 1, 1],
    ]);
  });
});
