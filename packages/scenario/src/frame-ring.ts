import { RECORD_FLOATS, RECORD_INTS } from "@losslab/core";
import { RingTelemetry } from "./ring-telemetry.js";

/** Frames or credit returns one part may send another in one window. */
const RING_RECORDS = 1 << 14;
/** The record count and the telemetry area's float64 used (int32 each), before the float64 records. */
const HEADER_BYTES = 8;
/**
 * INT records a ring's telemetry area holds per frame it holds, on average: more than a
 * packet gathers on any path of the fat trees (5 switches) or of minimal and Valiant routes
 * in a Dragonfly (6), and every frame of a window need not be one that carries them.
 */
const TELEMETRY_RECORDS_PER_FRAME = 8;

/** The int32 and float64 of a packet record (`PacketStore.copyRecord`). */
const PACKET_INTS = RECORD_INTS;
const PACKET_FLOATS = RECORD_FLOATS;
/**
 * A record's float64: type, link, time, sent at, sender, sequence, credits (of a credit
 * return; of a frame, 1 when its INT list follows in the ring's `telemetry`, else 0), the
 * packet's floats.
 */
const FLOATS = 7 + PACKET_FLOATS;

/** The bytes of a ring without a telemetry area. */
const RING_BYTES = HEADER_BYTES + RING_RECORDS * (FLOATS * 8 + PACKET_INTS * 4);

/**
 * What one part sends another over the links between them in one window: frames (with the
 * packet's record, and its INT list in `telemetry` in runs whose packets carry one) and
 * credit returns, each with its arrival time and its rank at the sender. One writer, one
 * reader, never at the same time (the barrier is between).
 */
export class FrameRing {
  private readonly count: Int32Array;
  readonly floats: Float64Array;
  readonly ints: Int32Array;
  /** The frames' INT lists; undefined in a ring made without (`memory(false)`). */
  readonly telemetry: RingTelemetry | undefined;

  constructor(memory: SharedArrayBuffer) {
    this.count = new Int32Array(memory, 0, 1);
    this.floats = new Float64Array(memory, HEADER_BYTES, RING_RECORDS * FLOATS);
    this.ints = new Int32Array(memory, HEADER_BYTES + RING_RECORDS * FLOATS * 8, RING_RECORDS * PACKET_INTS);
    this.telemetry =
      memory.byteLength === RING_BYTES
        ? undefined
        : new RingTelemetry(new Int32Array(memory, 4, 1), new Float64Array(memory, RING_BYTES));
  }

  /** A ring's memory; with `telemetry`, room for the INT lists of its frames (HPCC). */
  static memory(telemetry: boolean): SharedArrayBuffer {
    const area = telemetry ? RingTelemetry.floatsFor(RING_RECORDS, RING_RECORDS * TELEMETRY_RECORDS_PER_FRAME) : 0;
    return new SharedArrayBuffer(RING_BYTES + area * 8);
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
    this.telemetry?.clear();
  }
}

export const RING_FLOATS = FLOATS;
export const RING_PACKET_INTS = PACKET_INTS;
