/**
 * ACK coalescing (turner-2001 sec. 3): one ACK for up to N data packets of a reliable flow,
 * at once for a marked packet ("an acknowledgement packet must be generated for every
 * request packet with the ECN bit set to 1") and for one with AckReq (sec. 5.1).
 * Two adapters back to back: 1 GB/s, 10 ns each way; a 2068 B packet takes 2,068,000 ps,
 * its last byte reaches the destination 2,078,000 ps after its start; a 20 B ACK takes
 * 20,000 ps and is complete at the source 30,000 ps after it starts.
 */
import { CongestionBit, type Packet, PacketKind, PacketStore } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { hybrid } from "@losslab/response";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import { type FlowOptions, HostAdapter } from "../src/index.js";

function pair(ackCoalescing: number, ackCoalescingTimeout: Time = Number.POSITIVE_INFINITY) {
  const pair = adapterPair({}, { ackCoalescing, ackCoalescingTimeout });
  const flow = (options: Partial<FlowOptions> = {}) =>
    pair.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, ...options });
  /** The ACKs H1 sent: [seq, covers, bits, start]. */
  const acks = () => pair.ba.acks.map(({ packet, start }) => [packet.seq, packet.covers, packet.bits, start]);
  return { ...pair, flow, acks };
}

const markSeqs = (seqs: number[]) => (packet: Packet, packets: PacketStore) => {
  if (packets.kind(packet) === PacketKind.Data && seqs.includes(packets.seq(packet)))
    packets.mark(packet, CongestionBit.Ecn);
};

const ECHO = CongestionBit.Ecn | CongestionBit.Becn;

describe("ACK coalescing at the destination", () => {
  it("acknowledges N unmarked packets with one ACK (covers N, seq of the last)", () => {
    // No window: only the flow's last packet (9) asks for an ACK. Packet k's last byte
    // arrives at k * 2,068,000 + 2,078,000: packet 3 at 8,282,000, 7 at 16,554,000, 9 at 20,690,000.
    const { engine, flow, acks } = pair(4);
    const controller = new ScriptedController(engine);
    const state = flow({ packets: 10, controller });
    engine.run();
    expect(acks()).toEqual([
      [3, 4, 0, 8_282_000],
      [7, 4, 0, 16_554_000],
      [9, 2, 0, 20_690_000],
    ]);
    expect(controller.acks.map((a) => [a.at, a.seq, a.packets, a.bytes, a.marked])).toEqual([
      [8_312_000, 3, 4, 4 * DATA_BYTES, false],
      [16_584_000, 7, 4, 4 * DATA_BYTES, false],
      [20_720_000, 9, 2, 2 * DATA_BYTES, false],
    ]);
    expect([state.acked, state.outstanding]).toEqual([10, 0]);
  });

  it("acknowledges a marked packet at once, with the unmarked ones pending before it", () => {
    // Packet 2 is marked: its ACK covers 0, 1 and 2 and echoes the mark (N-1 unmarked then
    // one marked, sec. 3); packet 3, the last, has its own.
    const { engine, flow, acks, ab } = pair(4);
    ab.tamper = markSeqs([2]);
    const controller = new ScriptedController(engine);
    flow({ packets: 4, controller });
    engine.run();
    expect(acks()).toEqual([
      [2, 3, ECHO, 6_214_000],
      [3, 1, 0, 8_282_000],
    ]);
    expect(controller.acks.map((a) => [a.seq, a.packets, a.marked])).toEqual([
      [2, 3, true],
      [3, 1, false],
    ]);
  });

  it("acknowledges every marked packet, one ACK each, even back to back", () => {
    const { engine, flow, acks, ab } = pair(4);
    ab.tamper = markSeqs([0, 1]);
    flow({ packets: 3 });
    engine.run();
    expect(acks()).toEqual([
      [0, 1, ECHO, 2_078_000],
      [1, 1, ECHO, 4_146_000],
      [2, 1, 0, 6_214_000],
    ]);
  });

  it("acknowledges at once the packet whose AckReq says it exhausts the window", () => {
    // Window 2: packets 1, 3 and 5 fill it and carry AckReq, so each ACK covers two packets.
    // ACK of 1: tail 4,146,000, at H0 4,176,000, when 2 starts; 3 starts at 6,244,000, its
    // tail at 8,322,000, its ACK at H0 at 8,352,000, when 4 starts; 5 at 10,420,000.
    const { engine, flow, acks, ab } = pair(4);
    flow({ packets: 6, window: 2 });
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 4_176_000, 6_244_000, 8_352_000, 10_420_000]);
    expect(acks()).toEqual([
      [1, 2, 0, 4_146_000],
      [3, 2, 0, 8_322_000],
      [5, 2, 0, 12_498_000],
    ]);
  });

  it("sends a pending ACK when the time-out since the first pending packet expires", () => {
    // 0.25 GB/s: a start every 8,272,000. Packet 0 arrives at 2,078,000, alone: its ACK
    // leaves 1 us later. Packet 1 is the last (AckReq): acknowledged at its tail, 10,350,000.
    const { engine, flow, acks } = pair(4, 1_000_000);
    flow({ packets: 2, rate: 0.25 * GBPS });
    engine.run();
    expect(acks()).toEqual([
      [0, 1, 0, 3_078_000],
      [1, 1, 0, 10_350_000],
    ]);
  });

  it("a time-out covers what arrived meanwhile and is cancelled by a flush", () => {
    // Time-out 5 us: packet 0 (tail 2,078,000) arms it for 7,078,000; packets 1 and 2 arrive
    // before (4,146,000, 6,214,000): one ACK covers 0..2. Packet 3 (8,282,000) arms it again
    // for 13,282,000, but packet 4 is the last (AckReq, 10,350,000) and flushes 3 and 4.
    const { engine, flow, acks } = pair(4, 5_000_000);
    flow({ packets: 5 });
    engine.run();
    expect(acks()).toEqual([
      [2, 3, 0, 7_078_000],
      [4, 2, 0, 10_350_000],
    ]);
  });

  it("with N = 1 (the default) acknowledges every packet", () => {
    const { engine, flow, acks } = pair(1);
    flow({ packets: 2 });
    engine.run();
    expect(acks()).toEqual([
      [0, 1, 0, 2_078_000],
      [1, 1, 0, 4_146_000],
    ]);
  });

  it("rejects bad coalescing options", () => {
    const engine = new Engine();
    const make = (ackCoalescing: number, ackCoalescingTimeout?: number) => () =>
      new HostAdapter(engine, {
        name: "H",
        host: 0,
        packets: new PacketStore(),
        ackCoalescing,
        ...(ackCoalescingTimeout === undefined ? {} : { ackCoalescingTimeout }),
      });
    expect(make(0)).toThrow(/ackCoalescing must be an integer >= 1; got 0/);
    expect(make(2.5, 1)).toThrow(/ackCoalescing must be an integer >= 1/);
    expect(make(4)).toThrow(/ackCoalescingTimeout is needed with ackCoalescing > 1/);
    expect(make(4, 0)).toThrow(/ackCoalescingTimeout must be/);
    expect(make(4, 1.5)).toThrow(/ackCoalescingTimeout must be/);
  });
});

describe("a coalesced ACK drives the hybrid controller (sec. 3 with sec. 5.1)", () => {
  it("acts as N-1 unmarked ACKs then one marked", () => {
    // LIPD on ipd 0..3 (Rmax/Rmin = 4: RPI at ipd i is ceil(4/(1+i)), a mark adds 1 to the
    // ipd); AIMD on windows 1..8 (RPI = CWND, a mark halves it). Start: ipd 1 (0.5 GB/s, a
    // start every 4,136,000), CWND 5, RPI 5. A round trip (2,108,000) is shorter than the gap,
    // so the flow is rate limited, never fills its window, and sends no AckReq.
    const { engine, flow, acks, ab } = pair(4);
    ab.tamper = markSeqs([3]);
    const controller = hybrid({
      response: "lipd",
      windowResponse: "aimd",
      maxIpd: 3,
      maxWindow: 8,
      initialWindow: 5,
      initialIpd: 1,
    })({ lineRate: GBPS, packetSize: DATA_BYTES });
    flow({ packets: 5, controller });
    engine.run({ until: 14_516_000 });
    // Packets 0..3 at 0, 4,136,000, 8,272,000, 12,408,000; 3 is marked: one ACK for 0..3,
    // at H0 at 12,408,000 + 2,108,000. Packets 1..3 were rate limited (RWL rate): three
    // unmarked take RPI 5 -> 2; the mark (packet 3 > APSN) sets ipd 2, CWND floor(5/2) = 2,
    // RPI min(2, ceil(4/3) = 2) = 2, APSN 3.
    expect(acks()).toEqual([[3, 4, ECHO, 14_486_000]]);
    expect([controller.ipd, controller.window, controller.remainingPackets, controller.adjustmentSeq]).toEqual([
      2, 2, 2, 3,
    ]);
    engine.run();
    // Packet 4 at 12,408,000 + 6,204,000 (0.333 GB/s), the last (AckReq); its unmarked ACK
    // (RWL rate) takes RPI 2 -> 1.
    expect(ab.data.map((s) => s.start)).toEqual([0, 4_136_000, 8_272_000, 12_408_000, 18_612_000]);
    expect([controller.ipd, controller.window, controller.remainingPackets, controller.outstanding]).toEqual([
      2, 2, 1, 0,
    ]);
  });
});
