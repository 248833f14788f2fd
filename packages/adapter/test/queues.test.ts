/**
 * Virtual output queues (ferrer-2012 sec. 5.1): one queue per destination that waits when
 * empty, generation-time stamping, and a congested destination not blocking the others.
 */
import { CongestionBit, PacketKind, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { BareWire } from "@losslab/test-kit/bare-wire";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import { HostAdapter } from "../src/index.js";

const SEND = 2_068_000; // 2068 B at 1 GB/s, ps

function setup() {
  return adapterPair();
}

describe("virtual output queues", () => {
  it("stamp each packet with its generation time, so latency includes the wait at the source", () => {
    const { engine, h0, ab } = setup();
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, queue: true });
    // Three packets generated at 1 us leave back to back: generated at 1 us, injected at
    // 1 us, 1 us + 2.068 us, 1 us + 4.136 us.
    engine.at(1_000_000, () => h0.enqueue(7, 3));
    engine.run({ until: 20_000_000 });
    expect(ab.data.map((s) => [s.packet.createdAt, s.packet.injectedAt])).toEqual([
      [1_000_000, 1_000_000],
      [1_000_000, 1_000_000 + SEND],
      [1_000_000, 1_000_000 + 2 * SEND],
    ]);
  });

  it("wait when empty and resume when refilled, keeping their sequence numbers", () => {
    const { engine, h0, ab } = setup();
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, queue: true });
    engine.at(0, () => h0.enqueue(7, 1));
    engine.at(50_000_000, () => h0.enqueue(7, 2));
    engine.run({ until: 100_000_000 });
    expect(ab.data.map((s) => [s.packet.seq, s.start])).toEqual([
      [0, 0],
      [1, 50_000_000],
      [2, 50_000_000 + SEND],
    ]);
  });

  it("hold packets back by the queue's window; the wait counts in their latency", () => {
    const { engine, h0, ab } = setup();
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, queue: true, window: 1 });
    engine.at(0, () => h0.enqueue(7, 2));
    engine.run({ until: 20_000_000 });
    const [first, second] = ab.data;
    // The second waits for the first's ACK: data 2.068 us + 10 ns, ACK 20 ns + 10 ns.
    expect(second!.packet.injectedAt).toBe(SEND + 10_000 + 20_000 + 10_000);
    expect(second!.packet.createdAt).toBe(0);
    expect(first!.packet.createdAt).toBe(0);
  });

  it("keep a destination whose window is full from blocking the other queues", () => {
    // Queue 7 (window 1) holds 5 packets, queue 8 (no window) 3: with a single FIFO the
    // second packet for 8 would wait behind 7's window; with VOQs 8 goes while 7 waits.
    const engine = new Engine();
    const packets = new PacketStore();
    const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets });
    const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets });
    const h2 = new HostAdapter(engine, { name: "H2", host: 2, packets });
    // One wire out of H0 whose far end hands each packet to its destination's adapter.
    const router = {
      name: "router",
      receive: (packet: number, port: number, tailAt: number) =>
        (packets.destination(packet) === 1 ? h1 : h2).receive(packet, port, tailAt),
      creditsReturned: () => {},
      connectOutput: () => {},
      connectInput: () => {},
      inputCredits: () => Number.POSITIVE_INFINITY,
    };
    const out = new BareWire(engine, packets, router);
    h0.connectOutput(0, out, Number.POSITIVE_INFINITY);
    h1.connectOutput(0, new BareWire(engine, packets, h0, GBPS, 100_000_000), Number.POSITIVE_INFINITY); // slow ACKs
    h2.connectOutput(0, new BareWire(engine, packets, h0), Number.POSITIVE_INFINITY);
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, queue: true, window: 1 });
    h0.addFlow({ id: 8, destination: 2, packetBytes: DATA_BYTES, start: 0, queue: true });
    engine.at(0, () => {
      h0.enqueue(7, 5);
      h0.enqueue(8, 3);
    });
    engine.run({ until: 4 * SEND });
    expect(out.data.map((s) => s.packet.flow)).toEqual([7, 8, 8, 8]);
  });

  it("reject enqueue on a flow that is not a queue, and a count that is not a positive integer", () => {
    const { h0 } = setup();
    h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0 });
    h0.addFlow({ id: 2, destination: 1, packetBytes: DATA_BYTES, start: 0, queue: true });
    expect(() => h0.enqueue(1, 1)).toThrow(/not an open virtual output queue/);
    expect(() => h0.enqueue(3, 1)).toThrow(/not an open virtual output queue/);
    expect(() => h0.enqueue(2, 0)).toThrow(/positive integer/);
  });
});

describe("MVCM's feedback (ferrer-2012 sec. 4)", () => {
  it("tells the controller a send leaves an empty queue: nothing waiting and nothing unacknowledged", () => {
    const { engine, h0 } = setup();
    const controller = new ScriptedController(engine);
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, queue: true, controller });
    engine.at(0, () => h0.enqueue(7, 2)); // empty: the first send restarts the queue
    engine.at(1_000_000, () => h0.enqueue(7, 1)); // packets still unacknowledged: not empty
    engine.at(50_000_000, () => h0.enqueue(7, 1)); // all acknowledged: empty again
    engine.run({ until: 100_000_000 });
    expect(controller.sends.map((s) => s.fromEmptyQueue)).toEqual([true, false, false, true]);
  });

  it("echoes the marking (MB) and validation (VB) bits of the data packet to the controller", () => {
    const { engine, h0, ab } = setup();
    const controller = new ScriptedController(engine);
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, controller });
    const bits = [0, CongestionBit.Marked, CongestionBit.Marked | CongestionBit.Validated];
    ab.tamper = (packet, packets) => {
      packets.mark(packet, bits[packets.seq(packet)]!);
    };
    engine.run();
    expect(controller.acks.map((a) => [a.marked, a.validated])).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
  });
});

describe("congestion notifications (QCN CNMs)", () => {
  it("reach the flow's controller with their feedback when their last byte arrives; unknown flows are ignored", () => {
    const { engine, h0 } = setup();
    const controller = new ScriptedController(engine);
    h0.addFlow({ id: 7, destination: 1, packetBytes: DATA_BYTES, start: 0, controller });
    const packets = h0.packets;
    const cnm = (flow: number) =>
      packets.create({
        kind: PacketKind.Cnp,
        flow,
        source: -1,
        destination: 0,
        size: 64,
        seq: 0,
        createdAt: 0,
        feedback: 42,
      });
    engine.at(1_000_000, () => h0.receive(cnm(7), 0, 1_064_000));
    engine.at(1_000_000, () => h0.receive(cnm(99), 0, 1_064_000));
    engine.run({ until: 2_000_000 });
    expect(controller.cnps.map(({ at, feedback }) => ({ at, feedback }))).toEqual([{ at: 1_064_000, feedback: 42 }]);
  });
});

describe("without ACKs (raw lossless Ethernet)", () => {
  it("delivers data, returns no ACK and lets no window bind", () => {
    const { engine, h0, ab, ba } = adapterPair({ acks: false }, { acks: false });
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 3, window: 1 });
    engine.run();
    // Window 1 would wait for ACKs; without them the three packets go back to back.
    expect(ab.data.map((s) => s.start)).toEqual([0, SEND, 2 * SEND]);
    expect(ba.sent).toEqual([]);
  });
});

describe("ports", () => {
  it("sends on port 0 only and accepts packets on port 1 of a two-port adapter (butterfly hosts)", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets, ports: 2 });
    const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets, ports: 2 });
    const ab = new BareWire(engine, packets, h1);
    const ba = new BareWire(engine, packets, h0);
    h0.connectOutput(0, ab, Number.POSITIVE_INFINITY);
    h0.connectOutput(1, new BareWire(engine, packets, h1), Number.POSITIVE_INFINITY); // an unused direction
    h1.connectOutput(0, ba, Number.POSITIVE_INFINITY);
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 2 });
    engine.run();
    expect(ab.data).toHaveLength(2);
    expect(ba.acks).toHaveLength(2);
    expect(() => h0.inputCredits(2)).toThrow(/out of range 0\.\.1/);
  });
});
