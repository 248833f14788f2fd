/**
 * The combined input-output queued switch (ferrer-2012 sec. 2 and 5.1; chrysos sec. II):
 * input buffers, a crossbar with speedup S into output buffers, FIFO output links. Timing:
 * 1 GB/s links, 10 ns propagation, 2068 B packets (T = 2,068,000 ps), 40 ns forwarding delay.
 */
import { type MarkingPolicyFactory, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { CioqSwitch, createSwitch, type SwitchModelOptions } from "../src/index.js";

const T = 2_068_000;
const ONE_PACKET = DATA_BLOCKS * 64;

/** Src -> S port 0; S port h -> sink h (host h) for h = 1 .. ports - 1. Records every hook. */
function build(options: Partial<SwitchModelOptions> = {}, sinkCredits: number[] = [], ports = 2) {
  const engine = new Engine();
  const factory = new PacketStore();
  const log: string[] = [];
  const marking: MarkingPolicyFactory = () => ({
    packetArrived: (packet, input, output) =>
      log.push(`${engine.now} arrived ${factory.seq(packet)} ${input}->${output}`),
    packetEnteredOutput: (packet, input, output) =>
      log.push(`${engine.now} entered ${factory.seq(packet)} ${input}->${output}`),
    packetDeparting: (packet, input, output) =>
      log.push(`${engine.now} departing ${factory.seq(packet)} ${input}->${output}`),
  });
  const sw = createSwitch(engine, "cioq", {
    name: "S",
    ports,
    routes: Array.from({ length: ports }, (_, host) => host),
    inputBufferBytes: 4 * ONE_PACKET,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    outputBufferBytes: 4 * ONE_PACKET,
    marking,
    ...options,
  });
  const src = new ScriptedSource(engine, "Src");
  wire(engine, src, 0, sw, 0);
  const sinks: RecordingSink[] = [];
  const outs = [];
  for (let port = 1; port < ports; port++) {
    const sink = new RecordingSink(engine, `D${port}`, sinkCredits[port] ?? Number.POSITIVE_INFINITY);
    sinks[port] = sink;
    outs[port] = wire(engine, sw, port, sink, 0);
  }
  return { engine, factory, sw, src, sinks, outs, log };
}

describe("cut-through with speedup", () => {
  it("starts the transfer so that it ends as the tail arrives, and the link with it (speedup 2)", () => {
    const { engine, factory, sw, src, sinks, outs, log } = build();
    src.send(dataPacket(factory, 0, 1), 0);
    // Header at S at 10,000, tail at 2,078,000. The transfer at 2 GB/s takes 1,034,000 ps:
    // 40 ns after the header (50,000) would end before the tail, so it starts at
    // 2,078,000 - 1,034,000 = 1,044,000, and the link starts the packet at once.
    engine.run({ until: 1_043_999 });
    expect(sw.outputOccupancy(1)).toBe(0);
    engine.run({ until: 1_044_000 });
    expect(sw.outputOccupancy(1)).toBe(DATA_BYTES);
    expect(sw.inputOccupancy(0)).toBe(DATA_BYTES);
    expect(sw.outputPackets(1).map((p) => sw.packets.seq(p))).toEqual([0]);
    // The transfer ends at 2,078,000: the input is freed, its credits reach Src 10 ns later.
    engine.run({ until: 2_078_000 });
    expect(sw.inputOccupancy(0)).toBe(0);
    expect(sw.outputOccupancy(1)).toBe(DATA_BYTES);
    // The last byte leaves the output buffer at 1,044,000 + T = 3,112,000.
    engine.run({ until: 3_111_999 });
    expect(sw.outputOccupancy(1)).toBe(DATA_BYTES);
    engine.run();
    expect(sw.outputOccupancy(1)).toBe(0);
    expect(sw.outputPackets(1)).toEqual([]);
    expect(outs[1]!.sent.map((t) => [t.start, t.end])).toEqual([[1_044_000, 3_112_000]]);
    expect(sinks[1]!.arrivals.map((a) => [a.headerAt, a.tailAt])).toEqual([[1_054_000, 3_122_000]]);
    expect(src.creditReturns).toEqual([{ at: 2_088_000, blocks: DATA_BLOCKS }]);
    expect(log).toEqual(["10000 arrived 0 0->1", "1044000 entered 0 0->1", "1044000 departing 0 0->1"]);
  });

  it("starts the transfer at the later of header + forwarding delay and tail - transfer time", () => {
    // Speedup 50 (the registry's ceiling is 64): the transfer takes 2068 B / 50 GB/s = 41,360 ps;
    // the tail rule allows 2,078,000 - 41,360 = 2,036,640.
    const { engine, factory, src, outs } = build({ speedup: 50 });
    src.send(dataPacket(factory, 0, 1), 0);
    engine.run();
    expect(outs[1]!.sent.map((t) => t.start)).toEqual([2_036_640]);
    const { engine: e2, factory: f2, src: s2, outs: o2 } = build({ speedup: 2, forwardingDelay: 1_500_000 });
    s2.send(dataPacket(f2, 0, 1), 0);
    e2.run();
    // 10,000 + 1,500,000 is later than the tail rule's 1,044,000.
    expect(o2[1]!.sent.map((t) => t.start)).toEqual([1_510_000]);
  });

  it("reports the output buffers through the SwitchView", () => {
    const { sw } = build({ outputBufferBytes: 5000 });
    // 5000 B -> 78 whole blocks of 64 B = 4992 B.
    expect(sw.outputCapacity(1)).toBe(4992);
    expect(sw.outputOccupancy(0)).toBe(0);
    expect(() => sw.outputCapacity(2)).toThrow(RangeError);
    expect(sw).toBeInstanceOf(CioqSwitch);
  });
});

describe("output buffer admission (internal credits)", () => {
  // Output buffer of one packet; sink 1 has room for one packet and frees it at 10,000,000.
  function run(inputQueues: "fifo" | "voq") {
    const setup = build({ outputBufferBytes: ONE_PACKET, inputQueues }, [0, DATA_BLOCKS, Number.POSITIVE_INFINITY], 3);
    const { engine, factory, src, sinks } = setup;
    for (let seq = 0; seq < 3; seq++) src.send(dataPacket(factory, 0, 1, seq), 0);
    src.send(dataPacket(factory, 0, 2, 3), 0);
    engine.at(10_000_000, () => sinks[1]!.release(0, DATA_BLOCKS));
    return setup;
  }

  it("a packet crosses only when its output buffer has room for all of it", () => {
    const { engine, sw, outs, log } = run("fifo");
    // P0: transfer and link at 1,044,000 (sink 1's only credits); its output space is free at 3,112,000.
    // P1: header 2,078,000, tail 4,146,000, may transfer from 3,112,000: enters at once, but
    // waits in the output buffer for sink 1's credits.
    // P2: may transfer from 5,180,000, but the output buffer is full: it stays at the input.
    engine.run({ until: 9_999_999 });
    expect(sw.outputPackets(1).map((p) => sw.packets.seq(p))).toEqual([1]);
    expect(sw.outputOccupancy(1)).toBe(DATA_BYTES);
    expect(sw.inputPackets(0).map((p) => sw.packets.seq(p))).toEqual([2, 3]);
    expect(sw.waitingFor(1)).toBe(2); // P1 in the output buffer, P2 at the input
    expect(sw.outputCredits(1)).toBe(0);
    engine.run();
    // Credits back at 10,010,000: P1 on the link; its space is free at 12,078,000 and P2 enters then.
    expect(outs[1]!.sent.map((t) => [t.packet.seq, t.start])).toEqual([
      [0, 1_044_000],
      [1, 10_010_000],
    ]);
    expect(log).toContain("3112000 entered 1 0->1");
    expect(log).toContain("12078000 entered 2 0->1");
  });

  it("strict FIFO inputs: the packet behind a head blocked by a full output buffer waits (ferrer-2012 Fig. 2c)", () => {
    const { engine, outs } = run("fifo");
    engine.run();
    // P3 (for the free output 2) leaves only after P2 has crossed at 12,078,000 (transfer 1,034,000).
    expect(outs[2]!.sent.map((t) => t.start)).toEqual([12_078_000 + 1_034_000]);
  });

  it("VOQ inputs: the packet for the free output passes", () => {
    const { engine, outs } = run("voq");
    engine.run();
    // P3: header at 10,000 + 3T, tail 4T later: it may transfer from 10,000 + 4T - 1,034,000.
    expect(outs[2]!.sent.map((t) => t.start)).toEqual([10_000 + 4 * T - 1_034_000]);
  });
});

describe("CIOQ configuration", () => {
  const base = {
    name: "S",
    ports: 2,
    routes: [0, 1],
    inputBufferBytes: 4 * ONE_PACKET,
    maxPacketBytes: DATA_BYTES,
    packets: new PacketStore(),
  };

  it("rejects a speedup below 1 and an output buffer smaller than one maximum-size packet", () => {
    const engine = new Engine();
    expect(() => new CioqSwitch(engine, { ...base, outputBufferBytes: ONE_PACKET, speedup: 0.5 })).toThrow(
      /speedup must be a finite number >= 1; got 0.5/,
    );
    expect(() => new CioqSwitch(engine, { ...base, outputBufferBytes: ONE_PACKET - 1 })).toThrow(
      /outputBufferBytes cannot hold one 2068 B packet: it is 32 credit blocks of 64 B, the packet needs 33; got 2111/,
    );
    expect(() => new CioqSwitch(engine, { ...base, outputBufferBytes: ONE_PACKET, islipIterations: 2 })).toThrow(
      /islipIterations applies to VOQ inputs only/,
    );
    const sw = new CioqSwitch(engine, { ...base, outputBufferBytes: ONE_PACKET });
    expect([sw.speedup, sw.inputQueues]).toEqual([2, "fifo"]);
  });
});
