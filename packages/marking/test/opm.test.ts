import { CongestionBit, PacketKind } from "@losslab/core";
import { FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { opm } from "../src/index.js";

const ECN = CongestionBit.Ecn;

describe("opm (ferrer-2012 sec. 3.1)", () => {
  it("marks a packet joining an output buffer above 33 % of 1 KB, whatever its input (Fig. 3's x flow too)", () => {
    const marking = opm();
    const sw = new FakeCioqSwitch(marking);
    const x1 = sw.arrive(0, 1);
    const x2 = sw.arrive(0, 1);
    sw.cross(x1); // 278 B <= 337.92
    sw.cross(x2); // 556 B > 337.92: marked, though its input is not congested
    expect([sw.packets.bits(x1), sw.packets.bits(x2)]).toEqual([0, ECN]);
    sw.send(1);
    const x3 = sw.arrive(0, 1);
    sw.cross(x3); // x2 still there: 556 B
    sw.send(1);
    sw.send(1); // departures judge nothing
    const alone = sw.arrive(2, 1);
    sw.cross(alone);
    expect([sw.packets.bits(x3), sw.packets.bits(alone)]).toEqual([ECN, 0]);
    expect(marking.marked).toBe(2);
  });

  it("does not mark at the threshold, only above it; ACKs fill the buffer but are never marked", () => {
    const marking = opm({ threshold: 0.25 }); // of 1112 B: 278 B
    const sw = new FakeCioqSwitch(marking, { outputBufferBytes: 1112 });
    const equal = sw.arrive(0, 1);
    sw.cross(equal); // 278 B: equal
    const ack = sw.arrive(0, 1, PacketKind.Ack);
    sw.cross(ack); // 300 B: above, but an ACK
    expect([sw.packets.bits(equal), sw.packets.bits(ack)]).toEqual([0, 0]);
    const data = sw.arrive(0, 2);
    for (let i = 0; i < 2; i++) sw.cross(sw.arrive(1, 2, PacketKind.Ack));
    sw.cross(data); // 44 + 278 = 322 B > 278
    expect(sw.packets.bits(data)).toBe(ECN);
    expect(marking.marked).toBe(1);
  });

  it("without output buffers, judges on arrival the packets waiting for the output in the inputs", () => {
    // 0.33 x 8272 = 2729.76 B: two 2068-B packets for the same output, in any inputs.
    const marking = opm();
    const sw = new FakeSwitch(marking);
    sw.arrive(0, 2); // id 0: alone
    sw.arrive(1, 3); // id 1: alone for output 3
    sw.arrive(1, 2); // id 2: 4136 B for output 2
    sw.serve(2); // id 0 leaves
    sw.arrive(3, 2); // id 3: ids 2 and 3 wait for output 2
    sw.serve(2, 2);
    sw.arrive(0, 2); // id 4: alone again
    expect(sw.markedIds()).toEqual([2, 3]);
  });
});
