import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { type CounterMarkingPolicy, inputOutputTriggered } from "../src/index.js";

/** A switch whose inputs never fill: one packet per input, all for output 2. */
function fanIn(outputThreshold: number) {
  const marking = inputOutputTriggered({ outputThreshold });
  const sw = new FakeSwitch(marking, 8);
  return { marking, sw, policy: sw.policy as CounterMarkingPolicy };
}

describe("input-output-triggered (santos-2002 sec. 5, Figs. 4(c), 4(d), 5)", () => {
  it("threshold 4: the 4th waiting packet does not trigger", () => {
    const { marking, sw, policy } = fanIn(4);
    for (let input = 0; input < 4; input++) sw.arrive(input, 2);
    expect(policy.pendingMarks(2)).toBe(0);
    sw.serve(2, 4);
    expect(sw.markedIds()).toEqual([]);
    expect(marking.marked).toBe(0);
  });

  it("threshold 4: the 5th waiting packet triggers, marking the 5 waiting", () => {
    const { marking, sw, policy } = fanIn(4);
    for (let input = 0; input < 4; input++) sw.arrive(input, 2);
    sw.arrive(4, 2); // cnt1 = 5 > 4
    expect(policy.pendingMarks(2)).toBe(5);
    sw.arrive(5, 2); // cnt1 = 6 > 4: triggers again, cnt2 = 6
    expect(policy.pendingMarks(2)).toBe(6);
    sw.serve(2, 6);
    expect(sw.markedIds()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(marking.marked).toBe(6);
  });

  it("a packet being transmitted no longer counts toward the threshold", () => {
    const { sw, policy } = fanIn(4);
    const first = sw.arrive(0, 2);
    for (let input = 1; input < 4; input++) sw.arrive(input, 2);
    sw.start(first); // cnt1 = 3
    sw.arrive(4, 2); // cnt1 = 4: not above 4
    expect(policy.pendingMarks(2)).toBe(0);
    sw.arrive(5, 2); // cnt1 = 5
    expect(policy.pendingMarks(2)).toBe(5);
    sw.finish(first);
    sw.serve(2, 5);
    expect(sw.markedIds()).toEqual([1, 2, 3, 4, 5]);
  });

  it("counts only the output the arrival waits for", () => {
    const { sw, policy } = fanIn(1);
    sw.arrive(0, 2);
    sw.arrive(1, 3);
    expect([policy.pendingMarks(2), policy.pendingMarks(3)]).toEqual([0, 0]);
    sw.arrive(2, 3);
    expect([policy.pendingMarks(2), policy.pendingMarks(3)]).toEqual([0, 2]);
  });

  it("keeps the input trigger: a full buffer below the threshold marks as input-triggered does", () => {
    const { sw, policy } = fanIn(16);
    sw.arrive(1, 3); // id 0
    sw.arrive(1, 4); // id 1
    for (let i = 0; i < 4; i++) sw.arrive(0, i % 2 === 0 ? 2 : 3); // ids 2-5: input 0 full
    expect([policy.pendingMarks(2), policy.pendingMarks(3), policy.pendingMarks(4)]).toEqual([2, 3, 0]);
    sw.serve(2, 2);
    sw.serve(3, 3);
    sw.serve(4, 1);
    expect(sw.markedIds()).toEqual([0, 2, 3, 4, 5]);
  });
});
