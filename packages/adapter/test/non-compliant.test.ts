/**
 * Non-compliant CAs and the subnet manager's lever (turner-2001 sec. 6.2): a source that
 * ignores congestion feedback, the destination's CN packet to the manager for its marked
 * packets, and the static rate (IPD) the manager changes at run time.
 * H0 sends to H1; H1's wire routes by destination to H0 or to the manager H2. 1 GB/s,
 * 10 ns each way: packet k of a greedy flow arrives 2,078,000 after its start.
 */
import { CongestionBit, PacketKind, PacketStore } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { BareWire } from "@losslab/test-kit/bare-wire";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import { type FlowOptions, HostAdapter } from "../src/index.js";

function fabric(marked: number[]) {
  const engine = new Engine();
  const packets = new PacketStore();
  const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets, compliant: false });
  const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets, nonCompliantSources: [0], managerHost: 2 });
  const h2 = new HostAdapter(engine, { name: "H2", host: 2, packets });
  const ab = new BareWire(engine, packets, h1);
  const ba = new BareWire(engine, packets, (packet) => (packets.destination(packet) === 2 ? h2 : h0));
  h0.connectOutput(0, ab, h1.inputCredits(0));
  h1.connectOutput(0, ba, Number.POSITIVE_INFINITY);
  ab.tamper = (packet, packets) => {
    if (packets.kind(packet) === PacketKind.Data && marked.includes(packets.seq(packet)))
      packets.mark(packet, CongestionBit.Ecn);
  };
  const heard: Array<[Time, number, number, number]> = [];
  h2.onNotification((packets, packet, time) =>
    heard.push([time, packets.flow(packet), packets.seq(packet), packets.source(packet)]),
  );
  const flow = (options: Partial<FlowOptions> = {}) =>
    h0.addFlow({ id: 3, destination: 1, packetBytes: DATA_BYTES, start: 0, ...options });
  return { engine, h0, h1, h2, ab, ba, flow, heard };
}

describe("non-compliant source CAs", () => {
  it("take no controller", () => {
    const { engine, flow } = fabric([]);
    expect(() => flow({ controller: new ScriptedController(engine) })).toThrow(
      /H0: a non-compliant CA has no congestion controller \(flow 3\)/,
    );
  });

  it("keep their static rate through marks; the destination tells the manager about each mark", () => {
    // 0.5 GB/s: a start every 4,136,000 whatever the marks. Packet 1's tail reaches H1 at
    // 6,214,000: H1 sends the CN to H2 (complete there at 6,244,000) and the ACK with the echo.
    const { engine, flow, ab, ba, heard } = fabric([1]);
    flow({ packets: 3, rate: 0.5 * GBPS });
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 4_136_000, 8_272_000]);
    expect(heard).toEqual([[6_244_000, 3, 1, 1]]);
    expect(ba.cnps.map((s) => [s.packet.destination, s.start])).toEqual([[2, 6_214_000]]);
    expect(ba.acks.map((s) => [s.packet.seq, s.packet.bits])).toEqual([
      [0, 0],
      [1, CongestionBit.Ecn | CongestionBit.Becn],
      [2, 0],
    ]);
  });

  it("of an unreliable flow: the CN goes to the manager instead of the source", () => {
    const { engine, flow, ba, heard } = fabric([0]);
    flow({ packets: 2, reliable: false });
    engine.run();
    expect(ba.cnps.map((s) => s.packet.destination)).toEqual([2]);
    expect(heard).toEqual([[2_108_000, 3, 0, 1]]);
  });

  it("obey a static IPD the manager changes at run time", () => {
    // Greedy: 0, 2,068,000. At 3 us the IPD becomes 3 (0.25 GB/s): the next start is
    // 2,068,000 + 8,272,000 = 10,340,000. At 11 us it goes back to 0: the next start is due
    // at 10,340,000 + 2,068,000 = 12,408,000 (already waiting for 18,612,000 before).
    const { engine, h0, flow, ab } = fabric([]);
    const state = flow({ packets: 5 });
    engine.at(3_000_000, () => h0.setStaticIpd(3, 3));
    engine.at(3_000_001, () => expect(state.rate).toBe(0.25 * GBPS));
    engine.at(11_000_000, () => h0.setStaticIpd(3, 0));
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 10_340_000, 12_408_000, 14_476_000]);
  });

  it("a manager loop: each CN raises the flow's static IPD by one", () => {
    // Packets 0 and 1 marked. CN of 0 at H2 at 2,108,000: IPD 1 (0.5 GB/s); packet 1 had
    // started at 2,068,000, so packet 2 is due at 2,068,000 + 4,136,000 = 6,204,000. CN of 1
    // at 4,176,000: IPD 2 (0.333 GB/s): packet 2 at 2,068,000 + 6,204,000 = 8,272,000.
    const { engine, h0, h2, flow, ab } = fabric([0, 1]);
    flow({ packets: 4 });
    let ipd = 0;
    h2.onNotification((packets, packet) => h0.setStaticIpd(packets.flow(packet), ++ipd));
    engine.run();
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 8_272_000, 14_476_000]);
  });

  it("as destinations: echo no mark in ACKs and send no CN packets, to the source or the manager", () => {
    // H1 non-compliant now; H0 compliant with a scripted controller. Packet 1 of the
    // reliable flow and packet 0 of the unreliable one are marked on the wire.
    const engine = new Engine();
    const packets = new PacketStore();
    const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets });
    const h1 = new HostAdapter(engine, {
      name: "H1",
      host: 1,
      packets,
      compliant: false,
      ackCoalescing: 2,
      ackCoalescingTimeout: 100_000_000,
    });
    const ab = new BareWire(engine, packets, h1);
    const ba = new BareWire(engine, packets, h0);
    h0.connectOutput(0, ab, h1.inputCredits(0));
    h1.connectOutput(0, ba, Number.POSITIVE_INFINITY);
    ab.tamper = (packet, packets) => {
      if (packets.flow(packet) === 3 ? packets.seq(packet) === 1 : packets.seq(packet) === 0)
        packets.mark(packet, CongestionBit.Ecn);
    };
    const controller = new ScriptedController(engine);
    h0.addFlow({ id: 3, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 4, controller });
    h0.addFlow({ id: 4, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2, reliable: false });
    engine.run();
    // The marked packet 1 does not flush a coalesced ACK early: packets 0-1 and 2-3 share one each.
    expect(ba.acks.map((s) => [s.packet.seq, s.packet.covers, s.packet.bits])).toEqual([
      [1, 2, 0],
      [3, 2, 0],
    ]);
    expect(ba.cnps).toEqual([]);
    expect(controller.acks.every((ack) => !ack.marked)).toBe(true);
    expect(controller.acks.reduce((sum, ack) => sum + ack.packets, 0)).toBe(4);
  });

  it("checks the manager options and the static rate", () => {
    const { h0 } = fabric([]);
    const engine = new Engine();
    expect(
      () => new HostAdapter(engine, { name: "H", host: 0, packets: new PacketStore(), nonCompliantSources: [4] }),
    ).toThrow(/nonCompliantSources needs a managerHost/);
    expect(() => h0.setStaticRate(99, GBPS)).toThrow(/no flow 99/);
    h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0 });
    expect(() => h0.setStaticRate(1, 0)).toThrow(/static rate must be > 0/);
    expect(() => h0.setStaticIpd(1, -1)).toThrow(/IPD must be an integer >= 0/);
  });
});
