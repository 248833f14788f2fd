/**
 * The hooks a marking policy gets from the input-buffered switch (core's MarkingPolicy):
 * packet arrived (header), buffer full (a last byte arrived and left less than one
 * maximum-size packet of room, santos-2002 sec. 5), packet departing (last chance to mark).
 */
import { CongestionBit, type MarkingPolicyFactory, PacketStore, type SwitchView } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { InputBufferedSwitch } from "../src/index.js";

function build(inputBufferBytes: number, downstreamCredits: number, hearFull = true) {
  const engine = new Engine();
  const factory = new PacketStore();
  const log: string[] = [];
  const full: Array<{ at: Time; input: number; occupancy: number }> = [];
  let view: SwitchView | undefined;
  const marking: MarkingPolicyFactory = (v) => {
    view = v;
    return {
      packetArrived: (packet, input, output) =>
        log.push(`arrived ${factory.seq(packet)} ${input}->${output} @${engine.now}`),
      ...(hearFull
        ? { bufferFull: (input: number) => full.push({ at: engine.now, input, occupancy: v.inputOccupancy(input) }) }
        : {}),
      packetDeparting: (packet, input, output) => {
        log.push(`departing ${factory.seq(packet)} ${input}->${output} @${engine.now}`);
        if (factory.seq(packet) === 1) factory.mark(packet, CongestionBit.Ecn);
      },
    };
  };
  const sw = new InputBufferedSwitch(engine, {
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    marking,
  });
  const src = new ScriptedSource(engine, "Src");
  const dst = new RecordingSink(engine, "Dst", downstreamCredits);
  wire(engine, src, 0, sw, 0);
  wire(engine, sw, 1, dst, 0);
  return { engine, factory, sw, src, dst, log, full, view: () => view };
}

describe("marking hooks", () => {
  it("builds the policy with the switch as its view", () => {
    const { sw, view } = build(8448, Number.POSITIVE_INFINITY);
    expect(view()).toBe(sw);
  });

  it("calls packetArrived at the header and packetDeparting at the start of transmission; a mark travels on", () => {
    const { engine, factory, src, dst, log } = build(8448, Number.POSITIVE_INFINITY);
    src.send(dataPacket(factory, 0, 1, 0), 0);
    src.send(dataPacket(factory, 0, 1, 1), 0);
    engine.run();
    // P0: header 10,000, leaves 50,000. P1: sent 2,068,000, header 2,078,000, eligible 2,118,000,
    // which is also when P0's transmission ends.
    expect(log).toEqual([
      "arrived 0 0->1 @10000",
      "departing 0 0->1 @50000",
      "arrived 1 0->1 @2078000",
      "departing 1 0->1 @2118000",
    ]);
    expect(dst.arrivals.map((a) => (a.packet.bits & CongestionBit.Ecn) !== 0)).toEqual([false, true]);
  });

  it("calls bufferFull when a last byte arrives and less than one maximum-size packet of room is left", () => {
    // 5000 B -> 78 blocks. The output has no credits, so nothing leaves.
    // P0's tail at 2,078,000 leaves 78 - 33 = 45 blocks (>= 33): not full.
    // P1's tail at 4,146,000 leaves 78 - 66 = 12 blocks (< 33): full.
    const { engine, factory, src, full } = build(5000, 0);
    src.send(dataPacket(factory, 0, 1, 0), 0);
    src.send(dataPacket(factory, 0, 1, 1), 0);
    engine.run();
    expect(full).toEqual([{ at: 4_146_000, input: 0, occupancy: 2 * DATA_BYTES }]);
  });

  it("does not call bufferFull when exactly one maximum-size packet of room is left", () => {
    // 3 x 33 blocks: after two packets 33 blocks are left, which is not "less than one packet".
    const { engine, factory, src, full } = build(3 * 33 * 64, 0);
    src.send(dataPacket(factory, 0, 1, 0), 0);
    src.send(dataPacket(factory, 0, 1, 1), 0);
    engine.run();
    expect(full).toEqual([]);
  });

  it("checks only the tails that can leave the buffer full, and misses none that do", () => {
    // 142 blocks (9088 B), four back-to-back 33-block packets, no credits downstream. After
    // each header is in, room is 109, 76, 43 and 10 blocks: the first two leave room for two
    // maximum-size packets (66 blocks), so their tails cannot find the buffer full (at most one
    // more packet enters first) and get no check event; P2's tail finds 43 >= 33 (not full),
    // P3's tail 10 < 33: full, at 2,078,000 + 3 x 2,068,000 ps with all four packets in.
    const { engine, factory, src, full } = build(142 * 64, 0);
    const quiet = build(142 * 64, 0, false);
    for (const run of [
      { engine, factory, src },
      { engine: quiet.engine, factory: quiet.factory, src: quiet.src },
    ]) {
      for (let seq = 0; seq < 4; seq++) run.src.send(dataPacket(run.factory, 0, 1, seq), 0);
      run.engine.run();
    }
    expect(full).toEqual([{ at: 8_282_000, input: 0, occupancy: 4 * DATA_BYTES }]);
    // The check events are the only difference: P2's and P3's.
    expect(engine.eventsHandled - quiet.engine.eventsHandled).toBe(2);
  });
});
