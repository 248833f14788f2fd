/**
 * TIMELY's RTT samples (`rttSamples`) and HPCC's INT records (`telemetry`) at the adapter.
 * Two adapters back to back: 1 GB/s, 10 ns each way, no wire overhead; a 2068 B packet takes
 * 2,068,000 ps, a 20 B ACK 20,000 ps.
 */
import { PacketKind } from "@losslab/core";
import type { AckEvent, Controller } from "@losslab/response";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import type { HostAdapterOptions } from "../src/index.js";

function run(source: Partial<HostAdapterOptions>, destination: Partial<HostAdapterOptions> = {}) {
  const wires = adapterPair(source, destination);
  const acks: AckEvent[] = [];
  const controller: Controller = {
    rate: Number.POSITIVE_INFINITY,
    window: Number.POSITIVE_INFINITY,
    wakeAt: undefined,
    onSend: () => {},
    onAck: (event) => acks.push(event),
    onCnp: () => {},
    onTimer: () => {},
  };
  wires.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 8, controller });
  return { ...wires, acks };
}

describe("RTT samples", () => {
  it("are the ACK's arrival minus the echoed send time minus the packet's serialization", () => {
    const { engine, acks, ab } = run({ rttSamples: true });
    engine.run();
    expect(acks).toHaveLength(8);
    // Back to back the packets queue at H0 only before they start: the sample is 10 ns + the
    // ACK's 20 ns + 10 ns = 40,000 ps for every packet, though packet k started at k x 2.068 us.
    for (const ack of acks) expect(ack.rtt).toBe(40_000);
    expect(ab.data.map(({ start }) => start)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((k) => k * 2_068_000));
    for (const ack of acks) expect(ack.telemetry).toBeUndefined();
  });

  it("take the last packet an ACK covers as the segment's (coalescing 4)", () => {
    const { engine, acks } = run({ rttSamples: true }, { ackCoalescing: 4, ackCoalescingTimeout: Infinity });
    engine.run();
    // ACKs for 3 and 7, each sent when the last byte of its packet arrived: 40,000 ps again.
    expect(acks.map((ack) => [ack.seq, ack.packets, ack.rtt])).toEqual([
      [3, 4, 40_000],
      [7, 4, 40_000],
    ]);
  });

  it("are off by default", () => {
    const { engine, acks } = run({});
    engine.run();
    for (const ack of acks) expect(ack.rtt).toBeUndefined();
  });
});

describe("INT records", () => {
  it("are asked for by the data packets, echoed in the ACK and handed to the controller", () => {
    const { engine, acks, ab } = run({ telemetry: true });
    // A switch's egress stand-in: one record per data packet, its queueLength the sequence number.
    ab.tamper = (packet, packets) => {
      if (packets.kind(packet) === PacketKind.Data) {
        packets
          .telemetry(packet)!
          .push({ queueLength: packets.seq(packet), txBytes: 0, timestamp: engine.now, bandwidth: 1e9 });
      }
    };
    engine.run();
    expect(acks.map((ack) => ack.telemetry!.map((record) => record.queueLength))).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7].map((k) => [k]),
    );
    for (const ack of acks) expect(ack.rtt).toBeUndefined();
  });

  it("are not asked for by default: data packets carry null", () => {
    const { engine, acks, ab } = run({});
    engine.run();
    for (const { packet } of ab.data) expect(packet.telemetry).toBeNull();
    for (const ack of acks) expect(ack.telemetry).toBeUndefined();
  });
});
