/**
 * The route lookup with equal-cost multipath (the `ecmp` option): a table entry below -1
 * names a group, and every organisation sends a packet on the member its flow hashes to,
 * the same member for every packet of the flow.
 */
import { PacketKind, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { ecmpPort } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { createSwitch } from "../src/index.js";

/** One group at offset 0: 2 members, ports 1 and 2. Its table entry is -2 - 0. */
const groups = Int32Array.from([2, 1, 2]);
const GROUP = -2;
const SALT = 0x5eed;
const FLOWS = 40;
const PACKETS_PER_FLOW = 5;

describe.each(["input-buffered", "fifo", "voq", "cioq"])("%s switch with an ECMP group", (organisation) => {
  it("sends every packet of a flow on the member its hash picks, and uses both members", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    // Host 0 is behind port 0 (the source); host 1 is reachable by ports 1 and 2.
    const device = createSwitch(engine, organisation, {
      name: "S",
      ports: 3,
      routes: [-1, GROUP],
      ecmp: { groups, salt: SALT },
      inputBufferBytes: 4096,
      maxPacketBytes: 256,
      packets: packets,
      ...(organisation === "cioq" ? { outputBufferBytes: 4096 } : {}),
    });
    const source = new ScriptedSource(engine, "H0");
    const sinks = [new RecordingSink(engine, "A"), new RecordingSink(engine, "B")];
    wire(engine, source, 0, device, 0);
    wire(engine, device, 1, sinks[0]!, 0);
    wire(engine, device, 2, sinks[1]!, 0);
    for (let seq = 0; seq < PACKETS_PER_FLOW; seq++) {
      for (let flow = 0; flow < FLOWS; flow++) {
        source.send(
          packets.create({ kind: PacketKind.Data, flow, source: 0, destination: 1, size: 256, seq, createdAt: 0 }),
        );
      }
    }
    engine.run();
    const portOf = new Map<number, Set<number>>();
    sinks.forEach((sink, index) => {
      for (const { packet } of sink.arrivals) {
        const ports = portOf.get(packet.flow) ?? new Set<number>();
        ports.add(index + 1);
        portOf.set(packet.flow, ports);
      }
    });
    expect(sinks[0]!.arrivals.length + sinks[1]!.arrivals.length).toBe(FLOWS * PACKETS_PER_FLOW);
    for (let flow = 0; flow < FLOWS; flow++) {
      // One port per flow, the one the hash gives: the switch and Routes.path agree.
      expect([...(portOf.get(flow) ?? [])]).toEqual([ecmpPort(groups, GROUP, SALT, flow, 0, 1)]);
    }
    // 40 flows on 2 ports by a fair hash: all on one port has probability 2^-39.
    expect(sinks[0]!.arrivals.length).toBeGreaterThan(0);
    expect(sinks[1]!.arrivals.length).toBeGreaterThan(0);
    // In order within each flow (one path, FIFO links).
    for (const sink of sinks) {
      const last = new Map<number, number>();
      for (const { packet } of sink.arrivals) {
        expect(packet.seq).toBeGreaterThan(last.get(packet.flow) ?? -1);
        last.set(packet.flow, packet.seq);
      }
    }
  });
});
