import { rankBefore } from "./rank-order.js";

/** Packets one part may create in one window. */
const LOG_ENTRIES = 1 << 16;
/** The entry count (int32), padded to 8 bytes for the float64 entries after it. */
const HEADER_BYTES = 8;

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
    return rankBefore(this.entries, a, other.entries, b, ENTRY);
  }
}
