/**
 * Credit-based link-level flow control (DESIGN.md "Modelling rules"; santos-2002 Table 1):
 * a sender transmits only if the receiving buffer has room for the whole packet, in
 * blocks of 64 B; credits are consumed when transmission starts and come back when the
 * packet's last byte has left the receiving buffer, after the reverse link delay.
 */
import { type MarkingPolicyFactory, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { relaySwitch } from "@losslab/test-kit/relay-switch";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputBufferedSwitch } from "../src/index.js";

/** Buffer of 2 data packets: 2 x 33 blocks x 64 B = 4224 B. */
const BUFFER_2 = 2 * DATA_BLOCKS * 64;

describe("a sender never exceeds the downstream buffer", () => {
  // Src -> S (buffer of 2 packets) -> Dst over a 0.25 GB/s link, so S drains slowly.
  // Src -> S: 1 GB/s, 10 ns forward, 30 ns for credits going back.
  function build() {
    const engine = new Engine();
    const factory = new PacketStore();
    const occupancyAtArrival: number[] = [];
    const marking: MarkingPolicyFactory = (view) => ({
      packetArrived: (_packet, input) => occupancyAtArrival.push(view.inputOccupancy(input)),
    });
    const sw = relaySwitch(engine, BUFFER_2, { marking, packets: factory });
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst");
    const upstream = wire(engine, src, 0, sw, 0, { delay: 10_000, backDelay: 30_000 });
    const downstream = wire(engine, sw, 1, dst, 0, { bandwidth: GBPS / 4 });
    for (let seq = 0; seq < 3; seq++) src.send(dataPacket(factory, 0, 1, seq), 0);
    return { engine, sw, src, dst, upstream, downstream, occupancyAtArrival };
  }

  it("gives the sender the buffer's 66 credit blocks and takes 33 per packet at transmission start", () => {
    const { engine, src } = build();
    expect(src.credits!.capacity).toBe(66); // floor(4224 / 64)
    engine.run({ until: 0 });
    expect(src.credits!.credits).toBe(33); // P0 started at 0
    engine.run({ until: 2_067_999 });
    expect(src.credits!.credits).toBe(33);
    engine.run({ until: 2_068_000 });
    expect(src.credits!.credits).toBe(0); // P1 started at 2,068,000
  });

  it("makes the third packet wait for the credits of the first", () => {
    const { engine, src, upstream, downstream, dst } = build();
    engine.run();
    // P0: 0 -> 2,068,000. P1 follows back to back: 2,068,000 -> 4,136,000. That uses all 66 blocks.
    // S forwards P0 from 10,000 + 40,000 = 50,000 at 0.25 GB/s (8,272,000 ps): its last byte
    // leaves at 8,322,000, and its 33 blocks reach Src 30 ns later: 8,352,000. Only then P2 starts.
    expect(upstream.sent.map((t) => [t.packet.seq, t.start, t.end])).toEqual([
      [0, 0, 2_068_000],
      [1, 2_068_000, 4_136_000],
      [2, 8_352_000, 10_420_000],
    ]);
    // S sends back to back: P1 at 8,322,000, P2 at 8,322,000 + 8,272,000 = 16,594,000.
    expect(downstream.sent.map((t) => [t.packet.seq, t.start, t.end])).toEqual([
      [0, 50_000, 8_322_000],
      [1, 8_322_000, 16_594_000],
      [2, 16_594_000, 24_866_000],
    ]);
    // Each return: departure from S + 30 ns.
    expect(src.creditReturns).toEqual([
      { at: 8_352_000, blocks: 33 },
      { at: 16_624_000, blocks: 33 },
      { at: 24_896_000, blocks: 33 },
    ]);
    expect(src.credits!.credits).toBe(66);
    expect(dst.arrivals.map((a) => a.tailAt)).toEqual([8_332_000, 16_604_000, 24_876_000]);
  });

  it("never holds more than the buffer's 4224 B", () => {
    const { engine, occupancyAtArrival } = build();
    engine.run();
    // Occupancy right after each header arrives: P0 alone; P0 + P1; P1 + P2 (P0 left at 8,322,000).
    expect(occupancyAtArrival).toEqual([2068, 4136, 4136]);
  });
});

describe("a switch output waits for downstream credits", () => {
  it("starts a queued packet when the returned credits arrive", () => {
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = relaySwitch(engine, BUFFER_2, { packets: factory });
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst", DATA_BLOCKS); // room for one packet, freed only by release()
    wire(engine, src, 0, sw, 0);
    const out = wire(engine, sw, 1, dst, 0);
    src.send(dataPacket(factory, 0, 1, 0), 0);
    src.send(dataPacket(factory, 0, 1, 1), 0);
    engine.at(5_000_000, () => dst.release(0, DATA_BLOCKS));

    // P0 leaves S at 50,000 and takes all 33 credits. P1's header arrives at 2,078,000 and it
    // may go from 2,118,000, but it has no credits until the release at 5,000,000 reaches S
    // 10 ns later.
    engine.run({ until: 50_000 });
    expect(sw.outputCredits(1)).toBe(0);
    engine.run({ until: 5_009_999 });
    expect(sw.waitingFor(1)).toBe(1);
    expect(out.sent).toHaveLength(1);
    engine.run();
    expect(out.sent.map((t) => [t.packet.seq, t.start])).toEqual([
      [0, 50_000],
      [1, 5_010_000],
    ]);
    expect(sw.outputCredits(1)).toBe(0);
  });

  it("counts whole 64 B blocks: 64 B takes 1, 65 B takes 2, a 20 B ACK takes 1", () => {
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = relaySwitch(engine, BUFFER_2, { packets: factory });
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst", 10);
    wire(engine, src, 0, sw, 0);
    const out = wire(engine, sw, 1, dst, 0);
    const credits: number[] = [];
    out.link.onTransmit(() => credits.push(sw.outputCredits(1)));
    for (const size of [64, 65, 20]) src.send(dataPacket(factory, 0, 1, size, size), 0);
    engine.run();
    // 10 - 1 = 9, 9 - 2 = 7, 7 - 1 = 6 (read as each transmission starts).
    expect(credits).toEqual([9, 7, 6]);
    expect(src.credits!.credits).toBe(66); // all 4 blocks S took came back to Src
  });
});

describe("credits under random traffic (property)", () => {
  it("delivers every packet once, in order per source, and returns every credit", () => {
    // Three sources into a switch with buffers of 2 packets, two destinations.
    // Hosts: sources 0, 1, 2; destinations 3, 4 on switch ports 3, 4.
    const send = fc.record({
      source: fc.integer({ min: 0, max: 2 }),
      destination: fc.integer({ min: 3, max: 4 }),
      size: fc.integer({ min: 20, max: DATA_BYTES }),
      at: fc.integer({ min: 0, max: 20_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(send, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 4 }), (sends, bypass) => {
        const engine = new Engine();
        const factory = new PacketStore();
        const sw = new InputBufferedSwitch(engine, {
          name: "S",
          ports: 5,
          routes: [-1, -1, -1, 3, 4],
          inputBufferBytes: BUFFER_2,
          maxPacketBytes: DATA_BYTES,
          packets: factory,
          maxBypass: bypass,
        });
        const sources = [0, 1, 2].map((i) => new ScriptedSource(engine, `Src${i}`));
        sources.forEach((src, i) => {
          wire(engine, src, 0, sw, i);
        });
        const sinks = [3, 4].map((port) => {
          const sink = new RecordingSink(engine, `Dst${port}`);
          wire(engine, sw, port, sink, 0, { bandwidth: GBPS / 2 });
          return sink;
        });
        const seqOf = new Map<string, number>();
        for (const s of [...sends].sort((a, b) => a.at - b.at)) {
          const key = `${s.source}->${s.destination}`;
          const seq = seqOf.get(key) ?? 0;
          seqOf.set(key, seq + 1);
          sources[s.source]!.send(dataPacket(factory, s.source, s.destination, seq, s.size), s.at);
        }
        engine.run(); // the switch throws LosslessViolation if a buffer would overflow
        const arrivals = sinks.flatMap((sink) => sink.arrivals);
        expect(arrivals).toHaveLength(sends.length);
        expect(new Set(arrivals.map((a) => a.packet.id)).size).toBe(sends.length);
        for (const sink of sinks) {
          for (const source of [0, 1, 2]) {
            const seqs = sink.arrivals.filter((a) => a.packet.source === source).map((a) => a.packet.seq);
            expect(seqs).toEqual(seqs.map((_, i) => i));
          }
        }
        for (const src of sources) expect(src.credits!.credits).toBe(66);
        for (let port = 0; port < 3; port++) expect(sw.inputOccupancy(port)).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
