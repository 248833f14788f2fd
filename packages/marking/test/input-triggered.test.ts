import { PacketKind } from "@losslab/core";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { type CounterMarkingPolicy, inputTriggered } from "../src/index.js";

/**
 * Inputs 1-3 hold packets for outputs 2, 3 and 4 (one of them an ACK); then input 0 fills
 * with packets for outputs 2 and 3 only. cnt1 at that moment: output 2: 5, output 3: 3,
 * output 4: 2.
 */
function congestedSwitch() {
  const marking = inputTriggered();
  const sw = new FakeSwitch(marking);
  const policy = sw.policy as CounterMarkingPolicy;
  const a = sw.arrive(1, 2); // id 0
  const b = sw.arrive(1, 3); // id 1
  const c = sw.arrive(1, 4); // id 2
  const d = sw.arrive(2, 2); // id 3
  const e = sw.arrive(2, 4); // id 4
  const f = sw.arrive(3, 2, PacketKind.Ack); // id 5
  const g = sw.arrive(0, 2); // id 6
  const h = sw.arrive(0, 3); // id 7
  const i = sw.arrive(0, 2); // id 8
  expect([2, 3, 4].map((output) => policy.pendingMarks(output))).toEqual([0, 0, 0]); // not full yet
  const j = sw.arrive(0, 3); // id 9: input 0 full
  return { marking, sw, policy, a, b, c, d, e, f, g, h, i, j };
}

describe("input-triggered (santos-2002 sec. 5, Fig. 4(b))", () => {
  it("a full buffer sets cnt2 = cnt1 on the outputs its packets wait for, and only those", () => {
    const { sw, policy } = congestedSwitch();
    expect([0, 1, 2, 3, 4].map((output) => policy.pendingMarks(output))).toEqual([0, 0, 5, 3, 0]);
    expect([2, 3, 4].map((output) => sw.waitingFor(output))).toEqual([5, 3, 2]);
    expect(sw.markedIds()).toEqual([]); // nothing is marked before it departs
  });

  it("marks the next cnt1 departures from outputs 2 and 3, none from 4; an ACK uses its turn unmarked", () => {
    const { marking, sw } = congestedSwitch();
    expect(sw.ids(sw.serve(4, 2))).toEqual([2, 4]);
    expect(sw.ids(sw.serve(2, 5))).toEqual([0, 3, 5, 6, 8]);
    expect(sw.ids(sw.serve(3, 3))).toEqual([1, 7, 9]);
    expect(sw.markedIds()).toEqual([0, 1, 3, 6, 7, 8, 9]); // all but the ACK (5) and output 4's packets (2, 4)
    expect(marking.marked).toBe(7);
    expect(marking.policies.map((policy) => [policy.switchName, policy.marked])).toEqual([["fake", 7]]);
  });

  it("packets arriving after the trigger are marked only if they depart within the first cnt2", () => {
    const { sw, policy } = congestedSwitch();
    const late2 = sw.arrive(4, 2); // id 10
    const late3 = sw.arrive(4, 3); // id 11
    expect(policy.pendingMarks(2)).toBe(5); // an arrival does not change cnt2
    sw.serve(2, 6); // FIFO: the five counted, then the late one
    expect(sw.packets.bits(late2)).toBe(0);
    // Out of order: the late packet leaves output 3 first and takes a mark; the last of the
    // three counted ones does not (the counter marks "the first packets to leave").
    sw.start(late3);
    sw.finish(late3);
    sw.serve(3, 3);
    expect(sw.markedIds()).toEqual([0, 1, 3, 6, 7, 8, 11]);
    expect(policy.pendingMarks(3)).toBe(0);
  });

  it("re-triggering while cnt2 > 0 sets cnt2 = cnt1 again: the owed marks plus the newcomers", () => {
    const { sw, policy } = congestedSwitch();
    sw.serve(2, 2); // ids 0 and 3 marked; output 2: cnt2 = 3, cnt1 = 3
    const m = sw.arrive(1, 2); // id 10; input 1 now holds ids 1 (-> 3), 2 (-> 4), 10
    expect([policy.pendingMarks(2), sw.waitingFor(2)]).toEqual([3, 4]);
    const n = sw.arrive(1, 2); // id 11: input 1 full -> outputs 3, 4 and 2 congested
    expect([policy.pendingMarks(2), policy.pendingMarks(3), policy.pendingMarks(4)]).toEqual([5, 3, 2]);
    sw.serve(2, 5); // 5 (ACK), 6, 8, 10, 11
    sw.serve(3, 3); // 1, 7, 9
    sw.serve(4, 2); // 2, 4
    expect(sw.markedIds()).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, sw.packets.id(m), sw.packets.id(n)]);
    expect(sw.policy.packetArrived).toBeUndefined();
  });

  it("a packet being transmitted from the full buffer does not make its output congested (footnote 5)", () => {
    const marking = inputTriggered();
    const sw = new FakeSwitch(marking);
    const policy = sw.policy as CounterMarkingPolicy;
    sw.arrive(1, 4); // id 0, waits for output 4
    const victim = sw.arrive(0, 4); // id 1
    sw.start(victim); // cuts through to output 4, still resident in input 0
    sw.arrive(0, 2);
    sw.arrive(0, 3);
    sw.arrive(0, 2); // input 0 full
    expect([policy.pendingMarks(2), policy.pendingMarks(3), policy.pendingMarks(4)]).toEqual([2, 1, 0]);
    sw.finish(victim);
    sw.serve(4);
    expect(sw.markedIds()).toEqual([]);
    expect(sw.packets.bits(victim)).toBe(0);
  });

  it("keeps one policy per switch and sums their counts on the factory", () => {
    const marking = inputTriggered();
    const one = new FakeSwitch(marking, 5, "A");
    const two = new FakeSwitch(marking, 5, "B");
    for (let i = 0; i < 4; i++) one.arrive(0, 2);
    for (let i = 0; i < 4; i++) two.arrive(1, 3);
    one.serve(2, 4);
    two.serve(3, 3);
    expect(marking.policies.map((policy) => [policy.switchName, policy.marked])).toEqual([
      ["A", 4],
      ["B", 3],
    ]);
    expect(marking.marked).toBe(7);
  });
});
