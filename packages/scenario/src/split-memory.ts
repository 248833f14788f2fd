import { RECORD_FLOATS, RECORD_INTS } from "@losslab/core";
import { WindowBarrier } from "./window-barrier.js";

/** Frames or credit returns one part may send another in one window (`FrameRing`). */
const RING_RECORDS = 1 << 14;
/** Packets one part may create in one window (`CreationLog`). */
const LOG_ENTRIES = 1 << 16;

/**
 * The shared memory of a run split over `parts` threads (docs/spec/parallel.md sec. 6):
 * the window barrier, a ring per ordered pair of parts and a creation log per part, each
 * twice, for even and odd windows: a part reads what the others wrote in window w while
 * they write window w + 1, and the barrier at the end of w + 1 keeps w + 2 from starting
 * before it has read. Plain SharedArrayBuffers: it crosses to worker threads as is.
 */
export interface SplitMemory {
  readonly parts: number;
  readonly barrier: SharedArrayBuffer;
  /** `rings[2 * (from * parts + to) + parity]`. */
  readonly rings: readonly SharedArrayBuffer[];
  /** `logs[2 * part + parity]`. */
  readonly logs: readonly SharedArrayBuffer[];
  /**
   * Per part, at each millisecond's end: packets its switches have sent so far and packets
   * waiting in their buffers (two float64 per part, for even and odd windows), for the
   * standstill check (`SimulationPart`).
   */
  readonly movement: SharedArrayBuffer;
}

export function splitMemory(parts: number): SplitMemory {
  const rings: SharedArrayBuffer[] = [];
  for (let index = 0; index < 2 * parts * parts; index++) rings.push(FrameRing.memory());
  const logs: SharedArrayBuffer[] = [];
  for (let index = 0; index < 2 * parts; index++) logs.push(CreationLog.memory());
  const movement = new SharedArrayBuffer(2 * 2 * parts * Float64Array.BYTES_PER_ELEMENT);
  return { parts, barrier: WindowBarrier.memory(), rings, logs, movement };
}

/** The int32 and float64 of a packet record (`PacketStore.copyRecord`). */
const PACKET_INTS = RECORD_INTS;
const PACKET_FLOATS = RECORD_FLOATS;
/** A record's float64: type, link, time, sent at, sender, sequence, credits, the packet's floats. */
const FLOATS = 7 + PACKET_FLOATS;
const HEADER_BYTES = 8;

/**
 * What one part sends another over the links between them in one window: frames (with the
 * packet's record) and credit returns, each with its arrival time and its rank at the sender.
 * One writer, one reader, never at the same time (the barrier is between).
 */
export class FrameRing {
  private readonly count: Int32Array;
  readonly floats: Float64Array;
  readonly ints: Int32Array;

  constructor(memory: SharedArrayBuffer) {
    this.count = new Int32Array(memory, 0, 1);
    this.floats = new Float64Array(memory, HEADER_BYTES, RING_RECORDS * FLOATS);
    this.ints = new Int32Array(memory, HEADER_BYTES + RING_RECORDS * FLOATS * 8, RING_RECORDS * PACKET_INTS);
  }

  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(HEADER_BYTES + RING_RECORDS * (FLOATS * 8 + PACKET_INTS * 4));
  }

  get length(): number {
    return this.count[0]!;
  }

  /** Starts a record; returns its index (its packet's floats at `FLOATS * index + 7`, ints at `PACKET_INTS * index`). */
  add(
    type: number,
    link: number,
    time: number,
    sentAt: number,
    sender: number,
    sequence: number,
    credits: number,
  ): number {
    const index = this.count[0]!;
    if (index === RING_RECORDS) {
      throw new Error(
        `more than ${RING_RECORDS} frames crossed from one part to another in one window: use fewer threads`,
      );
    }
    const at = FLOATS * index;
    const floats = this.floats;
    floats[at] = type;
    floats[at + 1] = link;
    floats[at + 2] = time;
    floats[at + 3] = sentAt;
    floats[at + 4] = sender;
    floats[at + 5] = sequence;
    floats[at + 6] = credits;
    this.count[0] = index + 1;
    return index;
  }

  clear(): void {
    this.count[0] = 0;
  }
}

export const RING_FLOATS = FLOATS;
export const RING_PACKET_INTS = PACKET_INTS;

/** A log entry's float64: time, scheduled at, scheduler, sequence, index within the event. */
const ENTRY = 5;

/**
 * The packets one part created in one window, in the order it created them, each with the
 * rank of the event that created it (and its place among that event's creations) and its
 * slot: at the window's end every part merges the logs into the order of the single run and
 * numbers the packets in it (docs/spec/parallel.md sec. 6).
 */
export class CreationLog {
  private readonly count: Int32Array;
  readonly entries: Float64Array;
  readonly slots: Int32Array;

  constructor(memory: SharedArrayBuffer) {
    this.count = new Int32Array(memory, 0, 1);
    this.entries = new Float64Array(memory, HEADER_BYTES, LOG_ENTRIES * ENTRY);
    this.slots = new Int32Array(memory, HEADER_BYTES + LOG_ENTRIES * ENTRY * 8, LOG_ENTRIES);
  }

  static memory(): SharedArrayBuffer {
    return new SharedArrayBuffer(HEADER_BYTES + LOG_ENTRIES * (ENTRY * 8 + 4));
  }

  get length(): number {
    return this.count[0]!;
  }

  /** Logs a creation; returns its index in this window's log. */
  add(time: number, scheduledAt: number, scheduler: number, sequence: number, slot: number): number {
    const index = this.count[0]!;
    if (index === LOG_ENTRIES) {
      throw new Error(`a part created more than ${LOG_ENTRIES} packets in one window: use fewer threads`);
    }
    const entries = this.entries;
    const at = ENTRY * index;
    let within = 0;
    if (index > 0) {
      const last = at - ENTRY;
      const same =
        entries[last] === time &&
        entries[last + 1] === scheduledAt &&
        entries[last + 2] === scheduler &&
        entries[last + 3] === sequence;
      if (same) within = entries[last + 4]! + 1;
    }
    entries[at] = time;
    entries[at + 1] = scheduledAt;
    entries[at + 2] = scheduler;
    entries[at + 3] = sequence;
    entries[at + 4] = within;
    this.slots[index] = slot;
    this.count[0] = index + 1;
    return index;
  }

  clear(): void {
    this.count[0] = 0;
  }

  /** Whether entry `a` of this log comes before entry `b` of `other` in the single run's order. */
  before(a: number, other: CreationLog, b: number): boolean {
    const x = this.entries;
    const y = other.entries;
    let i = ENTRY * a;
    let j = ENTRY * b;
    for (let field = 0; field < ENTRY; field++, i++, j++) {
      if (x[i] !== y[j]) return x[i]! < y[j]!;
    }
    return false;
  }
}
