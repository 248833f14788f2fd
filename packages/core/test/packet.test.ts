/** Packets and their factory: fixed shape, numbered per simulation, congestion bits as a set. */
import { describe, expect, it } from "vitest";
import {
  CongestionBit,
  hasBit,
  isData,
  LosslessViolation,
  PacketFactory,
  PacketKind,
  TransportFlag,
} from "../src/index.js";

describe("PacketFactory", () => {
  /** A small data packet's fields, for the tests that only need some packet. */
  const dataFields = { kind: PacketKind.Data, flow: 5, source: 0, destination: 1, size: 64, seq: 3, createdAt: 0 };

  it("numbers packets from 0 and fills the defaults", () => {
    const factory = new PacketFactory();
    const packet = factory.create({
      kind: PacketKind.Data,
      flow: 3,
      source: 0,
      destination: 5,
      size: 2068,
      seq: 7,
      createdAt: 1_000,
    });
    expect(packet).toEqual({
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
    expect([ack.id, ack.vl, ack.bits, ack.covers]).toEqual([1, 2, 3, 4]);
    expect(factory.created).toBe(2);
  });

  it("an ACK carries the send time and INT records it is given to echo; other packets carry -1 and null", () => {
    const factory = new PacketFactory();
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
    data.injectedAt = 5_000;
    data.telemetry!.push({ queueLength: 128, txBytes: 4096, timestamp: 6_000, bandwidth: 1.25e9 });
    const ack = factory.create({
      kind: PacketKind.Ack,
      flow: 0,
      source: 1,
      destination: 0,
      size: 20,
      seq: 0,
      createdAt: 9_000,
      echoedSendTime: data.injectedAt,
      telemetry: data.telemetry,
    });
    expect(ack.echoedSendTime).toBe(5_000);
    expect(ack.telemetry).toEqual([{ queueLength: 128, txBytes: 4096, timestamp: 6_000, bandwidth: 1.25e9 }]);
    expect(data.echoedSendTime).toBe(-1);
    const plain = factory.create({
      kind: PacketKind.Ack,
      flow: 0,
      source: 1,
      destination: 0,
      size: 20,
      seq: 0,
      createdAt: 0,
    });
    expect([plain.echoedSendTime, plain.telemetry]).toEqual([-1, null]);
  });

  it("leaves a released packet alone by default, for observers that keep packets", () => {
    const factory = new PacketFactory();
    const packet = factory.create(dataFields);
    factory.release(packet);
    expect([packet.id, packet.flow, packet.size]).toEqual([0, 5, 64]);
    expect(factory.create(dataFields)).not.toBe(packet);
  });

  it('with released "reuse" hands a released packet out again under a new id, every field written afresh', () => {
    const factory = new PacketFactory({ released: "reuse" });
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
    data.injectedAt = 150;
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
    expect(ack).toBe(data); // the same object, recycled
    expect(ack).toEqual({
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

  it("refuses to release a packet twice: two live packets would share one object", () => {
    for (const released of ["reuse", "poison"] as const) {
      const factory = new PacketFactory({ released });
      const packet = factory.create(dataFields);
      factory.release(packet);
      expect(() => factory.release(packet)).toThrow(/released twice/);
    }
  });

  it('with released "poison" spoils a released packet and never reuses it', () => {
    const factory = new PacketFactory({ released: "poison" });
    const packet = factory.create(dataFields);
    factory.release(packet);
    expect([packet.id, packet.flow, packet.source, packet.destination, packet.seq]).toEqual([-1, -1, -1, -1, -1]);
    expect(packet.size).toBeNaN();
    expect(factory.create(dataFields)).not.toBe(packet);
  });

  it("keeps one counter per factory: two simulations do not share ids", () => {
    const a = new PacketFactory();
    const b = new PacketFactory();
    const fields = { kind: PacketKind.Data, flow: 0, source: 0, destination: 1, size: 64, seq: 0, createdAt: 0 };
    a.create(fields);
    a.create(fields);
    expect(b.create(fields).id).toBe(0);
    expect(a.create(fields).id).toBe(2);
  });
});

describe("packet helpers", () => {
  const factory = new PacketFactory();
  const make = (kind: PacketKind, bits = 0) =>
    factory.create({ kind, flow: 0, source: 0, destination: 1, size: 20, seq: 0, createdAt: 0, bits });

  it("isData tells data from ACKs and CNPs", () => {
    expect(isData(make(PacketKind.Data))).toBe(true);
    expect(isData(make(PacketKind.Ack))).toBe(false);
    expect(isData(make(PacketKind.Cnp))).toBe(false);
    expect(isData(make(PacketKind.Pause))).toBe(false);
  });

  it("hasBit reads one congestion bit of the set", () => {
    const packet = make(PacketKind.Data, CongestionBit.Marked | CongestionBit.Validated);
    expect(hasBit(packet, CongestionBit.Marked)).toBe(true);
    expect(hasBit(packet, CongestionBit.Validated)).toBe(true);
    expect(hasBit(packet, CongestionBit.Ecn)).toBe(false);
    packet.bits |= CongestionBit.Ecn;
    expect(hasBit(packet, CongestionBit.Ecn)).toBe(true);
  });

  it("congestion bits and transport flags are distinct powers of two; packet kinds are distinct", () => {
    const bits = Object.values(CongestionBit);
    expect(bits).toEqual([1, 2, 4, 8]);
    expect(Object.values(TransportFlag)).toEqual([1, 2, 4]);
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
