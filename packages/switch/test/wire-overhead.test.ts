/**
 * Per-frame wire overhead on a Link (Ethernet: preamble and start delimiter 8 B + inter-frame
 * gap 12 B = 20 B; chrysos sec. III "the 20B per-frame overhead", reproductions.md scenario
 * Q). The overhead goes ahead of each frame: the link is busy for (20 + size) / rate, the
 * header leaves 20 B after the start. Byte counters count the frame's own size.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { Link } from "../src/index.js";

describe("a link with 20 B of per-frame overhead", () => {
  it("spaces back-to-back 1522 B frames by 1542 B times and delays each header by 20 B", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst");
    const { link, sent } = wire(engine, src, 0, dst, 0, { bandwidth: GBPS, overheadBytes: 20, packets });
    for (let seq = 0; seq < 3; seq++) src.send(dataPacket(packets, 0, 1, seq, 1522), 0);
    engine.run();
    // 1 GB/s: 1 B = 1 ns. Frame k starts at k x 1542 ns and its last byte leaves 1542 ns later.
    expect(sent.map((t) => [t.start, t.end])).toEqual([
      [0, 1_542_000],
      [1_542_000, 3_084_000],
      [3_084_000, 4_626_000],
    ]);
    // Header: start + 20 ns of overhead + 10 ns of propagation; last byte 1522 ns after it.
    expect(dst.arrivals.map((a) => [a.headerAt, a.tailAt])).toEqual([
      [30_000, 1_552_000],
      [1_572_000, 3_094_000],
      [3_114_000, 4_636_000],
    ]);
    expect([link.bytesSent, link.packetsSent, link.overheadBytes]).toEqual([3 * 1522, 3, 20]);
  });

  it("defaults to no overhead and rejects a negative one, naming the option", () => {
    const engine = new Engine();
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst");
    const packets = new PacketStore();
    const base = {
      name: "L",
      from: src,
      fromPort: 0,
      to: dst,
      toPort: 0,
      bandwidth: GBPS,
      delay: 0,
      backDelay: 0,
      packets,
    };
    expect(new Link(engine, base).overheadBytes).toBe(0);
    expect(() => new Link(engine, { ...base, overheadBytes: -20 })).toThrow(
      /L: overheadBytes must be a finite number >= 0; got -20/,
    );
  });
});
