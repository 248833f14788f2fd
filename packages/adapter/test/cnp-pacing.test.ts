/**
 * DCQCN's notification point (`cnpInterval`; spec/algorithms.md): a destination reports
 * marks by CNPs alone, at most one per flow per interval, and its ACKs echo no bits. Two
 * adapters back to back at 1 GB/s: packet k of a greedy flow has fully arrived at
 * k * 2,068,000 + 2,078,000 ps.
 */
import { CongestionBit } from "@losslab/core";
import { markingPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";

const every = Array.from({ length: 100 }, (_, seq) => seq);

describe("paced CNPs (cnpInterval)", () => {
  it("sends one CNP per 50 us of marked arrivals, for a reliable flow too, and ACKs that echo nothing", () => {
    const { engine, h0, ba } = markingPair(every, { cnpInterval: 50_000_000 });
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, reliable: true, window: 64 });
    engine.run({ until: 110_000_000 });
    // The CNP for packet 0 at 2,078,000; the next marked arrival 50 us later or more is packet
    // 25 (25 * 2,068,000 + 2,078,000 = 53,778,000 >= 52,078,000), then packet 50 (105,478,000).
    expect(ba.cnps.map(({ packet }) => [packet.flow, packet.seq, packet.bits])).toEqual([
      [7, 0, CongestionBit.Becn],
      [7, 25, CongestionBit.Becn],
      [7, 50, CongestionBit.Becn],
    ]);
    expect(ba.acks.length).toBeGreaterThan(50);
    expect(ba.acks.every(({ packet }) => packet.bits === 0)).toBe(true);
  });

  it("without it, every marked packet's ACK carries the mark and no CNP goes", () => {
    const { engine, h0, ba } = markingPair(every);
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, reliable: true, window: 64 });
    engine.run({ until: 110_000_000 });
    expect(ba.cnps).toEqual([]);
    expect(ba.acks.every(({ packet }) => (packet.bits & CongestionBit.Becn) !== 0)).toBe(true);
  });
});
