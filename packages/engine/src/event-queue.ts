// biome-ignore-all lint/style/noNonNullAssertion: slot and bucket indices are in bounds by construction

import { headSpacing, MAX_WIDTH, widthFor } from "./bucket-width.js";
import type { EventId, EventTarget } from "./event-target.js";
import type { Time } from "./time.js";

/** Ids are `generation * SLOT_LIMIT + slot`: at most SLOT_LIMIT events pending at once. */
const SLOT_LIMIT = 2 ** 26;
/** End of a list; an empty bucket; no free slot. */
const NIL = -1;

/*
 * Event records: 32 bytes per slot in one ArrayBuffer, seen through a Float64Array and an
 * Int32Array, so that one cache line holds all of an event's numbers. Targets and payloads
 * sit side by side in one JS array (`refs`, 2 per slot).
 */
const BYTES_PER_RECORD = 32;
/** log2 of the Float64s per record: a record's time is at `slot << F64_SHIFT`. */
const F64_SHIFT = 2;
/** log2 of the Int32s per record: its Int32 fields start at `slot << I32_SHIFT`. */
const I32_SHIFT = 3;
// Int32 fields of a record (Int32s 0 and 1 hold the time).
/** Next event of the bucket (NIL at the tail); for a free slot, the next free slot. */
const NEXT = 2;
/** Previous event of the bucket (NIL at the head). */
const PREV = 3;
const KIND = 4;
/** Bumped when the slot is freed, so ids naming the old generation become stale. */
const GENERATION = 5;

const INITIAL_SLOTS = 256;
const MIN_BUCKETS = 8;
/** Fewest dequeues in a cost window (see `review`). */
const REVIEW_WINDOW = 4096;
/** Average walk steps per operation beyond which `review` re-sizes the days. */
const REVIEW_LIMIT = 4;

export interface EventQueueOptions {
  /**
   * Fewest dequeues per cost window (default 4096). The window also grows with the queue so
   * that re-bucketing stays O(1) amortised. Small values are for tests that want to exercise
   * re-bucketing.
   */
  reviewWindow?: number;
}

/**
 * The pending events in (time, scheduling order): a calendar queue (R. Brown, "Calendar
 * queues: a fast O(1) priority queue implementation for the simulation event set problem",
 * CACM 31(10), 1988) over typed arrays.
 *
 * Time is cut into days of `width` picoseconds laid around a ring of `nb` buckets like the
 * days of a year: an event at time t lives in bucket floor(t / width) mod nb, in a doubly
 * linked list sorted by time. A new event goes after every event of its bucket with a time
 * <= its own, so events at equal times keep their scheduling order without a sequence
 * number. Dequeue walks the days from a cursor and takes the head of the first bucket whose
 * head falls in the current day; after a whole year without one it jumps straight to the
 * earliest head. With a few events per bucket both operations are O(1) on average.
 *
 * Keeping that average needs the right `nb` and `width`:
 * - Brown's rule: double `nb` when the queue grows past 2·nb events, halve it below nb/2,
 *   and size the days from the separation of the events at the head (`bucket-width.ts`).
 * - Brown re-sizes days only on those resizes, so a distribution that shifts while the size
 *   holds (or a lone periodic event beside a dense far cluster) can leave them badly sized
 *   for good. Like the SNOOPY calendar queue (Tan & Thng, WSC 2000) this one also watches
 *   its own cost: when the walks of a window of operations exceed REVIEW_LIMIT steps per
 *   operation, it re-buckets, lengthening days to the observed dequeue rate when dequeues
 *   cross empty days, shortening them when enqueues walk long lists. The step budget of a
 *   window is a few times the queue size, so re-bucketing stays O(1) amortised even when it
 *   cannot help (say two clusters that want different widths).
 *
 * Cancellation is eager: the event is unlinked at once (O(1) thanks to the back links), so
 * the queue holds live events only. Freed slots are reused LIFO (cache-warm) and nothing is
 * allocated per event.
 */
export class EventQueue {
  private records = new ArrayBuffer(INITIAL_SLOTS * BYTES_PER_RECORD);
  /** Record fields as Float64: the time at `slot << F64_SHIFT`. */
  private times = new Float64Array(this.records);
  /** Record fields as Int32: NEXT, PREV, KIND, GENERATION at `(slot << I32_SHIFT) + field`. */
  private ints = new Int32Array(this.records);
  /** Target at `2 * slot`, payload at `2 * slot + 1`; null and undefined when free. */
  private refs: unknown[] = new Array(2 * INITIAL_SLOTS).fill(null);
  private slotCount = 0;
  private freeSlot = NIL;

  /** Head (earliest) event of bucket b at `2b`, its tail at `2b + 1`; NIL when empty. */
  private buckets = new Int32Array(2 * MIN_BUCKETS).fill(NIL);
  /** Bucket count - 1; the bucket count is a power of two. */
  private mask = MIN_BUCKETS - 1;
  /** Day length in ps, a power of two, so `time * invWidth` is exact. */
  private width = 1;
  private invWidth = 1;
  /**
   * Dequeue position: bucket `cursor`, whose current day is [cursorStart, cursorTop).
   * Invariant: no pending event is earlier than `cursorStart`, which is +Infinity when the
   * queue is empty (so the next push moves the cursor to its own day).
   */
  private cursor = 0;
  private cursorStart = Number.POSITIVE_INFINITY;
  private cursorTop = 1;
  private count = 0;
  private growAt = 2 * MIN_BUCKETS;
  private shrinkAt = 0;

  // The cost window, for `review`.
  private readonly reviewWindow: number;
  private windowEnd = 0;
  private stepBudget = 0;
  private enqueueSteps = 0;
  private dequeueSteps = 0;
  private dequeues = 0;
  private cancels = 0;
  private windowCount = 0;
  private windowDequeues = 0;
  private windowTop = 0;

  constructor(options: EventQueueOptions = {}) {
    this.reviewWindow = Math.max(2, options.reviewWindow ?? REVIEW_WINDOW);
    this.startWindow();
  }

  /** Number of events waiting. */
  get length(): number {
    return this.count;
  }

  /** Current bucket count (a power of two); for diagnostics and tests. */
  get bucketCount(): number {
    return this.mask + 1;
  }

  /** Current day length in ps (a power of two); for diagnostics and tests. */
  get bucketWidth(): number {
    return this.width;
  }

  /** Adds an event. `time` must be an integer in [0, MAX_SAFE_INTEGER]; the caller checks. */
  push(time: Time, target: EventTarget<never>, kind: number, payload: unknown): EventId {
    if (this.freeSlot === NIL) this.addSlot();
    const ints = this.ints;
    const slot = this.freeSlot;
    const record = slot << I32_SHIFT;
    this.freeSlot = ints[record + NEXT]!;
    this.times[slot << F64_SHIFT] = time;
    ints[record + KIND] = kind;
    const refs = this.refs;
    refs[2 * slot] = target;
    refs[2 * slot + 1] = payload;
    if (time < this.cursorStart) this.moveCursorTo(time);
    // The common case inline: the new event is the latest of its bucket (or the only one).
    const bucket = ((time * this.invWidth) & this.mask) << 1;
    const buckets = this.buckets;
    const tail = buckets[bucket + 1]!;
    if (tail !== NIL && this.times[tail << F64_SHIFT]! > time) {
      this.chargeEnqueue(this.insertBefore(slot, time, bucket, tail));
    } else {
      if (tail === NIL) buckets[bucket] = slot;
      else ints[(tail << I32_SHIFT) + NEXT] = slot;
      ints[record + PREV] = tail;
      ints[record + NEXT] = NIL;
      buckets[bucket + 1] = slot;
    }
    if (++this.count > this.growAt) this.resize(2 * (this.mask + 1));
    return ints[record + GENERATION]! * SLOT_LIMIT + slot;
  }

  /** Removes a pending event. Returns false if the id is stale (ran, cancelled) or unknown. */
  cancel(id: EventId): boolean {
    const slot = id % SLOT_LIMIT;
    if (!(slot >= 0 && slot < this.slotCount)) return false;
    const generation = this.ints[(slot << I32_SHIFT) + GENERATION];
    if (generation !== (id - slot) / SLOT_LIMIT || this.refs[2 * slot] === null) return false;
    this.unlink(slot);
    this.release(slot);
    this.cancels++;
    this.afterRemove();
    return true;
  }

  /** Time of the earliest event, or undefined if none is waiting. */
  peekTime(): Time | undefined {
    let slot = this.buckets[this.cursor << 1]!;
    if (slot === NIL || this.times[slot << F64_SHIFT]! >= this.cursorTop) {
      slot = this.walk(Number.POSITIVE_INFINITY);
    }
    return slot === NIL ? undefined : this.times[slot << F64_SHIFT];
  }

  /**
   * Takes the earliest event out of the calendar if its time is <= `limit` and returns its
   * slot, or NIL if the queue is empty or the earliest event is later. The caller reads the
   * event with `timeOf`, `targetOf`, `kindOf`, `payloadOf`, then hands the slot back with
   * `release` (which makes its id stale) before scheduling anything.
   */
  shift(limit: Time): number {
    let bucket = this.cursor << 1;
    let slot = this.buckets[bucket]!;
    if (slot === NIL || this.times[slot << F64_SHIFT]! >= this.cursorTop) {
      // Nothing left in the current day.
      slot = this.walk(limit);
      if (slot === NIL) return NIL;
      bucket = this.cursor << 1;
    }
    if (this.times[slot << F64_SHIFT]! > limit) return NIL;
    const ints = this.ints;
    const next = ints[(slot << I32_SHIFT) + NEXT]!;
    this.buckets[bucket] = next;
    if (next === NIL) this.buckets[bucket + 1] = NIL;
    else ints[(next << I32_SHIFT) + PREV] = NIL;
    if (++this.dequeues === this.windowEnd) this.startWindow();
    if (--this.count <= this.shrinkAt) this.afterRemove();
    return slot;
  }

  timeOf(slot: number): Time {
    return this.times[slot << F64_SHIFT]!;
  }

  kindOf(slot: number): number {
    return this.ints[(slot << I32_SHIFT) + KIND]!;
  }

  targetOf(slot: number): EventTarget<never> {
    return this.refs[2 * slot] as EventTarget<never>;
  }

  payloadOf(slot: number): unknown {
    return this.refs[2 * slot + 1];
  }

  /** Frees a slot taken out by `shift` for reuse; ids that named it become stale. */
  release(slot: number): void {
    const ints = this.ints;
    const record = slot << I32_SHIFT;
    ints[record + GENERATION] = (ints[record + GENERATION]! + 1) & (SLOT_LIMIT - 1);
    ints[record + NEXT] = this.freeSlot;
    this.freeSlot = slot;
    this.refs[2 * slot] = null;
    this.refs[2 * slot + 1] = undefined;
  }

  /** Bookkeeping after an event left: note an empty queue, halve the buckets if few are used. */
  private afterRemove(): void {
    if (this.count === 0) this.cursorStart = Number.POSITIVE_INFINITY;
    if (this.count < this.shrinkAt) this.resize((this.mask + 1) / 2);
  }

  /**
   * The current day holds no event: walks the following days to the earliest event, moves
   * the cursor onto its bucket (of which it is the head) and returns it. Returns NIL if the
   * queue is empty, or as soon as the days walked pass `limit` (the cursor stays there: no
   * event is earlier).
   */
  private walk(limit: Time): number {
    if (this.count === 0) return NIL;
    const buckets = this.buckets;
    const times = this.times;
    const mask = this.mask;
    const width = this.width;
    let bucket = this.cursor;
    let top = this.cursorTop;
    for (let day = 1; day <= mask + 1; day++) {
      if (top > limit) {
        this.setCursor(bucket, top);
        this.chargeDequeue(day - 1);
        return NIL;
      }
      bucket = (bucket + 1) & mask;
      top += width;
      const head = buckets[bucket << 1]!;
      if (head !== NIL && times[head << F64_SHIFT]! < top) {
        this.setCursor(bucket, top);
        this.chargeDequeue(day);
        return head;
      }
    }
    return this.directSearch();
  }

  /** A whole year without an event: find the earliest bucket head directly (Brown). */
  private directSearch(): number {
    const buckets = this.buckets;
    const times = this.times;
    let best = NIL;
    let bestTime = Number.POSITIVE_INFINITY;
    for (let bucket = 0; bucket <= this.mask; bucket++) {
      const head = buckets[bucket << 1]!;
      if (head !== NIL && times[head << F64_SHIFT]! < bestTime) {
        best = head;
        bestTime = times[head << F64_SHIFT]!;
      }
    }
    this.moveCursorTo(bestTime);
    this.chargeDequeue(2 * (this.mask + 1));
    return best;
  }

  private setCursor(bucket: number, top: number): void {
    this.cursor = bucket;
    this.cursorTop = top;
    this.cursorStart = top - this.width;
  }

  /** Points the cursor at the day holding `time`. */
  private moveCursorTo(time: Time): void {
    const day = Math.floor(time * this.invWidth);
    this.setCursor(day & this.mask, (day + 1) * this.width);
  }

  /** Inserts `slot` into its bucket after every event whose time is <= `time`. */
  private link(slot: number, time: Time): void {
    const bucket = ((time * this.invWidth) & this.mask) << 1;
    const tail = this.buckets[bucket + 1]!;
    if (tail !== NIL && this.times[tail << F64_SHIFT]! > time) {
      this.insertBefore(slot, time, bucket, tail);
      return;
    }
    if (tail === NIL) this.buckets[bucket] = slot;
    else this.ints[(tail << I32_SHIFT) + NEXT] = slot;
    this.ints[(slot << I32_SHIFT) + PREV] = tail;
    this.ints[(slot << I32_SHIFT) + NEXT] = NIL;
    this.buckets[bucket + 1] = slot;
  }

  /**
   * Inserts `slot` into the bucket at `bucket` (its index in `buckets`), whose tail is later
   * than `time`: walks back to the last event with a time <= `time` (stable FIFO among equal
   * times) and links it after. Returns the number of events walked past.
   */
  private insertBefore(slot: number, time: Time, bucket: number, tail: number): number {
    const ints = this.ints;
    const times = this.times;
    let later = tail;
    let earlier = ints[(later << I32_SHIFT) + PREV]!;
    let steps = 1;
    while (earlier !== NIL && times[earlier << F64_SHIFT]! > time) {
      later = earlier;
      earlier = ints[(later << I32_SHIFT) + PREV]!;
      steps++;
    }
    if (earlier === NIL) this.buckets[bucket] = slot;
    else ints[(earlier << I32_SHIFT) + NEXT] = slot;
    ints[(slot << I32_SHIFT) + PREV] = earlier;
    ints[(slot << I32_SHIFT) + NEXT] = later;
    ints[(later << I32_SHIFT) + PREV] = slot;
    return steps;
  }

  private unlink(slot: number): void {
    const buckets = this.buckets;
    const ints = this.ints;
    const bucket = ((this.times[slot << F64_SHIFT]! * this.invWidth) & this.mask) << 1;
    const earlier = ints[(slot << I32_SHIFT) + PREV]!;
    const later = ints[(slot << I32_SHIFT) + NEXT]!;
    if (earlier === NIL) buckets[bucket] = later;
    else ints[(earlier << I32_SHIFT) + NEXT] = later;
    if (later === NIL) buckets[bucket + 1] = earlier;
    else ints[(later << I32_SHIFT) + PREV] = earlier;
  }

  /** Puts a never-used slot on the free list, doubling the record storage when full. */
  private addSlot(): void {
    const slot = this.slotCount;
    if (slot >= SLOT_LIMIT) throw new RangeError(`more than ${SLOT_LIMIT} events pending at once`);
    if (slot << F64_SHIFT === this.times.length) {
      const records = new ArrayBuffer(2 * this.records.byteLength);
      new Uint8Array(records).set(new Uint8Array(this.records));
      this.records = records;
      this.times = new Float64Array(records);
      this.ints = new Int32Array(records);
      for (let i = 2 * slot; i < 4 * slot; i++) this.refs.push(null);
    }
    this.slotCount++;
    this.ints[(slot << I32_SHIFT) + NEXT] = this.freeSlot;
    this.freeSlot = slot;
  }

  private chargeEnqueue(steps: number): void {
    this.enqueueSteps += steps;
    if (this.enqueueSteps + this.dequeueSteps > this.stepBudget) this.review();
  }

  private chargeDequeue(steps: number): void {
    this.dequeueSteps += steps;
    if (this.enqueueSteps + this.dequeueSteps > this.stepBudget) this.review();
  }

  /**
   * The walks of this window went over budget: re-bucket if they cost more than REVIEW_LIMIT
   * steps per operation, in the direction that cuts the larger cost.
   */
  private review(): void {
    const dequeues = this.dequeues - this.windowDequeues;
    const enqueues = this.count - this.windowCount + dequeues + this.cancels;
    const enqueueCost = this.enqueueSteps / Math.max(1, enqueues);
    const dequeueCost = this.dequeueSteps / Math.max(1, dequeues);
    let width = this.width;
    if (dequeueCost > REVIEW_LIMIT && dequeueCost >= enqueueCost) {
      // Dequeues cross empty days: days are too short for the rate events come due at.
      const spacing = (this.cursorTop - this.windowTop) / dequeues;
      if (dequeues > 1 && spacing > 0) width = widthFor(spacing);
      if (width <= this.width) width = Math.min(MAX_WIDTH, 2 * this.width);
    } else if (enqueueCost > REVIEW_LIMIT) {
      // Enqueues walk long lists: days are too long. A bucket's load scales with the width.
      width = Math.max(1, this.width / widthFor(enqueueCost, 1));
    }
    if (width !== this.width) this.rebucket(this.mask + 1, width);
    else this.startWindow();
  }

  private startWindow(): void {
    const length = Math.max(this.reviewWindow, 4 * (this.mask + 1 + this.count));
    this.windowEnd = this.dequeues + length;
    this.stepBudget = 2 * REVIEW_LIMIT * length;
    this.enqueueSteps = 0;
    this.dequeueSteps = 0;
    this.cancels = 0;
    this.windowCount = this.count;
    this.windowDequeues = this.dequeues;
    this.windowTop = this.cursorTop;
  }

  /** Brown's resize: a new bucket count, with the width re-estimated from the head events. */
  private resize(buckets: number): void {
    const count = this.count;
    if (count < 2) {
      this.rebucket(buckets, this.width);
      return;
    }
    const sample = new Float64Array(count);
    let i = 0;
    for (let bucket = 0; bucket <= this.mask; bucket++) {
      for (let slot = this.buckets[bucket << 1]!; slot !== NIL; ) {
        sample[i++] = this.times[slot << F64_SHIFT]!;
        slot = this.ints[(slot << I32_SHIFT) + NEXT]!;
      }
    }
    this.rebucket(buckets, widthFor(headSpacing(sample, count)));
  }

  /**
   * Re-links every event into `buckets` buckets of `width` ps. Events at equal times share an
   * old bucket, listed in scheduling order, and are re-linked in that order behind each
   * other: FIFO order survives.
   */
  private rebucket(buckets: number, width: number): void {
    const old = this.buckets;
    this.buckets = new Int32Array(2 * buckets).fill(NIL);
    this.mask = buckets - 1;
    this.width = width;
    this.invWidth = 1 / width;
    this.growAt = 2 * buckets;
    this.shrinkAt = buckets > MIN_BUCKETS ? buckets / 2 : 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (let bucket = 0; bucket < old.length; bucket += 2) {
      let slot = old[bucket]!;
      while (slot !== NIL) {
        const following = this.ints[(slot << I32_SHIFT) + NEXT]!;
        const time = this.times[slot << F64_SHIFT]!;
        if (time < earliest) earliest = time;
        this.link(slot, time);
        slot = following;
      }
    }
    if (this.count > 0) this.moveCursorTo(earliest);
    else this.cursorStart = Number.POSITIVE_INFINITY;
    this.startWindow();
  }
}
