/**
 * Link timing and cut-through forwarding (santos-2002 Table 1: 1 GB/s links, 2068 B data
 * packets = 2.068 us on the wire, 40 ns minimum forwarding delay; 10 ns propagation per
 * link from spec/reproductions.md Scenario S).
 */
import type { MarkingPolicyFactory, Packet } from "@losslab/core";
import { PacketStore } from "@losslab/core";
import { Engine, ns, type Time, transmissionTime } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { relaySwitch } from "@losslab/test-kit/relay-switch";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputBufferedSwitch } from "../src/index.js";

/** 4 packets of 33 blocks of 64 B: 8448 B, santos-2002 Table 1's buffer of 4 packets. */
const BUFFER_4 = 4 * DATA_BLOCKS * 64;

/** Records when each hook of a marking policy fires, to observe a switch from outside. */
function hookRecorder(engine: Engine) {
  const arrived: Array<{ at: Time; packet: Packet; input: number; output: number }> = [];
  const departing: Array<{ at: Time; packet: Packet; input: number; output: number }> = [];
  const factory: MarkingPolicyFactory = () => ({
    packetArrived: (packet, input, output) => arrived.push({ at: engine.now, packet, input, output }),
    packetDeparting: (packet, input, output) => departing.push({ at: engine.now, packet, input, output }),
  });
  return { arrived, departing, factory };
}

describe("transmissionTime", () => {
  it("puts a 2068 B packet on a 1 GB/s link in 2,068,000 ps and a 20 B ACK in 20,000 ps", () => {
    // 2068 B / 1e9 B/s = 2.068e-6 s = 2,068,000 ps; 20 B / 1e9 B/s = 20 ns.
    expect(transmissionTime(DATA_BYTES, GBPS)).toBe(2_068_000);
    expect(transmissionTime(20, GBPS)).toBe(20_000);
  });
});

describe("one packet across two cut-through switches", () => {
  // Src -> S1 -> S2 -> Dst; host indices Src = 0, Dst = 1. Each switch: port 0 in, port 1 out.
  function build() {
    const engine = new Engine();
    const factory = new PacketStore();
    const s1Hooks = hookRecorder(engine);
    const s2Hooks = hookRecorder(engine);
    const options = {
      ports: 2,
      routes: [-1, 1],
      inputBufferBytes: BUFFER_4,
      maxPacketBytes: DATA_BYTES,
      packets: factory,
    };
    const s1 = new InputBufferedSwitch(engine, { ...options, name: "S1", marking: s1Hooks.factory });
    const s2 = new InputBufferedSwitch(engine, { ...options, name: "S2", marking: s2Hooks.factory });
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst");
    const first = wire(engine, src, 0, s1, 0);
    const middle = wire(engine, s1, 1, s2, 0);
    const last = wire(engine, s2, 1, dst, 0);
    const packet = dataPacket(factory, 0, 1);
    src.send(packet, 0);
    return { engine, s1, s2, src, dst, first, middle, last, packet, s1Hooks, s2Hooks };
  }

  it("arrives, forwards and delivers at the exact picosecond", () => {
    const { engine, dst, first, middle, last, s1Hooks, s2Hooks } = build();
    engine.run();
    // Src puts it on the wire at 0; it takes 2,068,000 ps.
    expect(first.sent.map((t) => [t.start, t.end])).toEqual([[0, 2_068_000]]);
    // Header reaches S1 after 10 ns of propagation.
    expect(s1Hooks.arrived.map((a) => a.at)).toEqual([10_000]);
    // S1 forwards 40 ns after the header: 10,000 + 40,000 = 50,000; done at 50,000 + 2,068,000.
    expect(s1Hooks.departing.map((d) => d.at)).toEqual([50_000]);
    expect(middle.sent.map((t) => [t.start, t.end])).toEqual([[50_000, 2_118_000]]);
    // Header reaches S2 at 50,000 + 10,000; S2 forwards at 60,000 + 40,000 = 100,000.
    expect(s2Hooks.arrived.map((a) => a.at)).toEqual([60_000]);
    expect(last.sent.map((t) => [t.start, t.end])).toEqual([[100_000, 2_168_000]]);
    // Dst: header at 100,000 + 10,000 = 110,000; last byte 2,068,000 later = 2,178,000.
    expect(dst.arrivals.map((a) => [a.headerAt, a.tailAt])).toEqual([[110_000, 2_178_000]]);
  });

  it("returns each hop's credits when the last byte has left the buffer, after the reverse delay", () => {
    const { engine, s1, s2, src } = build();
    // Src consumed ceil(2068 / 64) = 33 of S1's 132 blocks at 0.
    engine.run({ until: 0 });
    expect(src.credits!.credits).toBe(132 - 33);
    // S1 consumed 33 of S2's blocks when it started forwarding at 50,000, not before.
    engine.run({ until: 49_999 });
    expect(s1.outputCredits(1)).toBe(132);
    engine.run({ until: 50_000 });
    expect(s1.outputCredits(1)).toBe(99);
    // S1's last byte leaves at 2,118,000: its 33 blocks reach Src 10 ns later, at 2,128,000.
    // S2's last byte leaves at 2,168,000: its 33 blocks reach S1 at 2,178,000.
    engine.run({ until: 2_177_999 });
    expect(s1.outputCredits(1)).toBe(99);
    engine.run();
    expect(src.creditReturns).toEqual([{ at: 2_128_000, blocks: 33 }]);
    expect(src.credits!.credits).toBe(132);
    expect(s1.outputCredits(1)).toBe(132);
    expect(s2.outputCredits(1)).toBe(Number.POSITIVE_INFINITY);
  });

  it("holds the packet in S1's buffer from header arrival until its last byte has left", () => {
    const { engine, s1 } = build();
    engine.run({ until: 9_999 });
    expect(s1.inputOccupancy(0)).toBe(0);
    engine.run({ until: 10_000 });
    expect(s1.inputOccupancy(0)).toBe(DATA_BYTES);
    expect(s1.waitingFor(1)).toBe(1); // arrived, not started
    engine.run({ until: 50_000 });
    expect(s1.waitingFor(1)).toBe(0); // started at 50,000
    expect(s1.inputPackets(0)).toHaveLength(1); // ... but still in the buffer
    engine.run({ until: 2_117_999 });
    expect(s1.inputOccupancy(0)).toBe(DATA_BYTES);
    engine.run({ until: 2_118_000 });
    expect(s1.inputOccupancy(0)).toBe(0);
    expect(s1.inputPackets(0)).toHaveLength(0);
  });
});

describe("cut-through never finishes before the tail has arrived", () => {
  /** Src -(in)-> S -(out)-> Dst with the given bandwidths; returns S's transmission and the arrival at Dst. */
  function forward(inBandwidth: number, outBandwidth: number, size = DATA_BYTES, forwardingDelay?: Time) {
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = relaySwitch(engine, BUFFER_4, {
      packets: factory,
      ...(forwardingDelay === undefined ? {} : { forwardingDelay }),
    });
    const src = new ScriptedSource(engine, "Src");
    const dst = new RecordingSink(engine, "Dst");
    wire(engine, src, 0, sw, 0, { bandwidth: inBandwidth });
    const out = wire(engine, sw, 1, dst, 0, { bandwidth: outBandwidth });
    src.send(dataPacket(factory, 0, 1, 0, size), 0);
    engine.run();
    return { sent: out.sent[0]!, arrival: dst.arrivals[0]!, credits: src.creditReturns };
  }

  it("starts a faster output late enough to end exactly when the tail arrives", () => {
    // In 1 GB/s: header at S at 10,000, tail at 10,000 + 2,068,000 = 2,078,000.
    // Out 2 GB/s: 1,034,000 ps on the wire. 40 ns after the header (50,000) would end at
    // 1,084,000, before the tail: so it starts at 2,078,000 - 1,034,000 = 1,044,000.
    const { sent, arrival, credits } = forward(GBPS, 2 * GBPS);
    expect([sent.start, sent.end]).toEqual([1_044_000, 2_078_000]);
    expect([arrival.headerAt, arrival.tailAt]).toEqual([1_054_000, 2_088_000]);
    // Last byte leaves S at 2,078,000; credits reach Src at 2,088,000.
    expect(credits).toEqual([{ at: 2_088_000, blocks: 33 }]);
  });

  it("starts a slower output 40 ns after the header", () => {
    // Out 0.5 GB/s: 4,136,000 ps. Start 10,000 + 40,000 = 50,000, end 4,186,000 (after the tail at 2,078,000).
    const { sent, arrival } = forward(GBPS, GBPS / 2);
    expect([sent.start, sent.end]).toEqual([50_000, 4_186_000]);
    expect([arrival.headerAt, arrival.tailAt]).toEqual([60_000, 4_196_000]);
  });

  it("uses the configured forwarding delay", () => {
    // 100 ns after the header at 10,000: 110,000.
    const { sent } = forward(GBPS, GBPS, DATA_BYTES, ns(100));
    expect(sent.start).toBe(110_000);
  });

  it("for any bandwidths and size, starts at max(header + 40 ns, tail - output time)", () => {
    const bandwidth = fc.integer({ min: 1, max: 40 }).map((tenths) => tenths * 1e8); // 0.1 .. 4 GB/s
    fc.assert(
      fc.property(bandwidth, bandwidth, fc.integer({ min: 20, max: DATA_BYTES }), (inBw, outBw, size) => {
        const { sent, arrival } = forward(inBw, outBw, size);
        const header = 10_000;
        const tail = header + transmissionTime(size, inBw);
        const outTime = transmissionTime(size, outBw);
        expect(sent.start).toBe(Math.max(header + 40_000, tail - outTime));
        expect(sent.end).toBeGreaterThanOrEqual(tail);
        expect(arrival.tailAt).toBe(sent.end + 10_000);
      }),
      { numRuns: 100 },
    );
  });
});
