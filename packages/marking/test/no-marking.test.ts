import { PacketKind } from "@losslab/core";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { noMarking } from "../src/index.js";

describe("none", () => {
  it("marks nothing, has no hooks, counts zero", () => {
    const marking = noMarking();
    const sw = new FakeSwitch(marking);
    expect(sw.policy).toEqual({ switchName: "fake", marked: 0 });
    for (let i = 0; i < 4; i++) sw.arrive(0, 2); // a full buffer
    for (let i = 0; i < 4; i++) sw.arrive(1, 2, PacketKind.Ack);
    sw.serve(2, 8);
    expect(sw.markedIds()).toEqual([]);
    expect(marking.marked).toBe(0);
    expect(marking.kind).toBe("none");
  });
});
