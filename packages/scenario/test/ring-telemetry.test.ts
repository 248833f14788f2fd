/**
 * A FrameRing's INT records (docs/spec/parallel.md sec. 6, HPCC on threads): the lists of a
 * window's frames, of any length, come out of the ring's shared memory as the sender put them
 * in, as lists of their own, in the order of the frames; a ring made without them has none.
 */
import type { IntRecord } from "@losslab/core";
import { describe, expect, it } from "vitest";
import { FrameRing } from "../src/frame-ring.js";

const hop = (index: number): IntRecord => ({
  queueLength: 1048 * index + 0.5,
  txBytes: 2 ** 40 + index,
  timestamp: 123_456_789_012 + index,
  bandwidth: 3.125e9,
});

describe("FrameRing telemetry", () => {
  it("gives back each frame's INT list, in frame order, as new lists", () => {
    const memory = FrameRing.memory(true);
    const writer = new FrameRing(memory);
    const lists = [[hop(1), hop(2), hop(3)], [], [hop(4)], [hop(5), hop(6), hop(7), hop(8), hop(9)]];
    for (const list of lists) writer.telemetry!.write(list);
    // The reader is another view of the same memory, as on the receiving thread.
    const reader = new FrameRing(memory);
    reader.telemetry!.rewind();
    const read = lists.map(() => reader.telemetry!.read());
    expect(read).toEqual(lists);
    expect(read[0]).not.toBe(lists[0]);
    // Pushing onto a list read (the next switch's record) leaves the next list as it was.
    read[0]!.push(hop(10));
    reader.telemetry!.rewind();
    expect(reader.telemetry!.read()).toEqual(lists[0]);
    expect(reader.telemetry!.read()).toEqual([]);
  });

  it("starts each window empty, and says when a window's lists do not fit", () => {
    const ring = new FrameRing(FrameRing.memory(true));
    ring.telemetry!.write([hop(1)]);
    ring.clear();
    ring.telemetry!.write([hop(2), hop(3)]);
    ring.telemetry!.rewind();
    expect(ring.telemetry!.read()).toEqual([hop(2), hop(3)]);
    const long = Array.from({ length: 1000 }, (_, index) => hop(index));
    expect(() => {
      for (;;) ring.telemetry!.write(long);
    }).toThrow(
      /^more than \d+ numbers of INT records crossed from one part to another in one window: use fewer threads$/,
    );
  });

  it("is left out of rings of runs whose packets carry no INT records", () => {
    const plain = FrameRing.memory(false);
    expect(new FrameRing(plain).telemetry).toBeUndefined();
    expect(FrameRing.memory(true).byteLength).toBeGreaterThan(plain.byteLength);
  });
});
