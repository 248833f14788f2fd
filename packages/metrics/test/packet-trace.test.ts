/** PacketTrace: one JSON line per packet event, filters by flow, event and time window, output in chunks. */
import { type Packet, PacketKind, PacketStore } from "@losslab/core";
import { describe, expect, it } from "vitest";
import { PacketTrace, type PacketTraceOptions, TRACE_EVENTS } from "../src/index.js";

const hostToSwitch = { from: "H0", fromPort: 0, fromHost: true, to: "S", toPort: 2, toHost: false };
const switchToHost = { from: "S", fromPort: 3, fromHost: false, to: "H1", toPort: 0, toHost: true };

/** One data packet of flow `flow` from H0 through S to H1, and its ACK arriving back at H0. */
function journey(options: Omit<PacketTraceOptions, "write">, flows = [7]) {
  const chunks: string[] = [];
  const trace = new PacketTrace({ ...options, write: (chunk) => chunks.push(chunk), hostName: (i) => `H${i}` });
  const up = trace.link(hostToSwitch);
  const down = trace.link(switchToHost);
  const back = trace.link({ ...switchToHost, fromPort: 2, to: "H0" });
  const factory = new PacketStore();
  for (const flow of flows) {
    const data: Packet = factory.create({
      kind: PacketKind.Data,
      flow,
      source: 0,
      destination: 1,
      size: 100,
      seq: 4,
      createdAt: 500,
    });
    up.transmit(factory, data, 1000, 1800);
    up.arrive(factory, data, 1100);
    factory.mark(data, 1); // the switch marks it (ECN)
    down.transmit(factory, data, 1200, 2000);
    trace.delivered("H1", factory, data, 1300);
    const ack = factory.create({
      kind: PacketKind.Ack,
      flow,
      source: 1,
      destination: 0,
      size: 20,
      seq: 4,
      createdAt: 1300,
      bits: 2,
    });
    back.arrive(factory, ack, 1500);
    up.credits(2, 0, 1600);
  }
  trace.finish();
  return { text: chunks.join(""), lines: trace.lines, chunks };
}

describe("PacketTrace", () => {
  it("follows a packet: generated, injected, arrived, marked, departed, delivered, its ACK received", () => {
    const { text, lines } = journey({});
    const events = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toBe(7);
    expect(events.map((e) => [e.t, e.ev, e.dev, e.port])).toEqual([
      [0.5, "generated", "H0", 0],
      [1, "injected", "H0", 0],
      [1.1, "arrived", "S", 2],
      [1.2, "marked", "S", 3],
      [1.2, "departed", "S", 3],
      [1.3, "delivered", "H1", 0],
      [1.5, "received", "H0", 0],
    ]);
    expect(events[1]).toMatchObject({ kind: "data", flow: 7, seq: 4, bits: 0, dst: "H1" });
    expect(events[3]).toMatchObject({ bits: 1, added: 1, in: 2 });
    expect(events[4]).toMatchObject({ ev: "departed", in: 2 });
    expect(events[6]).toMatchObject({ kind: "ack", bits: 2 });
  });

  it("keeps only the asked-for events, flows and times; credits and PAUSE only when asked", () => {
    const kinds = journey({ events: ["arrived", "credit"] })
      .text.trim()
      .split("\n");
    expect(kinds.map((line) => JSON.parse(line).ev)).toEqual(["arrived", "credit"]);
    expect(JSON.parse(kinds[1]!)).toMatchObject({ dev: "H0", port: 0, blocks: 2, vl: 0 });
    expect(journey({ flows: [3] }, [3, 7]).lines).toBe(7);
    expect(journey({ from: 1100, to: 1300 }).text).toContain('"ev":"arrived"');
    expect(journey({ from: 1100, to: 1300 }).lines).toBe(3); // arrived, marked, departed
    expect(journey({ events: [...TRACE_EVENTS] }).lines).toBe(8);
  });

  it("writes in chunks of whole lines and keeps little in memory", () => {
    const { chunks } = journey(
      {},
      Array.from({ length: 2000 }, (_, i) => i),
    );
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.endsWith("\n")).toBe(true);
      expect(chunk.length).toBeLessThan(70_000);
    }
  });

  it("hands each line over as it is made with chunkChars 0", () => {
    const { chunks } = journey({ chunkChars: 0 });
    expect(chunks).toHaveLength(7);
    for (const chunk of chunks) expect(chunk.split("\n")).toHaveLength(2);
  });

  it("finds a packet that arrived under a provisional id under its final one (renumber)", () => {
    const chunks: string[] = [];
    const trace = new PacketTrace({ write: (chunk) => chunks.push(chunk) });
    const up = trace.link(hostToSwitch);
    const down = trace.link(switchToHost);
    const store = new PacketStore();
    const packet = store.create({
      kind: PacketKind.Data,
      flow: 1,
      source: 0,
      destination: 1,
      size: 100,
      seq: 0,
      createdAt: 0,
    });
    store.setId(packet, -3); // a split run's provisional id (docs/spec/parallel.md sec. 6)
    up.arrive(store, packet, 1100);
    store.setId(packet, 12);
    trace.renumber((id) => (id === -3 ? 12 : id));
    down.transmit(store, packet, 1200, 2000);
    trace.finish();
    const departed = chunks
      .join("")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .at(-1);
    // Its arrival is found: the input it came from.
    expect(departed).toMatchObject({ ev: "departed", id: 12, in: 2 });
  });
});
