/** Packets and their factory: fixed shape, numbered per simulation, congestion bits as a set. */
import { describe, expect, it } from "vitest";
import { CongestionBit, LosslessViolation, PacketKind, PacketStore, TransportFlag } from "../src/index.js";

describe("PacketStore", () => {
  /** A small data packet's fields, for the tests that only need some packet. */
  const dataFields = { kind: PacketKind.Data, flow: 5, source: 0, destination: 1, size: 64, seq: 3, createdAt: 0 };

  it("numbers packets from 0 and fills the defaults", () => {
    const factory = new PacketStore();
    const packet = factory.create({
      kind: PacketKind.Data,
      flow: 3,
      source: 0,
      destination: 5,
      size: 2068,
      seq: 7,
      createdAt: 1_000,
    });
    expect(factory.record(packet)).toEqual({
      id: 0,
      kind: PacketKind.Data,
      flow: 3,
      source: 0,
      destination: 5,
      size: 2068,
      seq: 7,
      vl: 0,
      createdAt: 1_000,
      injectedAt: -1,
      bits: 0,
      covers: 1,
      feedback: 0,
      transport: 0,
      echoedSendTime: -1,
      telemetry: null,
    });
    const ack = factory.create({
      kind: PacketKind.Ack,
      flow: 3,
      source: 5,
      destination: 0,
      size: 20,
      seq: 7,
      vl: 2,
      createdAt: 2_000,
      bits: CongestionBit.Ecn | CongestionBit.Becn,
      covers: 4,
    });
    expect([factory.id(ack), factory.vl(ack), factory.bits(ack), factory.covers(ack)]).toEqual([1, 2, 3, 4]);
    expect(factory.created).toBe(2);
  });

  it("an ACK carries the send time and INT records it is given to echo; other packets carry -1 and null", () => {
    const factory = new PacketStore();
    const data = factory.create({
      kind: PacketKind.Data,
      flow: 0,
      source: 0,
      destination: 1,
      size: 64,
      seq: 0,
      createdAt: 0,
      telemetry: [],
    });
    factory.setInjectedAt(data, 5_000);
    factory.telemetry(data)!.push({ queueLength: 128, txBytes: 4096, timestamp: 6_000, bandwidth: 1.25e9 });
    const ack = factory.create({
      kind: PacketKind.Ack,
      flow: 0,
      source: 1,
      destination: 0,
      size: 20,
      seq: 0,
      createdAt: 9_000,
      echoedSendTime: factory.injectedAt(data),
      telemetry: factory.telemetry(data),
    });
    expect(factory.echoedSendTime(ack)).toBe(5_000);
    expect(factory.telemetry(ack)).toEqual([{ queueLength: 128, txBytes: 4096, timestamp: 6_000, bandwidth: 1.25e9 }]);
    expect(factory.echoedSendTime(data)).toBe(-1);
    const plain = factory.create({
      kind: PacketKind.Ack,
      flow: 0,
      source: 1,
      destination: 0,
      size: 20,
      seq: 0,
      createdAt: 0,
    });
    expect([factory.echoedSendTime(plain), factory.telemetry(plain)]).toEqual([-1, null]);
  });

  it("leaves a released packet alone by default, for observers that keep packets", () => {
    const factory = new PacketStore();
    const packet = factory.create(dataFields);
    factory.release(packet);
    expect([factory.id(packet), factory.flow(packet), factory.size(packet)]).toEqual([0, 5, 64]);
    expect(factory.create(dataFields)).not.toBe(packet);
  });

  it('with released "reuse" hands a released packet out again under a new id, every field written afresh', () => {
    const factory = new PacketStore({ released: "reuse" });
    const data = factory.create({
      kind: PacketKind.Data,
      flow: 1,
      source: 2,
      destination: 3,
      size: 2048,
      seq: 9,
      vl: 1,
      createdAt: 100,
      bits: CongestionBit.Ecn,
      transport: TransportFlag.AckRequest,
      telemetry: [],
    });
    factory.setInjectedAt(data, 150);
    factory.release(data);
    const ack = factory.create({
      kind: PacketKind.Ack,
      flow: 4,
      source: 3,
      destination: 2,
      size: 20,
      seq: 8,
      createdAt: 300,
    });
    expect(ack).toBe(data); // the same slot, recycled
    expect(factory.record(ack)).toEqual({
      id: 1,
      kind: PacketKind.Ack,
      flow: 4,
      source: 3,
      destination: 2,
      size: 20,
      seq: 8,
      vl: 0,
      createdAt: 300,
      injectedAt: -1,
      bits: 0,
      covers: 1,
      feedback: 0,
      transport: 0,
      echoedSendTime: -1,
      telemetry: null,
    });
    expect(factory.created).toBe(2);
  });

  it("refuses to release a packet twice: two live packets would share one slot", () => {
    for (const released of ["keep", "reuse", "poison"] as const) {
      const factory = new PacketStore({ released });
      const packet = factory.create(dataFields);
      factory.release(packet);
      expect(() => factory.release(packet)).toThrow(/released twice/);
    }
  });

  it('with released "poison" spoils a released packet and never reuses it', () => {
    const factory = new PacketStore({ released: "poison" });
    const packet = factory.create(dataFields);
    factory.release(packet);
    expect([
      factory.id(packet),
      factory.flow(packet),
      factory.source(packet),
      factory.destination(packet),
      factory.seq(packet),
    ]).toEqual([-1, -1, -1, -1, -1]);
    expect(factory.size(packet)).toBe(-1);
    expect(factory.createdAt(packet)).toBeNaN();
    expect(factory.create(dataFields)).not.toBe(packet);
  });

  it("keeps one counter per factory: two simulations do not share ids", () => {
    const a = new PacketStore();
    const b = new PacketStore();
    const fields = { kind: PacketKind.Data, flow: 0, source: 0, destination: 1, size: 64, seq: 0, createdAt: 0 };
    a.create(fields);
    a.create(fields);
    expect(b.id(b.create(fields))).toBe(0);
    expect(a.id(a.create(fields))).toBe(2);
  });
});

describe("PacketStore.copy", () => {
  const fields = { kind: PacketKind.Data, flow: 5, source: 0, destination: 1, size: 4150, seq: 3, createdAt: 7 };

  it("makes a live packet in another slot with the same record, id included, which changes apart", () => {
    const store = new PacketStore({ released: "reuse" });
    const packet = store.create(fields);
    const copy = store.copy(packet);
    expect(copy).not.toBe(packet);
    expect(store.record(copy)).toEqual(store.record(packet));
    expect(store.live).toBe(2);
    expect(store.created).toBe(1); // a copy is no new packet
    store.trim(copy, 64);
    expect([store.size(packet), store.size(copy)]).toEqual([4150, 64]);
    store.release(packet);
    expect(store.size(copy)).toBe(64);
  });

  it("gives a copy of a packet whose id is provisional its final id with numberCopies", () => {
    // A part of a split run: provisional ids are negative, made final at the window's end.
    const store = new PacketStore({ ids: () => -3 });
    const packet = store.create(fields);
    const copy = store.copy(packet);
    const released = store.copy(packet);
    store.release(released);
    store.numberCopies((id) => (id === -3 ? 42 : Number.NaN));
    expect([store.id(packet), store.id(copy)]).toEqual([-3, 42]); // the original is the creation log's
    expect(store.id(released)).toBe(-3); // kept, not live: left alone
    store.setId(packet, 42);
    store.numberCopies(() => Number.NaN); // each copy once, and a copy of a final id is final
    expect([store.id(copy), store.id(store.copy(packet))]).toEqual([42, 42]);
  });
});

describe("PacketStore slots", () => {
  const fields = { kind: PacketKind.Data, flow: 1, source: 0, destination: 1, size: 64, seq: 0, createdAt: 0 };

  it("doubles its arrays when full, each slot keeping its number and fields", () => {
    const store = new PacketStore({ slots: 2 });
    const made = Array.from({ length: 5 }, (_, seq) => store.create({ ...fields, seq, createdAt: seq * 1e12 }));
    expect(made).toEqual([0, 1, 2, 3, 4]);
    expect(store.capacity).toBe(8);
    expect(made.map((packet) => [store.seq(packet), store.createdAt(packet)])).toEqual(
      [0, 1, 2, 3, 4].map((seq) => [seq, seq * 1e12]),
    );
  });

  it('recycles the last released slot first ("reuse"), counting live packets', () => {
    const store = new PacketStore({ released: "reuse" });
    const [a, b, c] = [store.create(fields), store.create(fields), store.create(fields)];
    store.release(a);
    store.release(c);
    expect(store.live).toBe(1);
    expect([store.create(fields), store.create(fields), store.create(fields)]).toEqual([c, a, 3]);
    expect(store.id(b)).toBe(1);
    expect(store.created).toBe(6);
  });

  it("keeps INT lists in a side table: a recycled slot starts without one", () => {
    const store = new PacketStore({ released: "reuse" });
    const data = store.create({ ...fields, telemetry: [] });
    store.telemetry(data)!.push({ queueLength: 1, txBytes: 2, timestamp: 3, bandwidth: 4 });
    store.release(data);
    const next = store.create(fields);
    expect(next).toBe(data);
    expect(store.telemetry(next)).toBeNull();
  });
});

describe("PacketReader helpers", () => {
  const factory = new PacketStore();
  const make = (kind: PacketKind, bits = 0) =>
    factory.create({ kind, flow: 0, source: 0, destination: 1, size: 20, seq: 0, createdAt: 0, bits });

  it("isData tells data from ACKs and CNPs", () => {
    expect(factory.isData(make(PacketKind.Data))).toBe(true);
    expect(factory.isData(make(PacketKind.Ack))).toBe(false);
    expect(factory.isData(make(PacketKind.Cnp))).toBe(false);
    expect(factory.isData(make(PacketKind.Pause))).toBe(false);
  });

  it("hasBit reads one congestion bit of the set", () => {
    const packet = make(PacketKind.Data, CongestionBit.Marked | CongestionBit.Validated);
    expect(factory.hasBit(packet, CongestionBit.Marked)).toBe(true);
    expect(factory.hasBit(packet, CongestionBit.Validated)).toBe(true);
    expect(factory.hasBit(packet, CongestionBit.Ecn)).toBe(false);
    factory.mark(packet, CongestionBit.Ecn);
    expect(factory.hasBit(packet, CongestionBit.Ecn)).toBe(true);
  });

  it("congestion bits and transport flags are distinct powers of two; packet kinds are distinct", () => {
    const bits = Object.values(CongestionBit);
    expect(bits).toEqual([1, 2, 4, 8]);
    expect(Object.values(TransportFlag)).toEqual([1, 2, 4, 8, 16]);
    const kinds = Object.values(PacketKind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});

describe("LosslessViolation", () => {
  it("is an Error with its own name", () => {
    const error = new LosslessViolation("S input 0: packet 9 would be dropped");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("LosslessViolation");
    expect(error.message).toBe("S input 0: packet 9 would be dropped");
  });
});
