/**
 * The shared-buffer switch's timing, credits and view, on santos-2002's link (1 GB/s, 10 ns,
 * 2068 B packets): numbers computed by hand in each test.
 */
import { type MarkingPolicy, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { SharedBufferSwitch } from "../src/index.js";

/** H0, H1 -> S -> D (port 2), credits; every hook call recorded. */
function fanIn() {
  const engine = new Engine();
  const packets = new PacketStore();
  const hooks: string[] = [];
  const marking: MarkingPolicy = {
    packetArrived: (packet, input, output) =>
      hooks.push(`${engine.now} arrived ${packets.seq(packet)} ${input}->${output}`),
    packetEnteredOutput: (packet, input, output) =>
      hooks.push(`${engine.now} entered ${packets.seq(packet)} ${input}->${output}`),
    packetDeparting: (packet, input, output) =>
      hooks.push(`${engine.now} departing ${packets.seq(packet)} ${input}->${output}`),
  };
  const sw = new SharedBufferSwitch(engine, {
    name: "S",
    ports: 3,
    routes: [0, 1, 2],
    inputBufferBytes: 4 * DATA_BLOCKS * 64,
    maxPacketBytes: DATA_BYTES,
    sharedBufferBytes: 100_000,
    packets,
    marking: () => marking,
  });
  const sources = [new ScriptedSource(engine, "H0"), new ScriptedSource(engine, "H1")];
  const links = sources.map((source, port) => wire(engine, source, 0, sw, port));
  const d = new RecordingSink(engine, "D");
  wire(engine, sw, 2, d, 0);
  return { engine, packets, sw, sources, links, d, hooks };
}

describe("shared-buffer switch", () => {
  it("forwards cut-through 40 ns after the header and returns credits when the last byte has left", () => {
    const { engine, packets, sources, d, hooks } = fanIn();
    sources[0]!.send(dataPacket(packets, 0, 2, 0), 0);
    engine.run();
    // Header at S at 10 ns; joins its queue at 50 ns and starts at once; last byte out at
    // 50 ns + 2.068 us = 2.118 us; credits back at H0 10 ns later; at D 2.128 us.
    expect(hooks).toEqual(["10000 arrived 0 0->2", "50000 entered 0 0->2", "50000 departing 0 0->2"]);
    expect(d.arrivals.map((a) => [a.headerAt, a.tailAt])).toEqual([[60_000, 2_128_000]]);
    expect(sources[0]!.creditReturns).toEqual([{ at: 2_128_000, blocks: DATA_BLOCKS }]);
  });

  it("queues in join order per egress queue and shows it in the view; the pool holds each packet until it is out", () => {
    const { engine, packets, sw, sources, d } = fanIn();
    sources[0]!.send(dataPacket(packets, 0, 2, 0), 0);
    sources[1]!.send(dataPacket(packets, 1, 2, 1), 1_000);
    // At 1.5 us: H0's packet on the link (since 50 ns), H1's (header at 1.01 us, joined 1.05 us) queued behind it.
    engine.at(1_500_000, () => {
      expect(sw.outputPackets(2).map((p) => packets.seq(p))).toEqual([0, 1]);
      expect(sw.outputOccupancy(2)).toBe(2 * DATA_BYTES);
      expect(sw.waitingFor(2)).toBe(1);
      expect(sw.inputOccupancy(0)).toBe(DATA_BYTES);
      expect(sw.inputPackets(1).map((p) => packets.seq(p))).toEqual([1]);
    });
    engine.run();
    // H1's packet starts when H0's last byte has left: 2.118 us, at D 10 ns later.
    expect(d.arrivals.map((a) => a.headerAt)).toEqual([60_000, 2_128_000]);
    expect(sw.outputOccupancy(2)).toBe(0);
  });
});
