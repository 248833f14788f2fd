/**
 * Virtual lanes at the adapter (turner-2001 sec. 2): one credit account per VL toward the
 * switch, each flow's data on its own VL, ACKs on the VL of the data they acknowledge, and
 * a scheduler in which a VL out of credits never holds back another.
 */
import {
  createPauseFrame,
  type Device,
  LosslessViolation,
  type Packet,
  PacketKind,
  PacketStore,
  XOFF_QUANTA,
} from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { BareWire } from "@losslab/test-kit/bare-wire";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import { HostAdapter, type HostAdapterOptions } from "../src/index.js";

/** ceil(2068 / 64) credit blocks of a data packet. */
const DATA_BLOCKS = 33;

/**
 * The switch side of the adapter's link, reduced to its buffers: `credits` blocks per VL;
 * it frees a packet's blocks (returns its credits) 10 ns after the last byte arrives, on
 * the VLs in `draining` only.
 */
class LaneReceiver implements Device {
  readonly received: Packet[] = [];
  adapter: HostAdapter | undefined;

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly credits: number,
    private readonly draining: readonly number[],
  ) {}

  connectOutput(): void {}
  connectInput(): void {}
  inputCredits(): number {
    return this.credits;
  }
  creditsReturned(): void {}

  receive(packet: Packet, _port: number, tailAt: Time): void {
    this.received.push(packet);
    if (!this.draining.includes(this.adapter!.packets.vl(packet))) return;
    const blocks = Math.ceil(this.adapter!.packets.size(packet) / 64);
    this.engine.at(tailAt + 10_000, () => this.adapter!.creditsReturned(0, blocks, this.adapter!.packets.vl(packet)));
  }
}

function laneHost(
  credits: number,
  draining: readonly number[],
  vls = 2,
  vlWeights?: number[],
  scheduling: Pick<HostAdapterOptions, "vlScheduling" | "vlQuantaBytes"> = {},
) {
  const engine = new Engine();
  const packets = new PacketStore();
  const host = new HostAdapter(engine, {
    name: "H0",
    host: 0,
    packets,
    vls,
    ...(vlWeights === undefined ? {} : { vlWeights }),
    ...scheduling,
  });
  const receiver = new LaneReceiver(engine, "S", credits, draining);
  receiver.adapter = host;
  const wire = new BareWire(engine, packets, receiver);
  host.connectOutput(0, wire, receiver.inputCredits());
  return { engine, packets, host, wire, receiver };
}

describe("per-VL credits at the adapter", () => {
  it("stamps each flow's VL on its data and keeps sending on VL 0 when VL 1 runs out of credits", () => {
    // Two packets' worth of credits per VL; only VL 0's come back. Round robin alternates
    // the flows until VL 1 has used its 66 blocks; then the VL 0 flow sends alone.
    const { engine, host, wire } = laneHost(2 * DATA_BLOCKS, [0]);
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 6, vl: 0 });
    host.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 6, vl: 1 });
    engine.run({ until: 100_000_000 });
    expect(wire.data.map((s) => [s.packet.flow, s.packet.vl])).toEqual([
      [1, 0],
      [2, 1],
      [1, 0],
      [2, 1],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
    ]);
  });

  it("does not let an ACK waiting for credits on VL 1 hold back data on VL 0", () => {
    // One packet's worth of credits per VL, VL 1's never returned. 34 data packets of a
    // remote flow arrive on VL 1: their 20 B ACKs (1 block each) go on VL 1, 33 fit and the
    // 34th waits for credits. The local flow's data on VL 0 goes on meanwhile.
    const { engine, packets, host, wire } = laneHost(DATA_BLOCKS, [0]);
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 1_000_000, packets: 3, vl: 0 });
    for (let seq = 0; seq < 34; seq++) {
      const data = packets.create({
        kind: PacketKind.Data,
        flow: 7,
        source: 1,
        destination: 0,
        size: DATA_BYTES,
        seq,
        vl: 1,
        createdAt: 0,
      });
      host.receive(data, 0, 0);
    }
    engine.run({ until: 100_000_000 });
    expect(wire.acks.map((s) => s.packet.vl)).toEqual(new Array(33).fill(1));
    // Each data packet waits for the previous one's credits: its tail arrives 10 ns + 2,068 ns
    // after its start, and the credits are back 10 ns later.
    expect(wire.data.map((s) => [s.packet.vl, s.start])).toEqual([
      [0, 1_000_000],
      [0, 3_088_000],
      [0, 5_176_000],
    ]);
  });

  it("holds back only the VL a PAUSE names (PFC priority = VL)", () => {
    // An XOFF for priority 1 takes effect at once (reaction delay 0 here): the VL 1 flow
    // sends nothing, the VL 0 flow all its packets back to back.
    const engine = new Engine();
    const packets = new PacketStore();
    const host = new HostAdapter(engine, { name: "H0", host: 0, packets, vls: 2, pauseReactionDelay: 0 });
    const receiver = new LaneReceiver(engine, "S", 4 * DATA_BLOCKS, [0, 1]);
    receiver.adapter = host;
    const wire = new BareWire(engine, packets, receiver);
    host.connectOutput(0, wire, receiver.inputCredits());
    host.receive(createPauseFrame(packets, 1, XOFF_QUANTA, 64, 0), 0, 0);
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 0 });
    host.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 1 });
    engine.run({ until: 100_000_000 });
    expect(wire.data.map((s) => [s.packet.vl, s.start])).toEqual([
      [0, 0],
      [0, 2_068_000],
      [0, 4_136_000],
    ]);
  });

  it("sends ACKs and CN packets on the VL of the data they answer", () => {
    const { engine, h0, ab, ba } = adapterPair({ vls: 3 }, { vls: 3 });
    h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2, vl: 2 });
    h0.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2, vl: 1, reliable: false });
    ab.tamper = (packet, packets) => {
      packets.mark(packet, 1); // ECN on everything: the unreliable flow gets CN packets
    };
    engine.run();
    expect(ab.data.map((s) => [s.packet.flow, s.packet.vl])).toEqual([
      [1, 2],
      [2, 1],
      [1, 2],
      [2, 1],
    ]);
    expect(ba.acks.map((s) => s.packet.vl)).toEqual([2, 2]);
    expect(ba.cnps.map((s) => s.packet.vl)).toEqual([1, 1]);
  });

  it("picks VLs by weighted round robin, not flows: weights [2, 1] with two flows on VL 1", () => {
    // Greedy flows, credits always back: VL 0 (flow 1) sends 2 per turn, VL 1 one, shared
    // in round robin by flows 2 and 3. Flow round robin would give 1, 2, 3, 1, 2, 3.
    const { engine, host, wire } = laneHost(4 * DATA_BLOCKS, [0, 1], 2, [2, 1]);
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 6, vl: 0 });
    host.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 1 });
    host.addFlow({ id: 3, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 1 });
    engine.run({ until: 100_000_000 });
    expect(wire.data.map((s) => s.packet.flow)).toEqual([1, 1, 2, 1, 1, 3, 1, 1, 2, 3, 2, 3]);
  });

  it("gives a VL with nothing to send no turn: weights [1, 1, 3], VL 1 idle", () => {
    const { engine, host, wire } = laneHost(4 * DATA_BLOCKS, [0, 1, 2], 3, [1, 1, 3]);
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 0 });
    host.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 7, vl: 2 });
    engine.run({ until: 100_000_000 });
    expect(wire.data.map((s) => s.packet.vl)).toEqual([0, 2, 2, 2, 0, 2, 2, 2, 0, 2]);
  });

  it("serves the highest VL first under strict priority (802.1Q: a higher priority value goes first)", () => {
    const { engine, host, wire } = laneHost(4 * DATA_BLOCKS, [0, 1], 2, undefined, { vlScheduling: "strict" });
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 0 });
    host.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, vl: 1 });
    engine.run({ until: 100_000_000 });
    // Flow 1's start comes first and finds the port to itself; from then on VL 1 goes first
    // whenever it has a packet.
    expect(wire.data.map((s) => s.packet.vl)).toEqual([0, 1, 1, 1, 0, 0]);
  });

  it("shares bytes by deficit round robin: quanta 2 x 2068 : 2068 B send two VL 0 packets per VL 1 packet", () => {
    // Shreedhar and Varghese's DRR: VL 0 gets 4136 B of deficit per round (two packets), VL 1
    // 2068 B (one). Once VL 0's flow is done, VL 1 sends alone.
    const { engine, host, wire } = laneHost(4 * DATA_BLOCKS, [0, 1], 2, undefined, {
      vlScheduling: "dwrr",
      vlQuantaBytes: [2 * DATA_BYTES, DATA_BYTES],
    });
    host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 6, vl: 0 });
    host.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 6, vl: 1 });
    engine.run({ until: 100_000_000 });
    expect(wire.data.map((s) => s.packet.vl)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1]);
  });

  it("needs quanta for dwrr: the adapter knows no packet size of its own", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, vls: 2, vlScheduling: "dwrr" })).toThrow(
      /H: vlQuantaBytes is needed with vlScheduling "dwrr": one quantum per VL in bytes/,
    );
  });

  it("rejects vlWeights that do not fit vls", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, vlWeights: [1] })).toThrow(
      /H: vlWeights needs vls > 1/,
    );
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, vls: 2, vlWeights: [1] })).toThrow(
      /H: vlWeights must list one weight per VL \(2\); got 1/,
    );
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, vls: 2, vlWeights: [1, 0] })).toThrow(
      /H: vlWeights must be positive integers \(packets per turn\); got 0/,
    );
  });

  it("rejects a VL the adapter does not have, and vls outside 1..15", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    expect(() => new HostAdapter(engine, { name: "H", host: 0, packets, vls: 0 })).toThrow(
      /H: vls must be an integer 1..15; got 0/,
    );
    const { host } = laneHost(DATA_BLOCKS, [0]);
    expect(() => host.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, vl: 2 })).toThrow(
      /H0: flow 1 vl must be an integer 0..1, got 2/,
    );
    expect(() => host.creditsReturned(0, 1, 2)).toThrow(LosslessViolation);
    expect(() => host.creditsReturned(0, 1, 1)).toThrow(/H0 output VL 1: 34 credits after a return of 1/);
    const single = new HostAdapter(engine, { name: "H1", host: 1, packets });
    const onVl1 = packets.create({
      kind: PacketKind.Data,
      flow: 7,
      source: 0,
      destination: 1,
      size: DATA_BYTES,
      seq: 0,
      vl: 1,
      createdAt: 0,
    });
    expect(() => single.receive(onVl1, 0, 0)).toThrow(/H1: received packet \d+ on VL 1 but has vls 1/);
  });
});
