import { CongestionBit, PacketKind } from "@losslab/core";
import { FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { ipm } from "../src/index.js";

const ECN = CongestionBit.Ecn;

describe("ipm (ferrer-2012 sec. 3.1)", () => {
  it("marks an arrival that takes its input buffer above 66 % of 1 KB, whatever its output", () => {
    const marking = ipm();
    const sw = new FakeCioqSwitch(marking);
    const first = sw.arrive(0, 1);
    const second = sw.arrive(0, 2); // 556 B <= 675.84
    const third = sw.arrive(0, 3); // 834 B > 675.84: marked although output 3 is idle (a victim)
    expect([sw.packets.bits(first), sw.packets.bits(second), sw.packets.bits(third)]).toEqual([0, 0, ECN]);
    sw.cross(first);
    sw.cross(second);
    sw.cross(third); // nothing is judged at the outputs
    sw.send(3);
    expect(marking.marked).toBe(1);
    expect(sw.policy.packetEnteredOutput).toBeUndefined();
    expect(sw.policy.packetDeparting).toBeUndefined();
  });

  it("does not mark at the threshold, only above it", () => {
    const marking = ipm({ threshold: 0.5 }); // of 1112 B: 556 B
    const sw = new FakeCioqSwitch(marking, { inputBufferBytes: 1112 });
    const bits = [sw.arrive(0, 1), sw.arrive(0, 1), sw.arrive(0, 1)].map((packet) => sw.packets.bits(packet));
    expect(bits).toEqual([0, 0, ECN]);
  });

  it("in packets: 2 of 3 packets exceed 0.66 x 3; an ACK counts but is never marked", () => {
    const marking = ipm({ unit: "packets" });
    const sw = new FakeCioqSwitch(marking);
    sw.arrive(0, 1);
    const ack = sw.arrive(0, 1, PacketKind.Ack); // 2 packets > 1.98, but an ACK
    const data = sw.arrive(1, 1);
    const second = sw.arrive(1, 1);
    expect([sw.packets.bits(ack), sw.packets.bits(data), sw.packets.bits(second)]).toEqual([0, 0, ECN]);
    expect(marking.marked).toBe(1);
  });

  it("works on an input-buffered switch the same way", () => {
    const marking = ipm(); // 0.66 x 8272 = 5459.52 B: the third 2068-B packet
    const sw = new FakeSwitch(marking);
    sw.arrive(0, 2);
    sw.arrive(0, 3);
    sw.arrive(0, 4);
    expect(sw.markedIds()).toEqual([2]);
  });
});
