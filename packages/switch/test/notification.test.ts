/**
 * Congestion notifications a switch generates (QCN CNMs, 802.1Qau): they leave toward their
 * destination ahead of queued data, never cut into a frame on the link, and take credits
 * like any frame.
 */
import { type Packet, PacketKind, PacketStore, type SwitchView } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, SWITCH_ORGANISATIONS } from "../src/index.js";

const SEND = 2_068_000; // a 2068 B packet at 1 GB/s, ps
const CNM_BYTES = 64;

describe.each(SWITCH_ORGANISATIONS)("%s switch notifications", (organisation) => {
  it("go out toward their destination ahead of waiting data, after the frame on the link", () => {
    const engine = new Engine();
    const factory = new PacketStore();
    // Hosts 0 and 1 send to host 2 (port 2); host 0 also listens on port 0.
    const sw = createSwitch(engine, organisation, {
      name: "S",
      ports: 3,
      routes: [0, 1, 2],
      inputBufferBytes: 4 * 33 * 64,
      maxPacketBytes: DATA_BYTES,
      packets: factory,
      ...(organisation === "cioq" ? { outputBufferBytes: 4 * 33 * 64 } : {}),
    });
    const sources = [new ScriptedSource(engine, "H0"), new ScriptedSource(engine, "H1")];
    wire(engine, sources[0]!, 0, sw, 0);
    wire(engine, sources[1]!, 0, sw, 1);
    const h0 = new RecordingSink(engine, "H0in");
    const back = wire(engine, sw, 0, h0, 0);
    const out = wire(engine, sw, 2, new RecordingSink(engine, "H2"), 0);
    // Two packets from H1 to H2 queue at port 2; one from H0 to H2 too.
    sources[1]!.send(dataPacket(factory, 1, 2, 0), 0);
    sources[1]!.send(dataPacket(factory, 1, 2, 1), 0);
    sources[0]!.send(dataPacket(factory, 0, 2, 0), 0);
    const cnm = factory.create({
      kind: PacketKind.Cnp,
      flow: 1,
      source: -1,
      destination: 1,
      size: CNM_BYTES,
      seq: 0,
      createdAt: 0,
      feedback: 17,
    });
    const cnmToH0 = factory.create({
      kind: PacketKind.Cnp,
      flow: 0,
      source: -1,
      destination: 0,
      size: CNM_BYTES,
      seq: 0,
      createdAt: 0,
      feedback: 5,
    });
    // Port 1 has no output link in this test: a notification to host 1 cannot leave.
    expect(() => sw.sendNotification(cnm)).toThrow(/no route to host 1/);
    const cnmToH2 = factory.create({
      kind: PacketKind.Cnp,
      flow: 9,
      source: -1,
      destination: 2,
      size: CNM_BYTES,
      seq: 0,
      createdAt: 0,
      feedback: 1,
    });
    engine.at(SEND, () => sw.sendNotification(cnmToH0));
    // While the first data packet is on port 2's link and two more wait for it.
    engine.at(1_500_000, () => sw.sendNotification(cnmToH2));
    engine.run({ until: 20 * SEND });
    // The notification to H0 left at once on port 0 (idle) and arrived intact.
    expect(back.sent.map((t) => [t.packet.kind, t.start])).toEqual([[PacketKind.Cnp, SEND]]);
    expect(h0.arrivals[0]!.packet.feedback).toBe(5);
    // On port 2 the notification went right after the frame on the link, ahead of the data waiting.
    const kinds = out.sent.map((t) => t.packet.kind);
    expect(kinds).toEqual([PacketKind.Data, PacketKind.Cnp, PacketKind.Data, PacketKind.Data]);
    expect(out.sent[1]!.start).toBe(out.sent[0]!.end);
  });
});

describe("a marking policy's notifications (SwitchView.notify)", () => {
  it("are frames the switch makes with the simulation's packets, heard by onNotification, sent toward their host", () => {
    const engine = new Engine();
    const factory = new PacketStore();
    let view: SwitchView | undefined;
    const sw = createSwitch(engine, "input-buffered", {
      name: "S",
      ports: 2,
      routes: [0, 1],
      inputBufferBytes: 4 * 33 * 64,
      maxPacketBytes: DATA_BYTES,
      packets: factory,
      marking: (switchView) => {
        view = switchView;
        return {};
      },
    });
    const h0 = new RecordingSink(engine, "H0");
    wire(engine, sw, 0, h0, 0);
    const heard: Packet[] = [];
    sw.onNotification((frame) => heard.push(frame));
    const about = dataPacket(factory, 1, 0, 42);
    engine.at(SEND, () => view!.notify(0, about, CNM_BYTES, 17));
    engine.run({ until: 4 * SEND });
    const frame = h0.arrivals[0]!.packet;
    expect(heard).toEqual([h0.arrivals[0]!.slot]);
    expect([frame.kind, frame.flow, frame.seq, frame.source, frame.destination, frame.size, frame.feedback]).toEqual([
      PacketKind.Cnp,
      sw.packets.flow(about),
      42,
      -1,
      0,
      CNM_BYTES,
      17,
    ]);
    expect([frame.id, frame.createdAt]).toEqual([sw.packets.id(about) + 1, SEND]);
  });
});
