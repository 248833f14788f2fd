/**
 * The input-queued organisations with speedup 1 and no output buffers: strict FIFO inputs
 * with round-robin output arbitration ("fifo") and virtual output queues with iSLIP ("voq").
 * Timing as in cut-through.test.ts: 1 GB/s links, 10 ns propagation, 2068 B packets
 * (2,068,000 ps on the wire), 40 ns forwarding delay.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, type SwitchModelOptions } from "../src/index.js";

const T = 2_068_000;
const BUFFER_4 = 4 * DATA_BLOCKS * 64;

/** An N-port switch whose port h leads to sink h (host h); sources feed the inputs listed. */
function star(
  organisation: "fifo" | "voq",
  ports: number,
  sinkCredits: number[] = [],
  extra: Partial<SwitchModelOptions> = {},
) {
  const engine = new Engine();
  const factory = new PacketStore();
  const sw = createSwitch(engine, organisation, {
    name: "S",
    ports,
    routes: Array.from({ length: ports }, (_, host) => host),
    inputBufferBytes: BUFFER_4,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    ...extra,
  });
  const sinks = [];
  const outs = [];
  for (let port = 0; port < ports; port++) {
    const sink = new RecordingSink(engine, `D${port}`, sinkCredits[port] ?? Number.POSITIVE_INFINITY);
    sinks.push(sink);
    outs.push(wire(engine, sw, port, sink, 0));
  }
  const source = (input: number) => {
    const src = new ScriptedSource(engine, `H${input}`);
    wire(engine, src, 0, sw, input);
    return src;
  };
  return { engine, factory, sw, sinks, outs, source };
}

for (const organisation of ["fifo", "voq"] as const) {
  describe(`"${organisation}": one packet through an idle switch`, () => {
    it("cuts through 40 ns after the header and returns the credits when the last byte has left", () => {
      const { engine, factory, outs, sinks, source, sw } = star(organisation, 2);
      const src = source(0);
      src.send(dataPacket(factory, 0, 1), 0);
      engine.run({ until: 49_999 });
      expect(sw.waitingFor(1)).toBe(1);
      expect(sw.inputOccupancy(0)).toBe(DATA_BYTES);
      engine.run();
      // Header at S at 10,000; on the output link at 10,000 + 40,000 = 50,000 for 2,068,000 ps.
      expect(outs[1]!.sent.map((t) => [t.start, t.end])).toEqual([[50_000, 2_118_000]]);
      expect(sinks[1]!.arrivals.map((a) => [a.headerAt, a.tailAt])).toEqual([[60_000, 2_128_000]]);
      // Last byte leaves S at 2,118,000; the 33 blocks reach the source 10 ns later.
      expect(src.creditReturns).toEqual([{ at: 2_128_000, blocks: DATA_BLOCKS }]);
      expect(sw.inputOccupancy(0)).toBe(0);
      expect(sw.waitingFor(1)).toBe(0);
      expect(sw.outputCapacity(1)).toBe(0);
      expect(sw.outputOccupancy(1)).toBe(0);
      expect(sw.outputPackets(1)).toEqual([]);
    });

    it("serves the heads contending for one output in round robin over the inputs", () => {
      // Inputs 0, 1, 2 each send two packets to host 3; all heads are eligible at 50,000.
      const { engine, factory, outs, source } = star(organisation, 4);
      for (let input = 0; input < 3; input++) {
        const src = source(input);
        src.send(dataPacket(factory, input, 3, 0), 0);
        src.send(dataPacket(factory, input, 3, 1), 0);
      }
      engine.run();
      expect(outs[3]!.sent.map((t) => `${t.packet.source}.${t.packet.seq}`)).toEqual([
        "0.0",
        "1.0",
        "2.0",
        "0.1",
        "1.1",
        "2.1",
      ]);
      // Back to back from 50,000.
      expect(outs[3]!.sent.map((t) => t.start)).toEqual([0, 1, 2, 3, 4, 5].map((k) => 50_000 + k * T));
    });
  });
}

describe("head-of-line blocking", () => {
  // Input 0 gets P0 and P1 for host 1, whose sink has room for one packet, then P2 for
  // host 2 (always free). P1 waits for credits; at 5,000,000 sink 1 frees P0's 33 blocks,
  // which reach S 10 ns later.
  function run(organisation: "fifo" | "voq") {
    const { engine, factory, outs, sinks, source } = star(organisation, 3, [Number.POSITIVE_INFINITY, DATA_BLOCKS]);
    const src = source(0);
    src.send(dataPacket(factory, 0, 1, 0), 0);
    src.send(dataPacket(factory, 0, 1, 1), 0);
    src.send(dataPacket(factory, 0, 2, 2), 0);
    engine.at(5_000_000, () => sinks[1]!.release(0, DATA_BLOCKS));
    engine.run();
    return { out1: outs[1]!.sent.map((t) => t.start), out2: outs[2]!.sent.map((t) => t.start) };
  }

  it('"fifo": a head waiting for credits blocks the packet behind it until the head has left', () => {
    const { out1, out2 } = run("fifo");
    // P0 at 50,000. P1 goes when the credits arrive, 5,010,000; P2 (eligible since
    // 50,000 + 2T) only when P1's last byte has left.
    expect(out1).toEqual([50_000, 5_010_000]);
    expect(out2).toEqual([5_010_000 + T]);
  });

  it('"voq": the packet for the free output passes the blocked one', () => {
    const { out1, out2 } = run("voq");
    // P2's header reaches S at 10,000 + 2T; it goes 40 ns later. The input sends one packet
    // at a time, so P1, whose credits are back at 5,010,000, follows P2's last byte.
    expect(out2).toEqual([50_000 + 2 * T]);
    expect(out1).toEqual([50_000, 50_000 + 3 * T]);
  });
});

describe("iSLIP (McKeown 1999)", () => {
  // Packets handed straight to the switch at 0 with their last byte at 0: all eligible at 40,000.
  // Input 0 holds one packet for output 0 and one for output 1; input 1 one for output 1.
  function firstStarts(islipIterations?: number) {
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = createSwitch(engine, "voq", {
      name: "S",
      ports: 2,
      routes: [0, 1],
      inputBufferBytes: BUFFER_4,
      maxPacketBytes: DATA_BYTES,
      packets: factory,
      ...(islipIterations === undefined ? {} : { islipIterations }),
    });
    const outs = [
      wire(engine, sw, 0, new RecordingSink(engine, "D0"), 0),
      wire(engine, sw, 1, new RecordingSink(engine, "D1"), 0),
    ];
    engine.at(0, () => {
      sw.receive(dataPacket(factory, 0, 0, 0), 0, 0);
      sw.receive(dataPacket(factory, 0, 1, 1), 0, 0);
      sw.receive(dataPacket(factory, 1, 1, 0), 1, 0);
    });
    engine.run();
    return outs.map((out) => out.sent.map((t) => `${t.packet.source}.${t.packet.seq}@${t.start}`));
  }

  it("one iteration (the default) matches only what the first round accepts", () => {
    // Both outputs grant input 0 (grant pointers at 0); it accepts output 0 (accept pointer
    // at 0), so output 1 and input 1 stay idle this slot. At 40,000 + T output 1's pointer
    // has not moved (it was not accepted), so it grants input 0 again; input 1 goes last.
    expect(firstStarts()).toEqual([["0.0@40000"], [`0.1@${40_000 + T}`, `1.0@${40_000 + 2 * T}`]]);
  });

  it("a second iteration matches the input and output the first left unmatched", () => {
    expect(firstStarts(2)).toEqual([["0.0@40000"], ["1.0@40000", `0.1@${40_000 + T}`]]);
  });

  it("with every VOQ backlogged, the pointers desynchronise and every output sends back to back", () => {
    // 4 x 4; every input holds 8 packets for each output, queued in the same order 0, 1, 2, 3, ...
    // (the worst start: all pointers at 0). After at most N slots iSLIP finds a perfect match every slot.
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = createSwitch(engine, "voq", {
      name: "S",
      ports: 4,
      routes: [0, 1, 2, 3],
      inputBufferBytes: 32 * BUFFER_4,
      maxPacketBytes: DATA_BYTES,
      packets: factory,
    });
    const outs = [0, 1, 2, 3].map((port) => wire(engine, sw, port, new RecordingSink(engine, `D${port}`), 0));
    engine.at(0, () => {
      for (let k = 0; k < 32; k++) {
        for (let input = 0; input < 4; input++) sw.receive(dataPacket(factory, input, k % 4, k), input, 0);
      }
    });
    engine.run();
    for (const out of outs) {
      const starts = out.sent.map((t) => t.start);
      expect(starts).toHaveLength(32);
      // From the 4th slot on, one packet per slot until the end.
      const late = starts.slice(starts.length - 29);
      expect(late.every((start, k) => k === 0 || start - late[k - 1]! === T)).toBe(true);
      expect(starts[31]).toBeLessThanOrEqual(40_000 + (32 + 3) * T);
    }
  });
});
