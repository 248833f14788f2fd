import { CongestionBit, PacketKind } from "@losslab/core";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { naive } from "../src/index.js";

describe("naive (santos-2002 sec. 5, Fig. 4(a))", () => {
  it("marks the resident data packets of a full buffer, except the one being transmitted and the ACK", () => {
    const marking = naive();
    const sw = new FakeSwitch(marking);
    const other = sw.arrive(1, 2); // id 0, another input: never marked
    const transmitting = sw.arrive(0, 2); // id 1
    const waiting = sw.arrive(0, 3); // id 2
    sw.start(transmitting); // cut through: still resident, no longer markable (footnote 5)
    const ack = sw.arrive(0, 4, PacketKind.Ack); // id 3: 2 data + ACK, not full yet
    expect(sw.markedIds()).toEqual([]);
    const last = sw.arrive(0, 2); // id 4: 3 data + ACK leave less than 2068 B: full
    expect(sw.markedIds()).toEqual([sw.packets.id(waiting), sw.packets.id(last)]);
    expect([other, transmitting, ack].some((packet) => (sw.packets.bits(packet) & CongestionBit.Ecn) !== 0)).toBe(
      false,
    );
    expect(marking.marked).toBe(2);
  });

  it("marks when the tail arrives, not the header, and counts a packet once when its buffer fills again", () => {
    const marking = naive();
    const sw = new FakeSwitch(marking);
    const first = sw.arrive(0, 2); // id 0
    sw.arrive(0, 3); // id 1
    sw.arrive(0, 2); // id 2
    sw.arriveHeader(0, 3); // id 3: header only
    expect(sw.markedIds()).toEqual([]);
    sw.tailArrived(0);
    expect(sw.markedIds()).toEqual([0, 1, 2, 3]);
    sw.serve(2); // id 0 leaves
    expect(sw.packets.bits(first) & CongestionBit.Ecn).toBe(CongestionBit.Ecn); // a set bit stays set
    sw.arrive(0, 4); // id 4 fills the buffer again
    expect(sw.markedIds()).toEqual([0, 1, 2, 3, 4]);
    expect(marking.marked).toBe(5);
  });

  it("counts a packet already marked upstream as its own decision", () => {
    const marking = naive();
    const sw = new FakeSwitch(marking);
    const upstream = sw.arrive(0, 2);
    sw.packets.mark(upstream, CongestionBit.Ecn);
    for (let i = 0; i < 3; i++) sw.arrive(0, 2);
    expect(marking.marked).toBe(4);
  });

  it("has no arrival hook and never marks on departure", () => {
    const sw = new FakeSwitch(naive());
    expect(sw.policy.packetArrived).toBeUndefined();
    for (let i = 0; i < 3; i++) sw.arrive(i, 4);
    sw.serve(4, 3);
    expect(sw.markedIds()).toEqual([]);
  });
});
