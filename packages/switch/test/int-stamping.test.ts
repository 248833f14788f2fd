/**
 * HPCC's INT records at the egress ports (option `telemetry`, int-stamping.ts): every
 * organisation pushes one record onto a data packet that asks for it as it starts on its
 * output: qLen = the bytes of the packets held for that output that have not started on its
 * link (santos-2002's cnt1, `waitingFor`, in bytes), txBytes = the wire bytes the port sent
 * before, ts = the start, B = the link's bandwidth.
 */
import { type IntRecord, type MarkingPolicyFactory, PacketKind, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, SWITCH_ORGANISATIONS, type SwitchOrganisation } from "../src/index.js";

const OVERHEAD = 20;
const PER_INPUT = 6;

/** Three inputs send `PER_INPUT` packets each at time 0 to output 3: the output is the bottleneck. */
function fanIn(organisation: SwitchOrganisation, telemetry: boolean, kind: PacketKind = PacketKind.Data) {
  const engine = new Engine();
  const factory = new PacketStore();
  const waitingAtDeparture = new Map<number, number>();
  const marking: MarkingPolicyFactory = (view) => ({
    packetDeparting: (packet, _input, output) => waitingAtDeparture.set(factory.id(packet), view.waitingFor(output)),
  });
  const sw = createSwitch(engine, organisation, {
    name: "S",
    ports: 4,
    routes: [0, 1, 2, 3],
    inputBufferBytes: 8 * DATA_BLOCKS * 64,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    ...(organisation === "cioq" ? { outputBufferBytes: 2 * DATA_BLOCKS * 64 } : {}),
    marking,
    telemetry,
  });
  const sink = new RecordingSink(engine, "D");
  const { sent } = wire(engine, sw, 3, sink, 0, { overheadBytes: OVERHEAD });
  for (let input = 0; input < 3; input++) {
    const source = new ScriptedSource(engine, `H${input}`);
    wire(engine, source, 0, sw, input);
    for (let seq = 0; seq < PER_INPUT; seq++) {
      const packet = factory.create({
        kind,
        flow: input,
        source: input,
        destination: 3,
        size: DATA_BYTES,
        seq,
        createdAt: 0,
        telemetry: [],
      });
      source.send(packet, 0);
    }
  }
  engine.run();
  return { sink, sent, waitingAtDeparture };
}

describe("INT stamping", () => {
  it.each(SWITCH_ORGANISATIONS)(
    "%s: qLen is the bytes waiting for the output, txBytes the wire bytes sent before",
    (organisation) => {
      const { sink, sent, waitingAtDeparture } = fanIn(organisation, true);
      expect(sink.arrivals).toHaveLength(3 * PER_INPUT);
      let longest = 0;
      for (const [k, { packet, start }] of sent.entries()) {
        const records = packet.telemetry as IntRecord[];
        expect(records).toHaveLength(1);
        const record = records[0]!;
        // All packets are DATA_BYTES long: the bytes waiting are cnt1 (the departing one already
        // taken out) times DATA_BYTES.
        expect(record.queueLength).toBe(waitingAtDeparture.get(packet.id)! * DATA_BYTES);
        // The k-th departure follows k frames of DATA_BYTES + 20 B of overhead.
        expect(record.txBytes).toBe(k * (DATA_BYTES + OVERHEAD));
        expect(record.timestamp).toBe(start);
        expect(record.bandwidth).toBe(GBPS);
        longest = Math.max(longest, record.queueLength);
      }
      // Three inputs at line rate into one output: a queue builds (at most the other 17 packets).
      expect(longest).toBeGreaterThan(DATA_BYTES);
      expect(longest).toBeLessThanOrEqual((3 * PER_INPUT - 1) * DATA_BYTES);
    },
  );

  it.each(SWITCH_ORGANISATIONS)("%s: off by default: a packet that asks gets nothing", (organisation) => {
    const { sink } = fanIn(organisation, false);
    for (const { packet } of sink.arrivals) expect(packet.telemetry).toEqual([]);
  });

  it("stamps data packets only: an ACK carries its data packet's records back untouched", () => {
    const { sink } = fanIn("cioq", true, PacketKind.Ack);
    for (const { packet } of sink.arrivals) expect(packet.telemetry).toEqual([]);
  });
});
