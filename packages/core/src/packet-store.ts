import type { Time } from "@losslab/engine";
import type { IntRecord } from "./int-record.js";
import { type Packet, type PacketFields, PacketKind, type PacketRecord, TransportFlag } from "./packet.js";
import type { PacketReader } from "./packet-reader.js";

/** What `PacketStore.release` does with a packet its receiver has consumed. */
export type ReleasedPackets =
  /** Nothing: the packet stays as it is and its slot is never reused, for observers that keep packets (the default). */
  | "keep"
  /** Recycles its slot: a later `create` reuses it for a packet with a new id (runScenario's choice). */
  | "reuse"
  /**
   * Spoils it (`id`, `flow`, `source`, `destination`, `seq`, `size` -1, times NaN) and never
   * reuses the slot: a run that gets the same results so proves that nothing reads a packet
   * after its release.
   */
  | "poison";

// The record of a slot: 16 int32 (one 64 B cache line) and 4 float64.
const INTS = 16;
const KIND = 0;
const FLOW = 1;
const SOURCE = 2;
const DESTINATION = 3;
const SIZE = 4;
const SEQ = 5;
const VL = 6;
const BITS = 7;
const COVERS = 8;
const FEEDBACK = 9;
const TRANSPORT = 10;
/** 1 while the slot holds a live packet; 0 once released. */
const LIVE = 11;
/** A per-packet routing decision a switch records (the Dragonfly's intermediate group); 0 when none. */
const ROUTE = 12;
/** The VL a switch chose for the packet's next link, where VLs change per hop (the Dragonfly's hop classes). */
const NEXT_VL = 13;
/** The entropy value the source stamped for multipath (UEC's EV, docs/spec/uec.md sec. 4); -1 when none. */
const ENTROPY = 14;
const FLOATS = 4;
const ID = 0;
const CREATED_AT = 1;
const INJECTED_AT = 2;
const ECHOED_SEND_TIME = 3;

const INITIAL_SLOTS = 256;
/** The int32 and float64 of a packet's record (`PacketStore.copyRecord`). */
export const RECORD_INTS = INTS;
export const RECORD_FLOATS = FLOATS;

/**
 * The packets of one simulation, as records in typed arrays: one slot per packet, recycled
 * (htsim keeps its packets in a pool; STYLE.md "Hot data is flat"). A slot's record is one
 * cache line of int32 fields (kind, flow, source, destination, size, seq, VL, bits, covers,
 * feedback, transport) and four float64 (id, creation, injection and echoed send times, which
 * outgrow 32 bits); INT records, which few runs ask for, sit in a side table. The arrays
 * double when full; released slots go on a free list ("reuse").
 *
 * Ids are a counter of their own, so a run numbers its packets the same whatever slots they
 * get. One store per simulation: no global state, two simulations may run side by side.
 *
 * The owners of a packet (the adapter that made it, the switch that made a control frame, the
 * device that consumes it) use the writes here (`create`, `release`, `setInjectedAt`,
 * `setTelemetry`); everyone else gets it as a `PacketReader`.
 */
export class PacketStore implements PacketReader {
  private nextId = 0;
  private ints: Int32Array;
  private floats: Float64Array;
  /** INT lists by slot; empty until a packet carries one. */
  private telemetryLists: (IntRecord[] | null)[] = [];
  private withTelemetry = 0;
  /** Slots never used so far begin here. */
  private fresh = 0;
  private free: Int32Array;
  private freeCount = 0;
  private liveCount = 0;
  private readonly released: ReleasedPackets;
  /** Slots of copies (`copy`) of packets whose id was provisional, for `numberCopies`. */
  private readonly provisionalCopies: Packet[] = [];
  /** Numbers new packets instead of the counter, in a part of a split run (see the constructor). */
  private readonly ids: ((packet: Packet) => number) | undefined;

  /**
   * `ids`: where a new packet's id comes from instead of the store's counter. A part of a run
   * split over threads numbers its packets provisionally and renumbers them at the window's
   * end (`setId`), in the order the single run would have created them (docs/spec/parallel.md sec. 6).
   */
  constructor(options: { released?: ReleasedPackets; slots?: number; ids?: (packet: Packet) => number } = {}) {
    this.released = options.released ?? "keep";
    this.ids = options.ids;
    const slots = Math.max(1, options.slots ?? INITIAL_SLOTS);
    this.ints = new Int32Array(slots * INTS);
    this.floats = new Float64Array(slots * FLOATS);
    this.free = new Int32Array(slots);
  }

  /** Packets created so far. */
  get created(): number {
    return this.nextId;
  }

  /** Packets created and not yet released. */
  get live(): number {
    return this.liveCount;
  }

  /** Slots the arrays hold now (they double when full). */
  get capacity(): number {
    return this.free.length;
  }

  /** A new packet with the next id, in a recycled slot if one is free. */
  create(fields: PacketFields): Packet {
    const packet = this.freeCount > 0 ? this.free[--this.freeCount]! : this.freshSlot();
    const i = packet * INTS;
    const ints = this.ints;
    ints[i + KIND] = fields.kind;
    ints[i + FLOW] = fields.flow;
    ints[i + SOURCE] = fields.source;
    ints[i + DESTINATION] = fields.destination;
    ints[i + SIZE] = fields.size;
    ints[i + SEQ] = fields.seq;
    ints[i + VL] = fields.vl ?? 0;
    ints[i + BITS] = fields.bits ?? 0;
    ints[i + COVERS] = fields.covers ?? 1;
    ints[i + FEEDBACK] = fields.feedback ?? 0;
    ints[i + TRANSPORT] = fields.transport ?? 0;
    ints[i + LIVE] = 1;
    ints[i + ROUTE] = 0;
    ints[i + NEXT_VL] = 0;
    ints[i + ENTROPY] = fields.entropy ?? -1;
    const f = packet * FLOATS;
    const floats = this.floats;
    floats[f + ID] = this.ids === undefined ? this.nextId : this.ids(packet);
    this.nextId++;
    floats[f + CREATED_AT] = fields.createdAt;
    floats[f + INJECTED_AT] = -1;
    floats[f + ECHOED_SEND_TIME] = fields.echoedSendTime ?? -1;
    const telemetry = fields.telemetry ?? null;
    if (telemetry !== null) this.setTelemetry(packet, telemetry);
    this.liveCount++;
    return packet;
  }

  /**
   * Takes back a packet its receiver has consumed (see `ReleasedPackets`). Throws if it is
   * released twice (two live packets would share one slot).
   */
  release(packet: Packet): void {
    const i = packet * INTS;
    if (this.ints[i + LIVE] !== 1) {
      throw new Error(`packet released twice (kind ${this.ints[i + KIND]}, flow ${this.ints[i + FLOW]})`);
    }
    this.ints[i + LIVE] = 0;
    this.liveCount--;
    if (this.released === "keep") return;
    if (this.telemetryLists[packet] != null) this.setTelemetry(packet, null); // the next owner gets its own
    if (this.released === "reuse") {
      this.free[this.freeCount++] = packet;
      return;
    }
    const f = packet * FLOATS;
    this.floats[f + ID] = -1;
    this.ints[i + FLOW] = -1;
    this.ints[i + SOURCE] = -1;
    this.ints[i + DESTINATION] = -1;
    this.ints[i + SEQ] = -1;
    this.ints[i + SIZE] = -1;
    this.floats[f + CREATED_AT] = Number.NaN;
    this.floats[f + INJECTED_AT] = Number.NaN;
    this.floats[f + ECHOED_SEND_TIME] = Number.NaN;
  }

  // --- PacketReader ----------------------------------------------------------------------

  id(packet: Packet): number {
    return this.floats[packet * FLOATS + ID]!;
  }

  kind(packet: Packet): PacketKind {
    return this.ints[packet * INTS + KIND]! as PacketKind;
  }

  flow(packet: Packet): number {
    return this.ints[packet * INTS + FLOW]!;
  }

  source(packet: Packet): number {
    return this.ints[packet * INTS + SOURCE]!;
  }

  destination(packet: Packet): number {
    return this.ints[packet * INTS + DESTINATION]!;
  }

  size(packet: Packet): number {
    return this.ints[packet * INTS + SIZE]!;
  }

  seq(packet: Packet): number {
    return this.ints[packet * INTS + SEQ]!;
  }

  vl(packet: Packet): number {
    return this.ints[packet * INTS + VL]!;
  }

  createdAt(packet: Packet): Time {
    return this.floats[packet * FLOATS + CREATED_AT]!;
  }

  injectedAt(packet: Packet): Time {
    return this.floats[packet * FLOATS + INJECTED_AT]!;
  }

  bits(packet: Packet): number {
    return this.ints[packet * INTS + BITS]!;
  }

  hasBit(packet: Packet, bit: number): boolean {
    return (this.ints[packet * INTS + BITS]! & bit) !== 0;
  }

  isData(packet: Packet): boolean {
    return this.ints[packet * INTS + KIND] === PacketKind.Data;
  }

  covers(packet: Packet): number {
    return this.ints[packet * INTS + COVERS]!;
  }

  feedback(packet: Packet): number {
    return this.ints[packet * INTS + FEEDBACK]!;
  }

  transport(packet: Packet): number {
    return this.ints[packet * INTS + TRANSPORT]!;
  }

  entropy(packet: Packet): number {
    return this.ints[packet * INTS + ENTROPY]!;
  }

  /** Stamps the entropy value a source chose for `packet` (its owner, before sending it). */
  setEntropy(packet: Packet, entropy: number): void {
    this.ints[packet * INTS + ENTROPY] = entropy;
  }

  echoedSendTime(packet: Packet): Time {
    return this.floats[packet * FLOATS + ECHOED_SEND_TIME]!;
  }

  telemetry(packet: Packet): IntRecord[] | null {
    return this.withTelemetry === 0 ? null : (this.telemetryLists[packet] ?? null);
  }

  mark(packet: Packet, bits: number): void {
    this.ints[packet * INTS + BITS]! |= bits;
  }

  record(packet: Packet): PacketRecord {
    const telemetry = this.telemetry(packet);
    return {
      id: this.id(packet),
      kind: this.kind(packet),
      flow: this.flow(packet),
      source: this.source(packet),
      destination: this.destination(packet),
      size: this.size(packet),
      seq: this.seq(packet),
      vl: this.vl(packet),
      createdAt: this.createdAt(packet),
      injectedAt: this.injectedAt(packet),
      bits: this.bits(packet),
      covers: this.covers(packet),
      feedback: this.feedback(packet),
      transport: this.transport(packet),
      echoedSendTime: this.echoedSendTime(packet),
      telemetry: telemetry === null ? null : [...telemetry],
    };
  }

  /** The routing decision a switch recorded in the packet (`setRoute`); 0 when none. */
  route(packet: Packet): number {
    return this.ints[packet * INTS + ROUTE]!;
  }

  /** The VL the switch holding the packet chose for its next link (`setNextVl`). */
  nextVl(packet: Packet): number {
    return this.ints[packet * INTS + NEXT_VL]!;
  }

  // --- the owners' writes ----------------------------------------------------------------

  /**
   * A switch's routing records a decision for the switches after it (a Valiant detour's
   * intermediate group, Kim et al. ISCA 2008 sec. 4), as a packet header's routing field would.
   */
  setRoute(packet: Packet, route: number): void {
    this.ints[packet * INTS + ROUTE] = route;
  }

  /** A switch that changes VLs per hop: the VL the packet will take on its next link. */
  setNextVl(packet: Packet, vl: number): void {
    this.ints[packet * INTS + NEXT_VL] = vl;
  }

  /** A switch that changes VLs per hop: the packet starts on its next link, on that link's VL. */
  setVl(packet: Packet, vl: number): void {
    this.ints[packet * INTS + VL] = vl;
  }

  /**
   * A switch on a lossy priority trims the packet: its payload is cut, `headerBytes` stay on
   * the wire and it carries `TransportFlag.Trimmed` (flow, sequence and marks kept), and
   * `TransportFlag.TrimmedLastHop` when `lastHop` (the switch's egress leads to its destination).
   */
  trim(packet: Packet, headerBytes: number, lastHop = false): void {
    this.ints[packet * INTS + SIZE] = headerBytes;
    this.ints[packet * INTS + TRANSPORT]! |= lastHop
      ? TransportFlag.Trimmed | TransportFlag.TrimmedLastHop
      : TransportFlag.Trimmed;
  }

  /** The source adapter: the packet's first byte leaves now. */
  setInjectedAt(packet: Packet, time: Time): void {
    this.floats[packet * FLOATS + INJECTED_AT] = time;
  }

  /** Gives the packet its INT list (null: none). */
  setTelemetry(packet: Packet, records: IntRecord[] | null): void {
    const lists = this.telemetryLists;
    while (lists.length <= packet) lists.push(null);
    const had = lists[packet] != null;
    lists[packet] = records;
    this.withTelemetry += (records !== null ? 1 : 0) - (had ? 1 : 0);
  }

  /** Gives a live packet its final id (a split run's renumbering, see the constructor). */
  setId(packet: Packet, id: number): void {
    this.floats[packet * FLOATS + ID] = id;
  }

  /**
   * Copies `packet`'s record into `ints` (RECORD_INTS int32 from `intAt`) and `floats`
   * (RECORD_FLOATS float64 from `floatAt`), for another store to `createCopy`: how a packet
   * crosses to another thread. Its INT list (`telemetry`), a list of objects, is not in the
   * record: the caller carries it and gives the copy its own (`setTelemetry`).
   */
  copyRecord(packet: Packet, ints: Int32Array, intAt: number, floats: Float64Array, floatAt: number): void {
    // Element by element: a subarray per frame would be an allocation per frame.
    const ownInts = this.ints;
    const ownFloats = this.floats;
    for (let field = 0, at = packet * INTS; field < INTS; field++) ints[intAt + field] = ownInts[at + field]!;
    for (let field = 0, at = packet * FLOATS; field < FLOATS; field++) floats[floatAt + field] = ownFloats[at + field]!;
  }

  /**
   * A live packet in a new slot with `packet`'s record, id and INT list included: a switch that
   * changes a packet its sender is still sending changes its own copy (the sender's bytes are
   * not its to cut). In a part of a split run, a copy of a packet whose id is still provisional
   * (negative) gets its final id with the window's packets (`numberCopies`).
   */
  copy(packet: Packet): Packet {
    const slot = this.freeCount > 0 ? this.free[--this.freeCount]! : this.freshSlot();
    this.ints.copyWithin(slot * INTS, packet * INTS, (packet + 1) * INTS);
    this.floats.copyWithin(slot * FLOATS, packet * FLOATS, (packet + 1) * FLOATS);
    const telemetry = this.telemetry(packet);
    if (telemetry !== null) this.setTelemetry(slot, [...telemetry]);
    if (this.floats[slot * FLOATS + ID]! < 0) this.provisionalCopies.push(slot);
    this.liveCount++;
    return slot;
  }

  /**
   * Gives the copies made since the last call of packets whose id was provisional their final
   * ids (`final`: a split run's numbering of the window, docs/spec/parallel.md sec. 6), where
   * the slot still holds that copy.
   */
  numberCopies(final: (id: number) => number): void {
    for (const slot of this.provisionalCopies) {
      const id = this.floats[slot * FLOATS + ID]!;
      if (this.ints[slot * INTS + LIVE] === 1 && id < 0) this.floats[slot * FLOATS + ID] = final(id);
    }
    this.provisionalCopies.length = 0;
  }

  /** A live packet in this store with the record `copyRecord` wrote, id included (no INT list). */
  createCopy(ints: Int32Array, intAt: number, floats: Float64Array, floatAt: number): Packet {
    const packet = this.freeCount > 0 ? this.free[--this.freeCount]! : this.freshSlot();
    const ownInts = this.ints;
    const ownFloats = this.floats;
    for (let field = 0, at = packet * INTS; field < INTS; field++) ownInts[at + field] = ints[intAt + field]!;
    for (let field = 0, at = packet * FLOATS; field < FLOATS; field++) ownFloats[at + field] = floats[floatAt + field]!;
    this.ints[packet * INTS + LIVE] = 1;
    this.liveCount++;
    return packet;
  }

  private freshSlot(): Packet {
    if (this.fresh === this.free.length) this.grow();
    return this.fresh++;
  }

  /** Doubles the arrays; slots keep their numbers. */
  private grow(): void {
    const slots = this.free.length * 2;
    const ints = new Int32Array(slots * INTS);
    ints.set(this.ints);
    this.ints = ints;
    const floats = new Float64Array(slots * FLOATS);
    floats.set(this.floats);
    this.floats = floats;
    const free = new Int32Array(slots);
    free.set(this.free);
    this.free = free;
  }
}
