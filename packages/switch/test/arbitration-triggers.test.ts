/**
 * Arbitration runs when something that decides it changes (a queue head becomes eligible,
 * an input or output frees, credits arrive), never as a poll: a switch whose packets all wait
 * for credits arbitrates no more until the credits come, and with strict FIFO inputs a packet
 * queued behind others gets no event of its own (VOQs keep one per packet, for iSLIP). Timing: 1 GB/s links, 10 ns propagation, 2068 B
 * packets (T = 2,068,000 ps), speedup 2, 40 ns forwarding delay.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { CioqSwitch } from "../src/index.js";
import { FIRST_MODEL_EVENT } from "../src/switch-base.js";

const ONE_PACKET = DATA_BLOCKS * 64;
const PACKETS = 6;
const RELEASE_AT = 30_000_000;

/**
 * A CIOQ switch S with one packet of output buffer, fed by Src on port 0 and draining into D
 * (one packet of credits) on port 1, recording the time of every arbitration (an event of
 * its own or inside the event that asked) and every event it handles.
 */
function watchedSwitch(inputQueues: "fifo" | "voq") {
  const engine = new Engine();
  const factory = new PacketStore();
  const sw = new CioqSwitch(engine, {
    name: "S",
    ports: 2,
    routes: [0, 1],
    inputBufferBytes: PACKETS * ONE_PACKET,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    outputBufferBytes: ONE_PACKET,
    inputQueues,
  });
  const arbitrations: number[] = [];
  const model = sw as unknown as { arbitrate(): void };
  const arbitrate = model.arbitrate.bind(sw);
  model.arbitrate = () => {
    arbitrations.push(engine.now);
    arbitrate();
  };
  const handled: Array<[number, number]> = [];
  const handleEvent = sw.handleEvent.bind(sw);
  sw.handleEvent = (kind: number, payload: unknown) => {
    handled.push([engine.now, kind]);
    handleEvent(kind, payload);
  };
  const src = new ScriptedSource(engine, "Src");
  wire(engine, src, 0, sw, 0);
  const sink = new RecordingSink(engine, "D", DATA_BLOCKS);
  wire(engine, sw, 1, sink, 0);
  return { engine, factory, sw, src, sink, arbitrations, handled };
}

describe.each([
  ["fifo", 3],
  ["voq", PACKETS],
] as const)("a CIOQ switch with %s inputs", (inputQueues, eligibilityEvents) => {
  it("does not arbitrate while every packet waits for credits, and polls for no packet behind others", () => {
    // One packet of room in the output buffer and one packet of credits downstream: packet 0
    // leaves, packet 1 waits in the output buffer for credits, packets 2.. in the input.
    const { engine, factory, sw, src, sink, arbitrations, handled } = watchedSwitch(inputQueues);
    for (let seq = 0; seq < PACKETS; seq++) src.send(dataPacket(factory, 0, 1, seq), 0);
    engine.run({ until: RELEASE_AT });
    expect(sink.arrivals.map((a) => a.packet.seq)).toEqual([0]);
    // Packet 1 crosses at 3,112,000, as packet 0 leaves the output buffer, and waits there for
    // credits. Packet 2, the input's head, becomes eligible at 5,180,000 (tail - T / 2) with
    // the output buffer full, and packets 3.. arrive behind it: nothing that decides changes.
    expect(arbitrations.at(-1)).toBe(3_112_000);
    // FIFO: one eligibility per packet that headed its queue (0, 1, 2), none for 3..5, so
    // the switch handles no event after 5,180,000. VOQ: one per packet (see
    // InputQueues.maximal), but they do not arbitrate.
    expect(handled.filter(([, kind]) => kind === FIRST_MODEL_EVENT)).toHaveLength(eligibilityEvents);
    if (inputQueues === "fifo") expect(handled.at(-1)![0]).toBe(5_180_000);
    for (let seq = 0; seq < PACKETS; seq++) {
      engine.at(RELEASE_AT + seq * 10_000_000, () => sink.release(0, DATA_BLOCKS));
    }
    engine.run();
    expect(sink.arrivals.map((a) => a.packet.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sw.inputOccupancy(0)).toBe(0);
    expect(sw.outputOccupancy(1)).toBe(0);
  });
});

describe("an arbitration a link's event asks for", () => {
  it("runs inside that event when nothing else is due before it", () => {
    // As above with FIFO inputs: packet 1 waits in the output buffer for credits from 3,112,000.
    const { engine, factory, src, sink, arbitrations, handled } = watchedSwitch("fifo");
    for (let seq = 0; seq < 2; seq++) src.send(dataPacket(factory, 0, 1, seq), 0);
    engine.at(RELEASE_AT, () => sink.release(0, DATA_BLOCKS));
    engine.run();
    // The credits reach the switch 10 ns (the back propagation) after the release, the only
    // event then: packet 1 starts at once, by an arbitration inside the link's credit event,
    // not by an event of the switch's own (kind 0, ARBITRATE, or any other).
    const creditsAt = RELEASE_AT + 10_000;
    expect(arbitrations).toContain(creditsAt);
    expect(handled.filter(([at]) => at === creditsAt)).toEqual([]);
    expect(sink.arrivals.map((a) => a.packet.seq)).toEqual([0, 1]);
  });
});
