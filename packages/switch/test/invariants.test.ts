/**
 * Lossless invariants: in a lossless fabric nothing is ever dropped, so every way a packet
 * could be lost, or a credit count could go wrong, throws LosslessViolation at once.
 */
import { LosslessViolation, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { relaySwitch } from "@losslab/test-kit/relay-switch";
import { DATA_BLOCKS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { InputBufferedSwitch } from "../src/index.js";

/** A 2-port switch (0 in, 1 out to host 1) whose input buffer holds exactly one data packet. */
function oneSlotSwitch() {
  const engine = new Engine();
  const factory = new PacketStore();
  const sw = relaySwitch(engine, DATA_BLOCKS * 64, { packets: factory });
  const dst = new RecordingSink(engine, "Dst");
  const out = wire(engine, sw, 1, dst, 0);
  return { engine, factory, sw, dst, out };
}

describe("LosslessViolation", () => {
  it("is thrown when a packet arrives at a full input buffer", () => {
    const { factory, sw } = oneSlotSwitch();
    sw.receive(dataPacket(factory, 0, 1, 0), 0, 2_068_000);
    expect(sw.inputOccupancy(0)).toBe(DATA_BYTES);
    const second = dataPacket(factory, 0, 1, 1);
    expect(() => sw.receive(second, 0, 2_068_000)).toThrow(LosslessViolation);
    expect(() => sw.receive(second, 0, 2_068_000)).toThrow(/S input 0: packet \d+ \(2068 B\).*would be dropped/);
    // The rejected packet left no trace.
    expect(sw.inputOccupancy(0)).toBe(DATA_BYTES);
    expect(sw.inputPackets(0)).toHaveLength(1);
  });

  it("is thrown when even a 20 B packet does not fit", () => {
    const { factory, sw } = oneSlotSwitch();
    sw.receive(dataPacket(factory, 0, 1, 0, 2048), 0, 2_048_000); // 32 blocks of 33
    sw.receive(dataPacket(factory, 0, 1, 1, 20), 0, 2_048_000); // 1 block: fits exactly
    expect(() => sw.receive(dataPacket(factory, 0, 1, 2, 20), 0, 2_048_000)).toThrow(LosslessViolation);
  });

  it("is thrown for a packet the switch has no route for", () => {
    const { factory, sw } = oneSlotSwitch();
    expect(() => sw.receive(dataPacket(factory, 1, 0), 0, 2_068_000)).toThrow(/no route to host 0/);
  });

  it("is thrown when more credits come back than the downstream buffer holds", () => {
    const engine = new Engine();
    const sw = relaySwitch(engine, 4 * DATA_BLOCKS * 64, { packets: new PacketStore() });
    const dst = new RecordingSink(engine, "Dst", 10);
    wire(engine, sw, 1, dst, 0);
    expect(() => sw.creditsReturned(1, 1)).toThrow(LosslessViolation);
    // The same through the link: a receiver that frees space it never filled.
    const engine2 = new Engine();
    const src = new ScriptedSource(engine2, "Src");
    const sw2 = new InputBufferedSwitch(engine2, {
      name: "S2",
      ports: 2,
      routes: [-1, 1],
      inputBufferBytes: 4 * DATA_BLOCKS * 64,
      maxPacketBytes: DATA_BYTES,
      packets: new PacketStore(),
    });
    const sink = new RecordingSink(engine2, "Dst", 10);
    wire(engine2, src, 0, sw2, 0);
    wire(engine2, sw2, 1, sink, 0);
    sink.release(0, 1);
    expect(() => engine2.run()).toThrow(/S2 output 1: 11 credits after a return of 1, above the buffer's 10/);
  });

  it("is thrown when a link is asked to transmit while it is still sending", () => {
    const { engine, factory, out } = oneSlotSwitch();
    // At 1 GB/s the first packet occupies the link during [0, 2,068,000).
    expect(out.link.transmit(dataPacket(factory, 0, 1, 0))).toBe(2_068_000);
    expect(() => out.link.transmit(dataPacket(factory, 0, 1, 1))).toThrow(LosslessViolation);
    engine.run({ until: 2_067_999 });
    expect(() => out.link.transmit(dataPacket(factory, 0, 1, 2))).toThrow(/overlaps the previous one/);
    engine.run({ until: 2_068_000 });
    expect(out.link.transmit(dataPacket(factory, 0, 1, 3))).toBe(4_136_000); // free again at its end
    expect(out.link.bytesSent).toBe(2 * DATA_BYTES);
    expect(out.link.packetsSent).toBe(2);
  });
});

describe("InputBufferedSwitch configuration", () => {
  it("rejects a buffer that cannot hold one maximum-size packet", () => {
    const make = (inputBufferBytes: number) =>
      new InputBufferedSwitch(new Engine(), {
        name: "S",
        ports: 2,
        routes: [-1, 1],
        inputBufferBytes,
        maxPacketBytes: DATA_BYTES,
        packets: new PacketStore(),
      });
    // 2111 B is 32 whole blocks of 64 B; a 2068 B packet needs 33.
    expect(() => make(2111)).toThrow(RangeError);
    expect(() => make(2111)).toThrow(
      /inputBufferBytes cannot hold one 2068 B packet: it is 32 credit blocks of 64 B, the packet needs 33; got 2111/,
    );
    expect(make(2112).inputCapacity(0)).toBe(2112);
    // Capacity is rounded down to whole blocks: 5000 B -> 78 blocks -> 4992 B; credits 78.
    const sw = make(5000);
    expect(sw.inputCapacity(1)).toBe(4992);
    expect(sw.inputCredits(0)).toBe(78);
  });

  it("rejects ports out of range", () => {
    const engine = new Engine();
    const sw = relaySwitch(engine, 8448, { packets: new PacketStore() });
    const dst = new RecordingSink(engine, "Dst");
    expect(() => wire(engine, sw, 2, dst, 0)).toThrow(/S: port 2 out of range 0\.\.1/);
    expect(() => sw.inputCredits(-1)).toThrow(RangeError);
    expect(() => sw.inputCapacity(1.5)).toThrow(RangeError);
  });

  it("reports routes and credit state through its SwitchView", () => {
    const { factory, sw } = oneSlotSwitch();
    expect(sw.name).toBe("S");
    expect(sw.portCount).toBe(2);
    expect(sw.maxPacketBytes).toBe(DATA_BYTES);
    expect(sw.outputOf(dataPacket(factory, 0, 1))).toBe(1);
    expect(sw.outputOf(dataPacket(factory, 1, 0))).toBe(-1);
    expect(sw.outputOf(dataPacket(factory, 1, 7))).toBe(-1);
    expect(sw.outputCredits(1)).toBe(Number.POSITIVE_INFINITY); // a host-like sink
    expect(sw.outputCredits(0)).toBe(0); // not connected
  });
});
