/**
 * The adapter's send scheduler: ACKs before data, round robin among eligible flows,
 * flows active in [start, stop), finite flows, and downstream credits.
 */
import { PacketKind, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { BareWire } from "@losslab/test-kit/bare-wire";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { type FlowOptions, HostAdapter } from "../src/index.js";

function pair() {
  const greedy = (host: HostAdapter, id: number, destination: number, options: Partial<FlowOptions> = {}) =>
    host.addFlow({ id, destination, packetBytes: DATA_BYTES, start: 0, ...options });
  return { ...adapterPair(), greedy };
}

const label = (s: { packet: { kind: number; seq: number }; start: number }) =>
  `${s.packet.kind === PacketKind.Ack ? "ack" : "data"}${s.packet.seq}@${s.start}`;

describe("ACKs before data", () => {
  it("sends waiting ACKs first when the port frees, even with a greedy flow of its own", () => {
    // Both hosts send greedily to each other. H0's data k reaches H1 completely at
    // 2,078,000 and 4,146,000, while H1 is busy with its own data 0 and 1; when H1's port
    // frees at 4,136,000 it sends ACK 0, then ACK 1 (queued at 4,146,000), and only then
    // its data 2. H0's data 2 starts at 4,176,000 too (same pattern), its tail reaches H1
    // at 6,254,000, after H1 started data 3 at 6,244,000; data 3's tail at 8,322,000.
    const { engine, h0, h1, greedy, ba } = pair();
    greedy(h0, 0, 1);
    greedy(h1, 1, 0);
    engine.run({ until: 8_400_000 });
    expect(ba.sent.map(label)).toEqual([
      "data0@0",
      "data1@2068000",
      "ack0@4136000",
      "ack1@4156000",
      "data2@4176000",
      "data3@6244000",
      "ack2@8312000",
      "ack3@8332000",
      "data4@8352000",
    ]);
  });
});

describe("round robin among flows", () => {
  it("takes turns among the eligible flows of a host", () => {
    const { engine, h0, greedy, ab } = pair();
    for (const id of [10, 11, 12]) greedy(h0, id, 1);
    engine.run({ until: 12_408_000 });
    expect(ab.data.map((s) => [s.packet.flow, s.start])).toEqual([
      [10, 0],
      [11, 2_068_000],
      [12, 4_136_000],
      [10, 6_204_000],
      [11, 8_272_000],
      [12, 10_340_000],
      [10, 12_408_000],
    ]);
  });

  it("skips a flow the rate limit holds back and serves it when it may go", () => {
    // Flow 20 at 0.25 GB/s may start every 8,272,000; flow 21 is unlimited.
    // 0: f20. 2,068,000: f20 held (until 8,272,000) -> f21. Then f21 back to back until
    // 8,272,000, when the port frees after f21's packet started at 6,204,000 and turn is f20's.
    const { engine, h0, greedy, ab } = pair();
    greedy(h0, 20, 1, { rate: 0.25 * GBPS });
    greedy(h0, 21, 1);
    engine.run({ until: 16_544_000 });
    expect(ab.data.map((s) => [s.packet.flow, s.start])).toEqual([
      [20, 0],
      [21, 2_068_000],
      [21, 4_136_000],
      [21, 6_204_000],
      [20, 8_272_000],
      [21, 10_340_000],
      [21, 12_408_000],
      [21, 14_476_000],
      [20, 16_544_000],
    ]);
  });
});

describe("flow lifetime", () => {
  it("starts at its start time and sends nothing at or after its stop time", () => {
    const { engine, h0, greedy, ab } = pair();
    const state = greedy(h0, 0, 1, { start: 3_000_000, stop: 9_000_000 });
    engine.run({ until: 2_999_999 });
    expect(state.active).toBe(false);
    engine.run({ until: 3_000_000 });
    expect(state.active).toBe(true);
    engine.run({ until: 20_000_000 });
    expect(state.active).toBe(false);
    // 3,000,000, 5,068,000, 7,136,000; the next would start at 9,204,000, after the stop.
    expect(ab.data.map((s) => s.start)).toEqual([3_000_000, 5_068_000, 7_136_000]);
  });

  it("treats the stop time as exclusive", () => {
    // A packet would start at 7,136,000, exactly the stop time: it does not.
    const { engine, h0, greedy, ab } = pair();
    greedy(h0, 0, 1, { start: 3_000_000, stop: 7_136_000 });
    engine.run({ until: 20_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([3_000_000, 5_068_000]);
  });

  it("a greedy flow with packets: N stops after N and gets N ACKs", () => {
    const { engine, h0, h1, greedy, ab } = pair();
    const delivered: number[] = [];
    h1.onDeliver((packets, packet) => delivered.push(packets.seq(packet)));
    const state = greedy(h0, 0, 1, { packets: 3 });
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 4_136_000]);
    expect(delivered).toEqual([0, 1, 2]);
    // All N sent: the flow is done and leaves the scheduler (active false), its ACKs still counted.
    expect([state.sent, state.acked, state.outstanding, state.active]).toEqual([3, 3, 0, false]);
  });

  it("stamps the injection time on each packet", () => {
    const { engine, h0, greedy, ab } = pair();
    greedy(h0, 0, 1, { packets: 2, start: 1_000 });
    engine.run();
    expect(ab.data.map((s) => [s.packet.createdAt, s.packet.injectedAt])).toEqual([
      [1_000, 1_000],
      [2_069_000, 2_069_000],
    ]);
  });
});

describe("dynamic flows", () => {
  it("stopFlow ends a flow at once; its in-flight packet is still acknowledged", () => {
    const { engine, h0, greedy, ab } = pair();
    const state = greedy(h0, 0, 1);
    engine.run({ until: 3_000_000 }); // packets started at 0 and 2,068,000
    h0.stopFlow(0);
    engine.run({ until: 20_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000]);
    expect([state.active, state.sent, state.acked, state.outstanding]).toEqual([false, 2, 2, 0]);
  });

  it("serves a new flow right after thousands of finished ones (they leave the scheduler)", () => {
    const { engine, h0, greedy, ab } = pair();
    for (let id = 0; id < 5000; id++) greedy(h0, id, 1, { packets: 1, start: id * 3_000_000 });
    engine.run();
    expect(ab.data).toHaveLength(5000);
    // Each one-packet flow started at its own start time, not delayed by the others.
    expect(ab.data.every((s, id) => s.start === id * 3_000_000)).toBe(true);
  });
});

describe("downstream credits", () => {
  it("never sends beyond the credits of the buffer it feeds, and resumes when credits return", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets });
    const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets });
    const wire = new BareWire(engine, packets, h1);
    h0.connectOutput(0, wire, 66); // a switch input buffer of 2 packets, 33 blocks each
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0 });
    engine.at(10_000_000, () => h0.creditsReturned(0, 33));
    engine.run({ until: 15_000_000 });
    expect(wire.data.map((s) => s.start)).toEqual([0, 2_068_000, 10_000_000]);
  });
});
