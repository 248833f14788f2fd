/**
 * The receive side and the feedback loop: one ACK per data packet echoing its ECN bit
 * (santos-2002 sec. 4.1: "The destination returns the ECN value in the acknowledgment
 * packet"), fed to the flow's controller; lossless checks on what arrives.
 */
import { CongestionBit, LosslessViolation, PacketKind } from "@losslab/core";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";

function pair(ackBytes?: number) {
  return adapterPair({}, ackBytes === undefined ? {} : { ackBytes });
}

describe("ACKs", () => {
  it("returns one 20 B ACK per data packet, when its last byte has arrived", () => {
    const { engine, h0, h1, ba } = pair();
    const delivered: Array<[number, number]> = [];
    h1.onDeliver((packets, packet, time) => delivered.push([packets.seq(packet), time]));
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2 });
    engine.run();
    // Data tails at H1: 2,078,000 and 4,146,000; each ACK leaves H1 at once.
    expect(delivered).toEqual([
      [0, 2_078_000],
      [1, 4_146_000],
    ]);
    expect(
      ba.acks.map(({ packet, start, end }) => [
        packet.kind,
        packet.flow,
        packet.source,
        packet.destination,
        packet.size,
        packet.seq,
        start,
        end,
      ]),
    ).toEqual([
      [PacketKind.Ack, 7, 1, 0, 20, 0, 2_078_000, 2_098_000],
      [PacketKind.Ack, 7, 1, 0, 20, 1, 4_146_000, 4_166_000],
    ]);
  });

  it("uses the configured ACK size", () => {
    const { engine, h0, ba } = pair(64);
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 1 });
    engine.run();
    expect(ba.acks.map((s) => [s.packet.size, s.end - s.start])).toEqual([[64, 64_000]]);
  });

  it("echoes the data packet's ECN bit, and the controller sees marked: true for that ACK only", () => {
    const { engine, h0, ab, ba } = pair();
    // A marking switch on the path, as a hook on the wire: it marks data packet 1.
    ab.tamper = (packet, _packets) => {
      if (ab.packets.kind(packet) === PacketKind.Data && ab.packets.seq(packet) === 1)
        ab.packets.mark(packet, CongestionBit.Ecn);
    };
    const controller = new ScriptedController(engine);
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, controller });
    engine.run();
    expect(controller.acks).toEqual([
      // ACK k is complete at H0 at data tail + 20,000 + 10,000: 2,108,000, 4,176,000, 6,244,000.
      { at: 2_108_000, marked: false, validated: false, bytes: DATA_BYTES, packets: 1, seq: 0 },
      { at: 4_176_000, marked: true, validated: false, bytes: DATA_BYTES, packets: 1, seq: 1 },
      { at: 6_244_000, marked: false, validated: false, bytes: DATA_BYTES, packets: 1, seq: 2 },
    ]);
    // The echo is ECN plus BECN on the ACK (core: BECN marks an ACK returning an ECN mark).
    expect(ba.acks.map((s) => s.packet.bits)).toEqual([0, CongestionBit.Ecn | CongestionBit.Becn, 0]);
  });

  it("does not take a mark a switch put on the ACK itself on the way back as an echo", () => {
    // The data packet was not marked; a switch on the reverse path set ECN on its ACK.
    // The controller's `marked` means "this ACK echoes an ECN mark" (FlowController), i.e. BECN.
    const { engine, h0, ba } = pair();
    ba.tamper = (packet, _packets) => {
      if (ba.packets.kind(packet) === PacketKind.Ack) ba.packets.mark(packet, CongestionBit.Ecn);
    };
    const controller = new ScriptedController(engine);
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 1, controller });
    engine.run();
    expect(controller.acks.map((a) => a.marked)).toEqual([false]);
  });
});

describe("receive-side checks", () => {
  it("advertises unlimited credits on its one port", () => {
    const { h0 } = pair();
    expect(h0.inputCredits(0)).toBe(Number.POSITIVE_INFINITY);
    expect(() => h0.inputCredits(1)).toThrow(RangeError);
    const link = {
      bandwidth: 1e9,
      delay: 0,
      backDelay: 0,
      overheadBytes: 0,
      returnCredits: () => {},
      packets: h0.packets,
    };
    expect(() => h0.connectInput(1, link)).toThrow(/port 1 out of range 0..0/);
  });

  it("throws LosslessViolation for a packet addressed to another host", () => {
    const { packets, h1 } = pair();
    const stray = dataPacket(packets, 0, 5);
    expect(() => h1.receive(stray, 0, 2_068_000)).toThrow(LosslessViolation);
  });

  it("throws LosslessViolation for an ACK of a flow it does not have", () => {
    const { engine, packets, h0 } = pair();
    const ack = packets.create({
      kind: PacketKind.Ack,
      flow: 99,
      source: 1,
      destination: 0,
      size: 20,
      seq: 0,
      createdAt: 0,
    });
    h0.receive(ack, 0, 20_000);
    expect(() => engine.run()).toThrow(/H0: ACK for unknown flow 99/);
  });

  it("rejects a duplicate flow id", () => {
    const { h0 } = pair();
    h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0 });
    expect(() => h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0 })).toThrow(
      /H0: duplicate flow id 1/,
    );
  });
});
