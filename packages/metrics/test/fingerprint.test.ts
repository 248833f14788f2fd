/** Fingerprint: a running hash over transmissions and deliveries; order, time, place, id and bits all count. */
import { type Packet, PacketKind, PacketStore } from "@losslab/core";
import { describe, expect, it } from "vitest";
import { combineFingerprints, Fingerprint } from "../src/index.js";

/** The store of the packets `packets()` made last: each call numbers its packets from 0 in a store of its own. */
let factory = new PacketStore();
const packets = () => {
  factory = new PacketStore();
  return [0, 1, 2].map((seq) =>
    factory.create({ kind: PacketKind.Data, flow: 0, source: 0, destination: 1, size: 100, seq, createdAt: 0 }),
  );
};

/** Transmits each packet on link 0 (of device 1) at 1000 ps steps, then delivers it to host 1 (device 2). */
function trajectory(list: Packet[], change: (step: number) => Partial<{ time: number; link: number }> = () => ({})) {
  const fingerprint = new Fingerprint();
  for (const [i, packet] of list.entries()) {
    const { time = i * 1000, link = 0 } = change(i);
    fingerprint.transmissions(1, link)(factory, packet, time, time + 800);
    fingerprint.delivered(2, time + 900, 1, factory, packet);
  }
  return fingerprint.hex();
}

describe("Fingerprint", () => {
  it("is 16 hex digits, the same for the same trajectory", () => {
    expect(trajectory(packets())).toMatch(/^[0-9a-f]{16}$/);
    expect(trajectory(packets())).toBe(trajectory(packets()));
  });

  it("hashes a transmission the same through its link's listener and through transmitted", () => {
    const [packet] = packets();
    const viaListener = new Fingerprint();
    viaListener.transmissions(1, 3)(factory, packet!, 5000, 5800);
    const direct = new Fingerprint();
    direct.transmitted(1, 3, 5000, factory, packet!);
    expect(direct.hex()).toBe(viaListener.hex());
    const otherLink = new Fingerprint();
    otherLink.transmitted(1, 4, 5000, factory, packet!);
    expect(otherLink.hex()).not.toBe(direct.hex());
  });

  it("changes with one picosecond, one link, the order of two steps, or one congestion bit", () => {
    const base = trajectory(packets());
    expect(trajectory(packets(), (i) => (i === 1 ? { time: 1001 } : {}))).not.toBe(base);
    expect(trajectory(packets(), (i) => (i === 2 ? { link: 1 } : {}))).not.toBe(base);
    const swapped = packets();
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(trajectory(swapped)).not.toBe(base);
    const marked = packets();
    factory.mark(marked[2]!, 1);
    expect(trajectory(marked)).not.toBe(base);
  });

  it("hashes both halves of times beyond 2^32 ps", () => {
    const late = (time: number) => {
      const fingerprint = new Fingerprint();
      fingerprint.delivered(1, time, 0, factory, packets()[0]!);
      return fingerprint.hex();
    };
    expect(late(2 ** 40)).not.toBe(late(2 ** 41));
    expect(late(2 ** 40 + 1)).not.toBe(late(2 ** 40));
  });

  it("hashes each device's steps on their own: their interleaving with other devices' does not count, their order does", () => {
    const list = packets();
    const steps = (order: readonly [device: number, packet: number][]) => {
      const fingerprint = new Fingerprint();
      for (const [device, packet] of order) fingerprint.transmitted(device, 0, 1000, factory, list[packet]!);
      return fingerprint.hex();
    };
    const base = steps([
      [1, 0],
      [2, 1],
      [1, 2],
      [70, 1],
    ]);
    // Device 70 grows the lanes past their first size; the interleaving of devices is free.
    expect(
      steps([
        [70, 1],
        [2, 1],
        [1, 0],
        [1, 2],
      ]),
    ).toBe(base);
    expect(
      steps([
        [1, 2],
        [2, 1],
        [1, 0],
        [70, 1],
      ]),
    ).not.toBe(base);
    expect(
      steps([
        [1, 0],
        [3, 1],
        [1, 2],
        [70, 1],
      ]),
    ).not.toBe(base);
  });

  it("combines run fingerprints in order", () => {
    const [a, b] = ["0123456789abcdef", "fedcba9876543210"];
    expect(combineFingerprints([a, b])).toMatch(/^[0-9a-f]{16}$/);
    expect(combineFingerprints([a, b])).toBe(combineFingerprints([a, b]));
    expect(combineFingerprints([a, b])).not.toBe(combineFingerprints([b, a]));
    expect(combineFingerprints([a])).not.toBe(combineFingerprints([a, a]));
  });
});
