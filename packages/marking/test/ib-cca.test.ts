import { CongestionBit, type Packet, PacketKind } from "@losslab/core";
import { FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { ibCca, ibCcaThresholdFraction } from "../src/index.js";

const ECN = CongestionBit.Ecn;

describe("ib-cca (IBA Annex A10 as ferrer-2012 sec. 3.2.2 and spec/algorithms.md describe it)", () => {
  it("maps the 0..15 setting linearly: 1 -> 15/16 of the buffer, 15 -> 1/16, 0 never", () => {
    expect(ibCcaThresholdFraction(0)).toBe(Number.POSITIVE_INFINITY);
    expect(ibCcaThresholdFraction(1)).toBe(15 / 16);
    expect(ibCcaThresholdFraction(8)).toBe(0.5);
    expect(ibCcaThresholdFraction(15)).toBe(1 / 16);
    const steps = Array.from({ length: 14 }, (_, i) => ibCcaThresholdFraction(i + 1) - ibCcaThresholdFraction(i + 2));
    expect(new Set(steps)).toEqual(new Set([1 / 16])); // "a uniform distribution of decreasing threshold values"
  });

  it("setting 15 (default, 64 B of 1 KB): marks a departure that leaves at least one packet behind", () => {
    const marking = ibCca();
    const sw = new FakeCioqSwitch(marking);
    const [first, second] = sw.fill(1, 2);
    sw.send(1); // 278 B behind >= 64
    sw.send(1); // nothing behind
    expect([sw.packets.bits(first!), sw.packets.bits(second!)]).toEqual([ECN, 0]);
    expect(marking.marked).toBe(1);
    expect(sw.policy.packetArrived).toBeUndefined();
    expect(sw.policy.packetEnteredOutput).toBeUndefined();
  });

  it("setting 8 on 1112-B buffers (556 B): occupancy >= threshold marks, equal included", () => {
    const marking = ibCca({ threshold: 8 });
    const sw = new FakeCioqSwitch(marking, { outputBufferBytes: 1112 });
    const queued = sw.fill(1, 3);
    sw.send(1); // 556 B behind: equal, marked
    sw.send(1); // 278 B behind
    sw.send(1);
    expect(queued.map((packet) => sw.packets.bits(packet))).toEqual([ECN, 0, 0]);
  });

  it("settings 1..7 never mark with 1 KB buffers of 278-B packets: at most 556 B can be behind", () => {
    expect(ibCcaThresholdFraction(7) * 1024).toBe(576);
    const marking = ibCca({ threshold: 7 });
    const sw = new FakeCioqSwitch(marking);
    sw.fill(1, 3);
    for (let i = 0; i < 3; i++) sw.send(1);
    expect(marking.marked).toBe(0);
  });

  it("setting 0 never marks, even with a full buffer", () => {
    const marking = ibCca({ threshold: 0 });
    const sw = new FakeCioqSwitch(marking);
    sw.fill(1, 3);
    for (let i = 0; i < 3; i++) sw.send(1);
    expect(marking.marked).toBe(0);
  });

  it("markingRate 2: marks one eligible packet, leaves the next two, per port", () => {
    const marking = ibCca({ markingRate: 2 });
    const sw = new FakeCioqSwitch(marking);
    const sent: Packet[] = [];
    sw.fill(1, 2);
    sw.fill(2, 2, 1);
    for (let i = 0; i < 7; i++) {
      sent.push(sw.send(1)); // one packet behind each time: eligible
      sw.fill(1, 1);
    }
    sw.send(2); // port 2's first eligible packet: marked, its own counter
    const marked = sent.map((packet) => (sw.packets.bits(packet) & ECN) !== 0);
    expect(marked).toEqual([true, false, false, true, false, false, true]);
    expect(marking.marked).toBe(4);
  });

  it("packetSize: smaller packets are never marked; ACKs are not eligible and do not use up the rate", () => {
    const bySize = (packetSize: number) => {
      const sw = new FakeCioqSwitch(ibCca({ packetSize }));
      sw.fill(1, 2);
      return sw.packets.bits(sw.send(1));
    };
    expect([bySize(278), bySize(279)]).toEqual([ECN, 0]);

    const marking = ibCca({ markingRate: 1 });
    const sw = new FakeCioqSwitch(marking);
    const data = sw.fill(1, 1);
    const acks = Array.from({ length: 3 }, () => {
      const ack = sw.arrive(0, 1, PacketKind.Ack);
      sw.cross(ack);
      return ack;
    });
    data.push(...sw.fill(1, 2));
    sw.send(1); // data, 66 + 556 B behind: marked
    for (let i = 0; i < 3; i++) sw.send(1); // ACKs: not eligible
    sw.send(1); // data, 278 B behind: eligible, left unmarked (rate 1)
    sw.send(1);
    expect(data.map((packet) => sw.packets.bits(packet))).toEqual([ECN, 0, 0]);
    expect(acks.map((packet) => sw.packets.bits(packet))).toEqual([0, 0, 0]);
  });

  it("without output buffers, judges the bytes waiting for the port in the input buffers", () => {
    // Input buffers of 8272 B; setting 15 -> 517 B, setting 8 -> 4136 B (two 2068-B packets).
    const loose = new FakeSwitch(ibCca());
    loose.arrive(0, 2); // id 0
    loose.arrive(1, 2); // id 1
    loose.serve(2, 2); // id 0 leaves 2068 B behind; id 1 nothing
    expect(loose.markedIds()).toEqual([0]);

    const strict = new FakeSwitch(ibCca({ threshold: 8 }));
    for (let input = 0; input < 3; input++) strict.arrive(input, 2); // ids 0-2
    strict.arrive(3, 4); // id 3: another port's queue does not count
    strict.serve(2, 3); // id 0: 4136 B behind; id 1: 2068 B
    expect(strict.markedIds()).toEqual([0]);
  });
});
