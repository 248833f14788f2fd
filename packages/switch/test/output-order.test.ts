/**
 * `outputOrder` of the input-buffered switch: which free output an input holding packets for
 * several serves first (santos-2002 leaves it open). One input holds a packet for each of
 * three free outputs; each order sends a different one first.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { lanePacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSwitch, InputBufferedSwitch, OUTPUT_ORDERS, type OutputOrder } from "../src/index.js";

const BUFFER_4 = 4 * DATA_BLOCKS * 64;
// Switch ports: 0 from SrcA, 1 from SrcB, 2 to Y, 3 to Z, 4 to X, 5 to W. Host indices are
// the ports of their links, so routes map each host to itself.
const Y = 2;
const Z = 3;
const X = 4;
const W = 5;

/**
 * SrcA sends pw to W, a slow link (1/16 GB/s), then pz, px and py at 1 GB/s: input 0 sends
 * pw from 50,000 to 33,138,000 while the others arrive (headers at 2,078,000, 4,146,000 and
 * 6,214,000; all four fill its 4-packet buffer). SrcB sends bx to X and bz to Z before them,
 * so X and Z are busy for a while and Y never is. When pw's last byte leaves, input 0 holds a
 * packet for each of the free outputs X, Y and Z, and nothing else is waiting for them.
 * Returns the departures on X, Y and Z after 33,138,000 in time order.
 */
function run(outputOrder: OutputOrder | undefined, vl = 0, vls = 1, srcBSends = true) {
  const engine = new Engine();
  const factory = new PacketStore();
  const sw = new InputBufferedSwitch(engine, {
    name: "S",
    ports: 6,
    routes: [-1, -1, Y, Z, X, W],
    inputBufferBytes: BUFFER_4,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    vls,
    ...(outputOrder === undefined ? {} : { outputOrder }),
  });
  const srcA = new ScriptedSource(engine, "SrcA");
  const srcB = new ScriptedSource(engine, "SrcB");
  wire(engine, srcA, 0, sw, 0);
  wire(engine, srcB, 0, sw, 1);
  const sent = [X, Y, Z].map((port) => wire(engine, sw, port, new RecordingSink(engine, `Dst${port}`), 0).sent);
  wire(engine, sw, W, new RecordingSink(engine, "DstW"), 0, { bandwidth: GBPS / 16 });
  const names = new Map<number, string>();
  const packet = (source: number, destination: number, name: string) => {
    const p = lanePacket(factory, source, destination, vl);
    names.set(sw.packets.id(p), name);
    return p;
  };
  for (const [to, name] of [
    [W, "pw"],
    [Z, "pz"],
    [X, "px"],
    [Y, "py"],
  ] as const) {
    srcA.send(packet(0, to, name), 0);
  }
  if (srcBSends) {
    srcB.send(packet(1, X, "bx"), 0);
    srcB.send(packet(1, Z, "bz"), 0);
  }
  engine.run();
  return sent
    .flat()
    .filter((t) => t.start >= 33_138_000)
    .sort((a, b) => a.start - b.start)
    .map((t) => [names.get(t.packet.id), t.start]);
}

describe("outputOrder: which free output an input serves first", () => {
  // Timeline before the choice (ps):
  //   bx: header at S 10,000, on X 50,000..2,118,000 (X idle since 2,118,000).
  //   bz: header 2,078,000, on Z 2,118,000..4,186,000 (Z idle since 4,186,000). Y never sent: 0.
  //   pw: on W 50,000..33,138,000; pz, px, py headers 2,078,000, 4,146,000, 6,214,000.
  // Arbitrations (one per instant something became eligible or left): 50,000 (pw, bx go),
  // 2,118,000 (bz goes), 4,186,000, 6,254,000, then 33,138,000 is the fifth: the rotating
  // start has moved on 4 times, to port 4 = X. Each packet takes 2,068,000 on its link, and
  // input 0 can send one at a time, so the other two follow at 35,206,000 and 37,274,000.

  it('"rotate" (default) offers port order from a rotating start: X (port 4) first, then Y, Z', () => {
    // The 6th arbitration starts at port 5 (5, 0, 1, 2 = Y), the 7th at port 0 (Z is left).
    const expected = [
      ["px", 33_138_000],
      ["py", 35_206_000],
      ["pz", 37_274_000],
    ];
    expect(run("rotate")).toEqual(expected);
    expect(run(undefined)).toEqual(expected);
  });

  it('"longest-idle" offers the output idle longest first: Y (never sent), then X (idle since 2,118,000), then Z', () => {
    // At 35,206,000 Y has just sent py; X (2,118,000) has been idle longer than Z (4,186,000).
    expect(run("longest-idle")).toEqual([
      ["py", 33_138_000],
      ["px", 35_206_000],
      ["pz", 37_274_000],
    ]);
  });

  it('"oldest-packet" offers the output with the oldest candidate first: Z (pz, header 2,078,000), then X, then Y', () => {
    expect(run("oldest-packet")).toEqual([
      ["pz", 33_138_000],
      ["px", 35_206_000],
      ["py", 37_274_000],
    ]);
  });

  it('"longest-idle" breaks ties in rotating order', () => {
    // Without bx and bz, no output has sent: all idle since 0. The arbitrations are at the
    // same instants (50,000 pw goes; 2,118,000, 4,186,000, 6,254,000 the others become
    // eligible), so the fifth starts at X as in "rotate"; at 35,206,000 Y and Z are still
    // idle since 0 and the rotating start (port 5) reaches Y first.
    expect(run("longest-idle", 0, 1, false)).toEqual([
      ["px", 33_138_000],
      ["py", 35_206_000],
      ["pz", 37_274_000],
    ]);
  });

  it("gives the same orders with several VLs, the packets on VL 1 (VL 0 empty)", () => {
    for (const order of OUTPUT_ORDERS) expect(run(order, 1, 2)).toEqual(run(order));
  });

  it("rejects an unknown order, naming the option and the allowed ones; only input-buffered takes it", () => {
    const options = {
      name: "S",
      ports: 2,
      routes: [-1, 1],
      inputBufferBytes: BUFFER_4,
      maxPacketBytes: DATA_BYTES,
      packets: new PacketStore(),
    };
    expect(() =>
      createSwitch(new Engine(), "input-buffered", { ...options, outputOrder: "random" as "rotate" }),
    ).toThrow(/S\.outputOrder must be one of "rotate", "longest-idle", "oldest-packet", got "random"/);
    expect(() => createSwitch(new Engine(), "fifo", { ...options, outputOrder: "rotate" })).toThrow(
      /option outputOrder does not apply to organisation "fifo"; it applies to "input-buffered"/,
    );
  });
});

describe("outputOrder under random traffic (property)", () => {
  it("delivers every packet once, in order per source and VL, and returns every credit, in every order", () => {
    // Three sources into a switch with buffers of 2 packets per VL, three destinations.
    // Hosts: sources 0, 1, 2; destinations 3, 4, 5 on switch ports 3, 4, 5.
    const send = fc.record({
      source: fc.integer({ min: 0, max: 2 }),
      destination: fc.integer({ min: 3, max: 5 }),
      vl: fc.integer({ min: 0, max: 1 }),
      size: fc.integer({ min: 20, max: DATA_BYTES }),
      at: fc.integer({ min: 0, max: 20_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(send, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...OUTPUT_ORDERS),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 4 }),
        (sends, outputOrder, vls, maxBypass) => {
          const engine = new Engine();
          const factory = new PacketStore();
          const sw = new InputBufferedSwitch(engine, {
            name: "S",
            ports: 6,
            routes: [-1, -1, -1, 3, 4, 5],
            inputBufferBytes: 2 * DATA_BLOCKS * 64,
            maxPacketBytes: DATA_BYTES,
            packets: factory,
            vls,
            maxBypass,
            outputOrder,
          });
          const sources = [0, 1, 2].map((i) => new ScriptedSource(engine, `Src${i}`));
          sources.forEach((src, i) => {
            wire(engine, src, 0, sw, i);
          });
          const sinks = [3, 4, 5].map((port) => {
            const sink = new RecordingSink(engine, `Dst${port}`);
            wire(engine, sw, port, sink, 0, { bandwidth: GBPS / port });
            return sink;
          });
          const seqOf = new Map<string, number>();
          for (const s of [...sends].sort((a, b) => a.at - b.at)) {
            const vl = s.vl % vls;
            const key = `${s.source}->${s.destination}/${vl}`;
            const seq = seqOf.get(key) ?? 0;
            seqOf.set(key, seq + 1);
            sources[s.source]!.send(lanePacket(factory, s.source, s.destination, vl, seq, s.size), s.at);
          }
          engine.run(); // the switch throws LosslessViolation if a buffer would overflow
          const arrivals = sinks.flatMap((sink) => sink.arrivals);
          expect(new Set(arrivals.map((a) => a.packet.id)).size).toBe(sends.length);
          for (const sink of sinks) {
            for (const source of [0, 1, 2]) {
              for (let vl = 0; vl < vls; vl++) {
                const seqs = sink.arrivals
                  .filter((a) => a.packet.source === source && a.packet.vl === vl)
                  .map((a) => a.packet.seq);
                expect(seqs).toEqual(seqs.map((_, i) => i));
              }
            }
          }
          for (const src of sources) expect(src.credits!.credits).toBe(2 * DATA_BLOCKS);
          for (let port = 0; port < 3; port++) expect(sw.inputOccupancy(port)).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
