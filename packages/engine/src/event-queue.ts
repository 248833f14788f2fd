// biome-ignore-all lint/style/noNonNullAssertion: slot and bucket indices are in bounds by construction

import { headSpacing, MAX_WIDTH, widthFor } from "./bucket-width.js";
import type { EventId, EventTarget } from "./event-target.js";
import type { Time } from "./time.js";

/** Ids are `generation * SLOT_LIMIT + slot`: at most SLOT_LIMIT events pending at once. */
const SLOT_LIMIT = 2 ** 26;
/** End of a list; an empty bucket. */
const NIL = -1;
const INITIAL_SLOTS = 256;
const MIN_BUCKETS = 8;
const LOAD = Number(process.env.LOAD ?? 2);
/** Fewest operations between two reviews of the bucket width (see `review`). */
const REVIEW_WINDOW = 4096;
/** Average steps per operation (list or bucket walks) that make a review re-size buckets. */
const REVIEW_LIMIT = 4;

export interface EventQueueOptions {
  /**
   * Fewest operations between two reviews of the bucket width (default 4096). The real
   * window also grows with the queue so that re-bucketing stays amortised O(1). Small values
   * only make sense in tests that want to exercise re-bucketing.
   */
  reviewWindow?: number;
}

/**
 * The pending events, in (time, scheduling order): a calendar queue (R. Brown, "Calendar
 * queues: a fast O(1) priority queue implementation for the simulation event set problem",
 * CACM 31(10), 1988) over typed arrays.
 *
 * Time is cut into buckets of `width` picoseconds laid around a ring of `nb` buckets like the
 * days of a year: an event at time t lives in bucket floor(t / width) mod nb, in a doubly
 * linked list sorted by time. A new event goes after every event of its bucket with a time
 * <= its own, so events at equal times keep their scheduling order without a sequence
 * number. Dequeue walks the days from a cursor and takes the head of the first bucket whose
 * head falls in the current day; after a whole year without one it jumps straight to the
 * earliest head. With about three events per bucket both operations are O(1) on average.
 *
 * Keeping that average needs the right `nb` and `width`:
 * - Brown's rule: double `nb` when the queue grows past 2·nb events, halve it below nb/2,
 *   and size buckets from the separation of the events at the head (`bucket-width.ts`).
 * - Brown sizes buckets only on those resizes, so a distribution that shifts while the size
 *   holds (or a lone periodic event beside a dense far cluster) can leave buckets badly
 *   sized forever. Like the SNOOPY calendar queue (Tan & Thng, WSC 2000) this one also
 *   watches its own cost: every window of operations it reviews the average walk lengths and
 *   re-buckets when they exceed REVIEW_LIMIT, widening buckets to the observed dequeue rate
 *   when dequeues cross empty days, narrowing them when enqueues walk long lists. The window
 *   is at least a few times the queue size, so re-bucketing costs O(1) amortised even when it
 *   cannot help (two clusters wanting different widths).
 *
 * Cancellation is eager: the event is unlinked at once (O(1) thanks to the back links), so
 * the queue holds live events only. Event records are structure-of-arrays indexed by slot;
 * freed slots are reused LIFO (cache-warm), so scheduling allocates no object per event.
 */
export class EventQueue {
  // Event records, by slot.
  private times = new Float64Array(INITIAL_SLOTS);
  /** Next event in the bucket (NIL at the tail); for a free slot, the next free slot. */
  private next = new Int32Array(INITIAL_SLOTS);
  /** Previous event in the bucket; the head's `prev` is the bucket's tail. */
  private prev = new Int32Array(INITIAL_SLOTS);
  private kinds = new Int32Array(INITIAL_SLOTS);
  private generations = new Int32Array(INITIAL_SLOTS);
  /** null marks a free slot. */
  private targets: (EventTarget<never> | null)[] = new Array(INITIAL_SLOTS).fill(null);
  private payloads: unknown[] = new Array(INITIAL_SLOTS).fill(undefined);
  private slotCount = 0;
  private freeSlot = NIL;

  // The calendar.
  /** First (earliest) event of each bucket, or NIL. */
  private heads = new Int32Array(MIN_BUCKETS).fill(NIL);
  /** Bucket count - 1; the bucket count is a power of two. */
  private mask = MIN_BUCKETS - 1;
  /** Bucket width in ps, a power of two so that `time * invWidth` is exact. */
  private width = 1;
  private invWidth = 1;
  /**
   * Dequeue position: bucket `cursor`, day ending (exclusive) at `cursorTop`. Invariant:
   * no pending event is earlier than `cursorTop - width`.
   */
  private cursor = 0;
  private cursorTop = 1;
  private count = 0;
  private growAt = 2 * MIN_BUCKETS;
  private shrinkAt = 0;

  // Cost accounting for `review`.
  private readonly reviewWindow: number;
  private reviewIn: number;
  private enqueues = 0;
  private enqueueSteps = 0;
  private dequeues = 0;
  private dequeueSteps = 0;
  private windowStart = 0;

  // The event removed by the last successful `shift`.
  shiftedTime: Time = 0;
  shiftedTarget: EventTarget<never> | null = null;
  shiftedKind = 0;
  shiftedPayload: unknown;

  constructor(options: EventQueueOptions = {}) {
    this.reviewWindow = Math.max(1, options.reviewWindow ?? REVIEW_WINDOW);
    this.reviewIn = this.reviewWindow;
  }

  /** Number of events waiting. */
  get length(): number {
    return this.count;
  }

  /** Current bucket count (a power of two); for diagnostics and tests. */
  get bucketCount(): number {
    return this.mask + 1;
  }

  /** Current bucket width in ps (a power of two); for diagnostics and tests. */
  get bucketWidth(): number {
    return this.width;
  }

  /** Adds an event. `time` must be an integer in [0, MAX_SAFE_INTEGER]; the caller checks. */
  push(time: Time, target: EventTarget<never>, kind: number, payload: unknown): EventId {
    let slot = this.freeSlot;
    if (slot === NIL) slot = this.newSlot();
    else this.freeSlot = this.next[slot]!;
    this.times[slot] = time;
    this.kinds[slot] = kind;
    this.targets[slot] = target;
    this.payloads[slot] = payload;
    if (this.count === 0 || time < this.cursorTop - this.width) this.moveCursorTo(time);
    this.link(slot, time);
    this.enqueues++;
    if (++this.count > this.growAt) this.resize(2 * (this.mask + 1));
    else if (--this.reviewIn === 0) this.review();
    return this.generations[slot]! * SLOT_LIMIT + slot;
  }

  /** Removes a pending event. Returns false if the id is stale (ran, cancelled) or unknown. */
  cancel(id: EventId): boolean {
    const slot = id % SLOT_LIMIT;
    if (!(slot >= 0 && slot < this.slotCount)) return false;
    if (this.generations[slot] !== (id - slot) / SLOT_LIMIT || this.targets[slot] === null) {
      return false;
    }
    this.unlink(slot);
    this.release(slot);
    if (--this.count < this.shrinkAt) this.resize((this.mask + 1) / 2);
    return true;
  }

  /** Time of the earliest event, or undefined if none is waiting. */
  peekTime(): Time | undefined {
    const slot = this.findEarliest(Number.POSITIVE_INFINITY);
    return slot === NIL ? undefined : this.times[slot];
  }

  /**
   * Removes the earliest event if its time is <= `limit` and returns true; its fields are
   * then in `shiftedTime`, `shiftedTarget`, `shiftedKind` and `shiftedPayload`, and its id
   * is already stale. Returns false if the queue is empty or its earliest event is later.
   */
  shift(limit: Time): boolean {
    const slot = this.findEarliest(limit);
    if (slot === NIL) return false;
    const time = this.times[slot]!;
    if (time > limit) return false;
    // `findEarliest` left the cursor on the event's bucket, of which it is the head.
    const next = this.next[slot]!;
    this.heads[this.cursor] = next;
    if (next !== NIL) this.prev[next] = this.prev[slot]!;
    this.shiftedTime = time;
    this.shiftedTarget = this.targets[slot]!;
    this.shiftedKind = this.kinds[slot]!;
    this.shiftedPayload = this.payloads[slot];
    this.release(slot);
    this.dequeues++;
    if (--this.count < this.shrinkAt) this.resize((this.mask + 1) / 2);
    else if (--this.reviewIn === 0) this.review();
    return true;
  }

  /**
   * The earliest event (left in place, the cursor moved onto its bucket), or NIL if the
   * queue is empty. Stops early, returning NIL, once the days walked pass `limit`.
   */
  private findEarliest(limit: Time): number {
    if (this.count === 0) return NIL;
    const heads = this.heads;
    const times = this.times;
    let bucket = this.cursor;
    let top = this.cursorTop;
    let head = heads[bucket]!;
    if (head !== NIL && times[head]! < top) return head; // the common case: same day
    const mask = this.mask;
    const width = this.width;
    for (let day = 0; day <= mask; day++) {
      if (top > limit) {
        // Nothing before `top`, and `top` is past the limit: no event is due. Keep the walk.
        this.cursor = bucket;
        this.cursorTop = top;
        this.dequeueSteps += day;
        return NIL;
      }
      bucket = (bucket + 1) & mask;
      top += width;
      head = heads[bucket]!;
      if (head !== NIL && times[head]! < top) {
        this.cursor = bucket;
        this.cursorTop = top;
        this.dequeueSteps += day + 1;
        return head;
      }
    }
    return this.directSearch();
  }

  /** A whole year without an event: find the earliest bucket head directly (Brown). */
  private directSearch(): number {
    const heads = this.heads;
    const times = this.times;
    let best = NIL;
    let bestTime = Number.POSITIVE_INFINITY;
    for (let bucket = 0; bucket <= this.mask; bucket++) {
      const head = heads[bucket]!;
      if (head !== NIL && times[head]! < bestTime) {
        best = head;
        bestTime = times[head]!;
      }
    }
    this.dequeueSteps += 2 * (this.mask + 1);
    this.moveCursorTo(bestTime);
    return best;
  }

  /** Points the cursor at the day holding `time`. */
  private moveCursorTo(time: Time): void {
    const day = Math.floor(time * this.invWidth);
    this.cursor = day & this.mask;
    this.cursorTop = (day + 1) * this.width;
  }

  /**
   * Inserts `slot` into its bucket after every event whose time is <= `time` (stable FIFO
   * among equal times). Walks from the tail: new events are usually the latest of their bucket.
   */
  private link(slot: number, time: Time): void {
    const next = this.next;
    const prev = this.prev;
    // ToInt32 truncates, which is floor for t >= 0, and keeps the low bits: the bucket index.
    const bucket = (time * this.invWidth) & this.mask;
    const head = this.heads[bucket]!;
    if (head === NIL) {
      this.heads[bucket] = slot;
      prev[slot] = slot;
      next[slot] = NIL;
      return;
    }
    const times = this.times;
    const tail = prev[head]!;
    if (times[tail]! <= time) {
      next[tail] = slot;
      prev[slot] = tail;
      next[slot] = NIL;
      prev[head] = slot;
      return;
    }
    // Find `after`, the last event with a time <= `time`, walking back from the tail.
    let before = tail;
    let steps = 1;
    while (before !== head) {
      const after = prev[before]!;
      if (times[after]! <= time) {
        next[after] = slot;
        prev[slot] = after;
        next[slot] = before;
        prev[before] = slot;
        this.enqueueSteps += steps;
        return;
      }
      before = after;
      steps++;
    }
    // Earlier than every event of the bucket: the new head.
    next[slot] = head;
    prev[slot] = tail;
    prev[head] = slot;
    this.heads[bucket] = slot;
    this.enqueueSteps += steps;
  }

  private unlink(slot: number): void {
    const next = this.next;
    const prev = this.prev;
    const bucket = (this.times[slot]! * this.invWidth) & this.mask;
    const head = this.heads[bucket]!;
    const before = prev[slot]!;
    const after = next[slot]!;
    if (slot === head) {
      this.heads[bucket] = after;
      if (after !== NIL) prev[after] = before; // `before` is the tail
    } else {
      next[before] = after;
      if (after !== NIL) prev[after] = before;
      else prev[head] = before; // removed the tail
    }
  }

  /** Frees a slot for reuse; ids that named it become stale. */
  private release(slot: number): void {
    this.targets[slot] = null;
    this.payloads[slot] = undefined;
    this.generations[slot] = (this.generations[slot]! + 1) & (SLOT_LIMIT - 1);
    this.next[slot] = this.freeSlot;
    this.freeSlot = slot;
  }

  private newSlot(): number {
    const slot = this.slotCount++;
    if (slot >= SLOT_LIMIT) throw new RangeError(`more than ${SLOT_LIMIT} events pending at once`);
    if (slot === this.times.length) {
      const capacity = 2 * slot;
      this.times = grow(this.times, new Float64Array(capacity));
      this.next = grow(this.next, new Int32Array(capacity));
      this.prev = grow(this.prev, new Int32Array(capacity));
      this.kinds = grow(this.kinds, new Int32Array(capacity));
      this.generations = grow(this.generations, new Int32Array(capacity));
      for (let i = slot; i < capacity; i++) {
        this.targets.push(null);
        this.payloads.push(undefined);
      }
    }
    return slot;
  }

  /**
   * End of a review window: re-bucket if the walks of the window cost more than
   * REVIEW_LIMIT steps per operation on average, in the direction that cuts the larger cost.
   */
  private review(): void {
    const enqueueCost = this.enqueueSteps / Math.max(1, this.enqueues);
    const dequeueCost = this.dequeueSteps / Math.max(1, this.dequeues);
    let width = this.width;
    if (dequeueCost > REVIEW_LIMIT && dequeueCost >= enqueueCost && this.dequeues > 1) {
      // Dequeues cross empty days: buckets are too narrow for the rate events come due at.
      width = widthFor((this.shiftedTime - this.windowStart) / this.dequeues);
      if (width <= this.width) width = Math.min(MAX_WIDTH, 2 * this.width);
    } else if (enqueueCost > REVIEW_LIMIT) {
      // Enqueues walk long lists: buckets are too wide. Bucket occupancy scales with width.
      width = Math.max(1, this.width / widthFor(enqueueCost, 1));
    }
    if (width !== this.width) this.rebucket(this.mask + 1, width);
    else this.startWindow();
  }

  private startWindow(): void {
    this.reviewIn = Math.max(this.reviewWindow, 4 * (this.mask + 1 + this.count));
    this.enqueues = 0;
    this.enqueueSteps = 0;
    this.dequeues = 0;
    this.dequeueSteps = 0;
    this.windowStart = this.shiftedTime;
  }

  /** Brown's resize: a new bucket count, with the width re-estimated from the head events. */
  private resize(buckets: number): void {
    const n = this.count;
    const sample = new Float64Array(n);
    let i = 0;
    for (let bucket = 0; bucket <= this.mask; bucket++) {
      for (let slot = this.heads[bucket]!; slot !== NIL; slot = this.next[slot]!) {
        sample[i++] = this.times[slot]!;
      }
    }
    const spacing = headSpacing(sample, n);
    this.rebucket(buckets, n < 2 ? this.width : widthFor(spacing));
  }

  /**
   * Re-links every event into `buckets` buckets of `width` ps. Events at equal times share an
   * old bucket, listed in scheduling order, and are re-linked in that order behind each
   * other: FIFO order survives.
   */
  private rebucket(buckets: number, width: number): void {
    const oldHeads = this.heads;
    const next = this.next;
    this.heads = new Int32Array(buckets).fill(NIL);
    this.mask = buckets - 1;
    this.width = width;
    this.invWidth = 1 / width;
    this.growAt = LOAD * buckets;
    this.shrinkAt = buckets > MIN_BUCKETS ? (LOAD * buckets) / 4 : 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (let bucket = 0; bucket < oldHeads.length; bucket++) {
      let slot = oldHeads[bucket]!;
      while (slot !== NIL) {
        const following = next[slot]!;
        const time = this.times[slot]!;
        if (time < earliest) earliest = time;
        this.link(slot, time);
        slot = following;
      }
    }
    if (this.count > 0) this.moveCursorTo(earliest);
    this.startWindow();
  }
}

function grow<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
