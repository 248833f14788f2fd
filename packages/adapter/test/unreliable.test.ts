/**
 * Unreliable flows (turner-2001 sec. 3, 5.2): no ACKs; the destination returns a CN packet
 * for each marked data packet and nothing for unmarked ones; the source's controller hears
 * it as `onCnp`. Two adapters back to back: 1 GB/s, 10 ns each way; packet k of a greedy
 * flow starts at k * 2,068,000 and its last byte arrives 2,078,000 later; a 20 B CN packet
 * is complete at the source 30,000 after it starts.
 */
import { CongestionBit } from "@losslab/core";
import { turnerRate } from "@losslab/response";
import { markingPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import type { FlowOptions } from "../src/index.js";

function pair(marked: number[]) {
  const fabric = markingPair(marked);
  const flow = (options: Partial<FlowOptions> = {}) =>
    fabric.h0.addFlow({ id: 5, destination: 1, packetBytes: DATA_BYTES, start: 0, reliable: false, ...options });
  return { ...fabric, flow };
}

describe("unreliable flows", () => {
  it("get one CN packet per marked data packet, none for unmarked ones, and no ACKs", () => {
    const { engine, flow, ba } = pair([1, 3]);
    const controller = new ScriptedController(engine);
    const state = flow({ controller });
    engine.run({ until: 9_000_000 });
    expect(ba.acks).toEqual([]);
    expect(
      ba.cnps.map(({ packet, start }) => [
        packet.flow,
        packet.source,
        packet.destination,
        packet.size,
        packet.seq,
        packet.bits,
        start,
      ]),
    ).toEqual([
      [5, 1, 0, 20, 1, CongestionBit.Becn, 4_146_000],
      [5, 1, 0, 20, 3, CongestionBit.Becn, 8_282_000],
    ]);
    expect(controller.cnps).toEqual([
      { at: 4_176_000, feedback: 0, seq: 1 },
      { at: 8_312_000, feedback: 0, seq: 3 },
    ]);
    expect(controller.acks).toEqual([]);
    expect([state.sent, state.acked, state.outstanding, state.reliable]).toEqual([5, 0, 0, false]);
  });

  it("end with their last packet: a later CN packet reaches no controller", () => {
    // Packet 1 is the last (sent at 2,068,000); its CN is back at 4,176,000.
    const { engine, flow, ba } = pair([1]);
    const controller = new ScriptedController(engine);
    flow({ packets: 2, controller });
    engine.run();
    expect(ba.cnps.map((s) => s.packet.seq)).toEqual([1]);
    expect(controller.cnps).toEqual([]);
  });

  it("are never held by a window: nothing is outstanding", () => {
    const { engine, flow, ab } = pair([]);
    flow({ packets: 3, window: 1 });
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 4_136_000]);
  });
});

describe("turner-2001 sec. 5.2 rate control through the adapter", () => {
  it("raises the rate on rate-limited sends and lowers it on a CN packet", () => {
    // LIPD on ipd 0..3: RPI at ipd i is ceil(4/(1+i)) = 2, 2, 1; a CN adds 1 to the ipd.
    // Start at ipd 0 + offset 2 (a start every 6,204,000), RPI 2.
    //   0 @0 (other). 1 @6,204,000 (rate): RPI 1. 2 @12,408,000 (rate): RPI 0: ipd 1, RPI 2,
    //   APSN 2. 3 @16,544,000 (rate): RPI 1; 3 is marked: its CN is back at
    //   16,544,000 + 2,078,000 + 30,000 = 18,652,000: ipd 2, RPI min(1, 2) = 1, APSN 3.
    //   4 @16,544,000 + 6,204,000 = 22,748,000 (rate): RPI 0: ipd 1, RPI 2, APSN 4.
    //   5 @26,884,000: RPI 1. 6 @31,020,000: RPI 0: ipd 0 (static), RPI 0.
    //   7 @33,088,000, 8 @35,156,000: back to back (other).
    const { engine, flow, ab } = pair([3]);
    const controller = turnerRate({ response: "lipd", maxIpd: 3, initialIpdOffset: 2 })({
      lineRate: GBPS,
      packetSize: DATA_BYTES,
    });
    flow({ controller });
    const ipds: number[] = [];
    engine.at(18_652_001, () => ipds.push(controller.ipd, controller.remainingPackets, controller.adjustmentSeq));
    engine.run({ until: 36_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([
      0, 6_204_000, 12_408_000, 16_544_000, 22_748_000, 26_884_000, 31_020_000, 33_088_000, 35_156_000,
    ]);
    expect(ipds).toEqual([2, 1, 3]);
    expect([controller.ipd, controller.remainingPackets, controller.limitedBy]).toEqual([0, 0, "other"]);
  });
});
