import { CongestionBit, type Packet, PacketKind, PacketStore } from "@losslab/core";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { CIOQ_DATA_BYTES, FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { mvpm } from "../src/index.js";

const MB = CongestionBit.Marked;
const VB = CongestionBit.Validated;

/*
 * Defaults on ferrer-2012's buffers (1 KB, 278-B packets), in bytes:
 * input: 0.66 x 1024 = 675.84 B -> the arrival that makes 3 packets (834 B) gets MB, 2 (556 B) do not;
 * output: 0.33 x 1024 = 337.92 B -> a packet joining 1 other (556 B) is validated, alone (278 B) not.
 */

describe("mvpm (ferrer-2012 sec. 4.1, Fig. 3)", () => {
  it("classifies Fig. 3's flows: w and x cold, y hot (MB+VB), z warm (MB)", () => {
    const marking = mvpm();
    const sw = new FakeCioqSwitch(marking);
    // Input 0 carries w (to output 0) and x (to output 1); input 1 carries y (to output 1) and z (to output 2).
    const x1 = sw.arrive(0, 1);
    sw.cross(x1);
    const x2 = sw.arrive(0, 1);
    sw.cross(x2); // output 1 holds 556 B > 337.92: congested, but x is unmarked: no VB
    const y1 = sw.arrive(1, 1);
    const z1 = sw.arrive(1, 2);
    const y2 = sw.arrive(1, 1); // input 1 holds 834 B > 675.84: MB
    sw.cross(y1); // unmarked, so not validated although output 1 is congested
    const z2 = sw.arrive(1, 2); // input 1 holds z1, y2, z2: 834 B: MB
    sw.send(1); // x1 leaves: output 1 holds x2, y1
    sw.cross(y2); // output 1 holds 834 B > 337.92 and y2 is marked: VB
    sw.cross(z1);
    sw.send(2); // z1 leaves: output 2 is empty
    sw.cross(z2); // alone in output 2: 278 B, not saturated: MB only
    const w = sw.arrive(0, 0);
    sw.cross(w);

    const bits = (packets: Packet[]) => packets.map((packet) => sw.packets.bits(packet));
    expect(bits([w])).toEqual([0]);
    expect(bits([x1, x2])).toEqual([0, 0]);
    expect(bits([y1, y2])).toEqual([0, MB | VB]);
    expect(bits([z1, z2])).toEqual([0, MB]);
    expect([marking.marked, marking.validated]).toEqual([2, 1]);
    expect(marking.policies.map((policy) => [policy.switchName, policy.marked, policy.validated])).toEqual([
      ["cioq", 2, 1],
    ]);
  });

  it("validates a packet marked upstream at a saturated output of a later switch", () => {
    const marking = mvpm();
    const packets = new PacketStore();
    const a = new FakeCioqSwitch(marking, { name: "A" }, packets);
    const b = new FakeCioqSwitch(marking, { name: "B" }, packets);
    a.arrive(0, 2);
    a.arrive(0, 2);
    const warm = a.arrive(0, 1); // MB at A's input 0
    expect(packets.bits(warm)).toBe(MB);
    b.cross(b.arrive(3, 1)); // B's output 1 holds one packet
    b.receive(warm, 0); // B's input 0 holds only it: no new mark
    b.cross(warm); // B's output 1: 556 B > 337.92: VB
    expect(packets.bits(warm)).toBe(MB | VB);
    expect(marking.policies.map((policy) => [policy.switchName, policy.marked, policy.validated])).toEqual([
      ["A", 1, 0],
      ["B", 0, 1],
    ]);
  });

  it("never validates an unmarked packet, and a mark made later does not validate retroactively", () => {
    const marking = mvpm();
    const packets = new PacketStore();
    const a = new FakeCioqSwitch(marking, { name: "A" }, packets);
    const b = new FakeCioqSwitch(marking, { name: "B" }, packets);
    a.cross(a.arrive(1, 2));
    const cold = a.arrive(0, 2);
    a.cross(cold); // saturated output, not marked: nothing
    expect(packets.bits(cold)).toBe(0);
    b.arrive(0, 3);
    b.arrive(0, 3);
    b.receive(cold, 0); // B's input 0 now 834 B: MB
    b.cross(cold); // B's output 2 is empty: no VB
    expect(packets.bits(cold)).toBe(MB);
    expect(marking.validated).toBe(0);
  });

  it("never clears a bit, and counts a packet arriving with MB as this switch's decision", () => {
    const marking = mvpm();
    const packets = new PacketStore();
    const sw = new FakeCioqSwitch(marking, {}, packets);
    const hot = dataPacket(packets, 9, 1, 0, CIOQ_DATA_BYTES);
    packets.mark(hot, MB | VB);
    sw.receive(hot, 0); // an empty buffer: below the threshold
    sw.cross(hot); // an empty output: below the threshold
    sw.send(1);
    expect(packets.bits(hot)).toBe(MB | VB);
    expect([marking.marked, marking.validated]).toEqual([0, 0]);
    sw.arrive(2, 3);
    sw.arrive(2, 3);
    const again = dataPacket(packets, 9, 3, 1, CIOQ_DATA_BYTES);
    packets.mark(again, MB);
    sw.receive(again, 2); // 834 B: marked again (already was)
    expect(packets.bits(again)).toBe(MB);
    expect(marking.marked).toBe(1);
  });

  it("never marks or validates an ACK, even one echoing MB; ACKs still occupy the buffers", () => {
    const marking = mvpm();
    const sw = new FakeCioqSwitch(marking);
    sw.arrive(0, 1);
    sw.arrive(0, 1);
    const ack = sw.arrive(0, 2, PacketKind.Ack); // 578 B: not above anyway
    for (let i = 0; i < 4; i++) sw.arrive(0, 2, PacketKind.Ack); // 666 B
    const lastAck = sw.arrive(0, 2, PacketKind.Ack); // 688 B > 675.84, but an ACK
    expect([sw.packets.bits(ack), sw.packets.bits(lastAck)]).toEqual([0, 0]);
    // Output 3 receives three ACKs echoing MB: never validated, but they occupy 66 B.
    for (let i = 0; i < 3; i++) {
      const echo = sw.arrive(1, 3, PacketKind.Ack);
      sw.packets.mark(echo, MB);
      sw.cross(echo);
      expect(sw.packets.bits(echo)).toBe(MB);
    }
    expect([marking.marked, marking.validated]).toEqual([0, 0]);
    const joinsThree = sw.arrive(2, 3);
    sw.packets.mark(joinsThree, MB); // marked upstream
    sw.cross(joinsThree); // 66 + 278 = 344 B > 337.92: validated
    expect(sw.packets.bits(joinsThree)).toBe(MB | VB);
    for (let i = 0; i < 2; i++) sw.cross(sw.arrive(3, 2, PacketKind.Ack));
    const joinsTwo = sw.arrive(3, 2);
    sw.packets.mark(joinsTwo, MB);
    sw.cross(joinsTwo); // 44 + 278 = 322 B: not above
    expect(sw.packets.bits(joinsTwo)).toBe(MB);
  });

  it("marks when the threshold is exceeded, not when it is reached (bytes)", () => {
    // Buffers of 4 x 278 = 1112 B; input 0.5 -> 556 B, output 0.25 -> 278 B.
    const marking = mvpm({ inputThreshold: 0.5, outputThreshold: 0.25 });
    const sw = new FakeCioqSwitch(marking, { inputBufferBytes: 1112, outputBufferBytes: 1112 });
    const first = sw.arrive(0, 1);
    const equal = sw.arrive(0, 1); // 556 B: equal, not above
    const above = sw.arrive(0, 1); // 834 B
    expect([sw.packets.bits(first), sw.packets.bits(equal), sw.packets.bits(above)]).toEqual([0, 0, MB]);
    const alone = sw.arrive(1, 2);
    sw.packets.mark(alone, MB);
    sw.cross(alone); // 278 B: equal to the output threshold
    expect(sw.packets.bits(alone)).toBe(MB);
    sw.cross(first);
    sw.cross(equal);
    sw.cross(above); // output 1 holds 834 B > 278
    expect(sw.packets.bits(above)).toBe(MB | VB);
  });

  it("in packets: capacity is whole maximum-size packets, ACKs count as packets", () => {
    // 1 KB holds floor(1024 / 278) = 3 packets: input 0.66 x 3 = 1.98, output 0.33 x 3 = 0.99.
    const marking = mvpm({ unit: "packets" });
    const sw = new FakeCioqSwitch(marking);
    const first = sw.arrive(0, 1);
    const second = sw.arrive(0, 2); // 2 packets > 1.98 (in bytes, 556 B is below 675.84)
    expect([sw.packets.bits(first), sw.packets.bits(second)]).toEqual([0, MB]);
    sw.cross(second); // alone in output 2: 1 packet > 0.99: validated
    expect(sw.packets.bits(second)).toBe(MB | VB);
    sw.arrive(1, 3, PacketKind.Ack);
    const afterAck = sw.arrive(1, 3); // an ACK and a data packet: 2 packets > 1.98
    expect(sw.packets.bits(afterAck)).toBe(MB);
    expect([marking.marked, marking.validated]).toEqual([2, 1]);
  });

  it("without output buffers, validates on arrival against the packets waiting for the output in the inputs", () => {
    // FakeSwitch: input buffers of 4 x 2068 = 8272 B, no output buffers.
    // Input: 0.66 x 8272 = 5459.52 B (3 packets); output queue: 0.33 x 8272 = 2729.76 B (2 packets).
    const marking = mvpm();
    const sw = new FakeSwitch(marking);
    const a = sw.arrive(1, 2);
    const b = sw.arrive(0, 3);
    const c = sw.arrive(0, 3);
    const hot = sw.arrive(0, 2); // input 0 at 6204 B: MB; output 2's queue: a and hot, 4136 B: VB
    expect([sw.packets.bits(a), sw.packets.bits(b), sw.packets.bits(c), sw.packets.bits(hot)]).toEqual([
      0,
      0,
      0,
      MB | VB,
    ]);
    sw.serve(3, 2);
    sw.serve(2, 2); // departures judge nothing
    sw.arrive(1, 4);
    sw.arrive(1, 4);
    const warm = sw.arrive(1, 1); // input 1 at 6204 B: MB; output 1's queue: itself, 2068 B: no VB
    expect(sw.packets.bits(warm)).toBe(MB);
    expect([marking.marked, marking.validated]).toEqual([2, 1]);
    expect(sw.policy.packetDeparting).toBeUndefined();
  });
});
