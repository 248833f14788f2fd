import type { IntRecord } from "@losslab/core";

/** The float64 of one INT record: qLen, txBytes, ts, B (`IntRecord`, HPCC sec. 3). */
const RECORD = 4;

/**
 * The INT records (HPCC's in-band telemetry, Li et al., SIGCOMM 2019, sec. 3) of the frames
 * one part sends another in one window: a side area of their `FrameRing`, since a frame's
 * records are a list of its own length (one per switch egress it left so far; an ACK echoes
 * its data packet's), which the ring's fixed records cannot hold. Each list is its length
 * then its records, in the order of the ring's frames, so the reader walks the area from
 * its start as it reads the frames. A ring has one only in runs whose packets carry INT.
 */
export class RingTelemetry {
  /** Float64 written so far this window: the ring's second header int32. */
  private readonly used: Int32Array;
  private readonly floats: Float64Array;
  private readAt = 0;

  constructor(used: Int32Array, floats: Float64Array) {
    this.used = used;
    this.floats = floats;
  }

  /** The float64 an area must have for `records` INT records of `frames` frames. */
  static floatsFor(frames: number, records: number): number {
    return frames + RECORD * records;
  }

  /** Appends `records`, the INT list of the frame the ring has just taken. */
  write(records: readonly IntRecord[]): void {
    const floats = this.floats;
    let at = this.used[0]!;
    if (at + 1 + RECORD * records.length > floats.length) {
      throw new Error(
        `more than ${floats.length} numbers of INT records crossed from one part to another in one window: use fewer threads`,
      );
    }
    floats[at++] = records.length;
    for (const record of records) {
      floats[at] = record.queueLength;
      floats[at + 1] = record.txBytes;
      floats[at + 2] = record.timestamp;
      floats[at + 3] = record.bandwidth;
      at += RECORD;
    }
    this.used[0] = at;
  }

  /** Starts reading the window's lists from the first. */
  rewind(): void {
    this.readAt = 0;
  }

  /** The next frame's INT list, as new records in the order they were pushed. */
  read(): IntRecord[] {
    const floats = this.floats;
    let at = this.readAt;
    const length = floats[at++]!;
    const records: IntRecord[] = [];
    for (let index = 0; index < length; index++, at += RECORD) {
      records.push({
        queueLength: floats[at]!,
        txBytes: floats[at + 1]!,
        timestamp: floats[at + 2]!,
        bandwidth: floats[at + 3]!,
      });
    }
    this.readAt = at;
    return records;
  }

  clear(): void {
    this.used[0] = 0;
  }
}
