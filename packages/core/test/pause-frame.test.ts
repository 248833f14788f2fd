/**
 * PAUSE frames (802.3x PAUSE, 802.1Qbb PFC): a 64 B link-local frame whose `seq` is the pause
 * time in quanta (0: XON) and whose `vl` is the priority; a receiver keeps the paused
 * priorities as a bit set.
 */

import { dataPacket } from "@losslab/test-kit/data-packet";
import { describe, expect, it } from "vitest";
import {
  applyPause,
  createPauseFrame,
  isPaused,
  PAUSE_FRAME_BYTES,
  PacketKind,
  PacketStore,
  XOFF_QUANTA,
} from "../src/index.js";

describe("PAUSE frames", () => {
  const packets = new PacketStore();

  it("are link-local packets of kind Pause carrying the quanta in seq and the priority in vl", () => {
    const xoff = createPauseFrame(packets, 3, XOFF_QUANTA, PAUSE_FRAME_BYTES, 500);
    expect(packets.record(xoff)).toMatchObject({
      kind: PacketKind.Pause,
      size: 64,
      seq: 0xffff,
      vl: 3,
      createdAt: 500,
    });
    expect([packets.flow(xoff), packets.source(xoff), packets.destination(xoff)]).toEqual([-1, -1, -1]);
    expect(packets.id(createPauseFrame(packets, 3, 0, 64, 0))).toBe(packets.id(xoff) + 1); // numbered by the simulation's factory
  });

  it("pause one priority on XOFF and let it go on XON, leaving the others", () => {
    const xoff = (priority: number) => createPauseFrame(packets, priority, XOFF_QUANTA, 64, 0);
    const xon = (priority: number) => createPauseFrame(packets, priority, 0, 64, 0);
    let paused = applyPause(0, packets, xoff(0));
    paused = applyPause(paused, packets, xoff(5));
    expect(paused).toBe(0b100001);
    expect(applyPause(paused, packets, xoff(0))).toBe(paused); // a repeated XOFF changes nothing
    paused = applyPause(paused, packets, xon(0));
    expect(paused).toBe(0b100000);
    const data = dataPacket(packets, 0, 1, 0, 64);
    expect(isPaused(paused, packets.vl(data))).toBe(false);
    expect(isPaused(applyPause(paused, packets, xoff(0)), packets.vl(data))).toBe(true);
  });

  it("reject a priority PFC does not have", () => {
    expect(() => applyPause(0, packets, createPauseFrame(packets, 8, 1, 64, 0))).toThrow(/priorities 0\.\.7/);
  });
});
