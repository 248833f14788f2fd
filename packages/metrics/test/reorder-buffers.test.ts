/** `ReorderBuffers`: what a receiver delivering in order would hold, from arrival orders worked out by hand. */
import { PacketKind, PacketStore } from "@losslab/core";
import { describe, expect, it } from "vitest";
import { ReorderBuffers } from "../src/index.js";

function arrive(buffers: ReorderBuffers, packets: PacketStore, flow: number, seqs: number[], size = 100): void {
  for (const seq of seqs) {
    const packet = packets.create({ kind: PacketKind.Data, flow, source: 0, destination: 1, size, seq, createdAt: 0 });
    buffers.delivered(packets, packet);
  }
}

describe("ReorderBuffers", () => {
  it("holds nothing for packets in order", () => {
    const buffers = new ReorderBuffers();
    arrive(buffers, new PacketStore(), 1, [0, 1, 2, 3]);
    expect(buffers.summary()).toEqual({ arrivals: 4, maxPackets: 0, maxBytes: 0, meanPackets: 0, meanBytes: 0 });
  });

  it("holds the packets beyond a gap until it fills", () => {
    const buffers = new ReorderBuffers();
    // After each arrival: {2} 1, {2,3} 2, 0 fills the first gap -> 1 expected, still {2,3} 2, 1 -> empty 0.
    arrive(buffers, new PacketStore(), 1, [2, 3, 0, 1]);
    const flow = buffers.perFlow().get(1)!;
    expect(flow.maxPackets).toBe(2);
    expect(flow.maxBytes).toBe(200);
    expect(flow.meanPackets).toBe((1 + 2 + 2 + 0) / 4);
    expect(flow.meanBytes).toBe((100 + 200 + 200 + 0) / 4);
  });

  it("keeps flows apart, and the summary takes the largest maxima and the mean over all arrivals", () => {
    const buffers = new ReorderBuffers();
    const packets = new PacketStore();
    arrive(buffers, packets, 1, [1, 0]);
    arrive(buffers, packets, 2, [0, 1, 2, 3], 50);
    expect(buffers.summary()).toEqual({
      arrivals: 6,
      maxPackets: 1,
      maxBytes: 100,
      meanPackets: 1 / 6,
      meanBytes: 100 / 6,
    });
  });

  it("a queue's numbering that starts again (a reopened queue) is in order, not a gap", () => {
    const buffers = new ReorderBuffers();
    arrive(buffers, new PacketStore(), 1, [0, 1, 2, 0, 1]);
    expect(buffers.summary().maxPackets).toBe(0);
  });
});
