/**
 * PAUSE reception (802.3x; chrysos Fig. 1(c): the CNA "does not forward new data until it
 * receives a GO"): after the reaction delay from a PAUSE frame's last byte, the adapter starts
 * no new frame of the paused priority (data and ACKs); a frame on the wire finishes. XON
 * (pause time 0) lets it go, after the same delay. PAUSE frames are not data: no delivery,
 * no ACK. 1 GB/s links, 10 ns propagation, 2068 B data packets (2,068,000 ps each).
 */
import { createPauseFrame, DEFAULT_PAUSE_REACTION_DELAY, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { HostAdapter, type HostAdapterOptions } from "../src/index.js";

const T = 2_068_000;

function pair(options: Partial<HostAdapterOptions> = {}) {
  const wires = adapterPair(options, options);
  const { engine, packets } = wires;
  /** The switch side of `host`'s link delivers a 64 B PAUSE frame whose last byte arrives at `tailAt`. */
  const pause = (host: HostAdapter, quanta: number, tailAt: Time, port = 0) =>
    engine.at(tailAt - 64_000, () => host.receive(createPauseFrame(packets, 0, quanta, 64, engine.now), port, tailAt));
  return { ...wires, pause };
}

describe("an adapter receiving PAUSE", () => {
  it("finishes the frame on the wire, starts nothing after the reaction delay, and resumes after XON + delay", () => {
    const { engine, h0, ab, pause } = pair({ pauseReactionDelay: 500_000 });
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 4 });
    pause(h0, XOFF_QUANTA, 1_000_000); // takes effect at 1,500,000, during packet 0
    pause(h0, 0, 10_000_000); // XON: data may start again at 10,500,000
    engine.run();
    expect(ab.data.map((s) => [s.packet.seq, s.start])).toEqual([
      [0, 0], // already on the wire: it finishes at T
      [1, 10_500_000],
      [2, 10_500_000 + T],
      [3, 10_500_000 + 2 * T],
    ]);
  });

  it("honours the PAUSE only once the reaction delay has passed (default 3.072 us)", () => {
    const { engine, h0, ab, pause } = pair();
    expect(DEFAULT_PAUSE_REACTION_DELAY).toBe(3_072_000);
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 4 });
    // Last byte at 1,000,000: packet 1 starts at T (before 4,072,000), packet 2 at 2T = 4,136,000 is held.
    pause(h0, XOFF_QUANTA, 1_000_000);
    pause(h0, 0, 20_000_000);
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, T, 23_072_000, 23_072_000 + T]);
  });

  it("holds ACKs too, and never delivers or acknowledges a PAUSE frame", () => {
    const { engine, h0, h1, ba, pause } = pair({ pauseReactionDelay: 0 });
    const delivered: number[] = [];
    h1.onDeliver((packets, packet) => delivered.push(packets.seq(packet)));
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2 });
    pause(h1, XOFF_QUANTA, 100_000);
    pause(h1, 0, 8_000_000);
    engine.run();
    // Data tails at H1: 2,078,000 and 4,146,000; both ACKs wait for the XON at 8,000,000.
    expect(delivered).toEqual([0, 1]);
    expect(ba.acks.map((s) => [s.packet.seq, s.start])).toEqual([
      [0, 8_000_000],
      [1, 8_020_000],
    ]);
    expect(ba.sent).toHaveLength(2);
  });

  it("ignores a PAUSE on a port it does not send on", () => {
    const { engine, h0, ab, pause } = pair({ pauseReactionDelay: 0, ports: 2 });
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2 });
    pause(h0, XOFF_QUANTA, 100_000, 1);
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, T]);
  });

  it("rejects a negative or fractional reaction delay", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, pauseReactionDelay: -1 })).toThrow(
      /pauseReactionDelay must be a whole number/,
    );
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, pauseReactionDelay: 0.5 })).toThrow(
      /pauseReactionDelay/,
    );
  });
});
