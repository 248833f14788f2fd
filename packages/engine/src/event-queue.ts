import { HEAD_SAMPLE, headSpacing, MAX_WIDTH, widthFor } from "./bucket-width.js";
import type { EventId, EventTarget } from "./event-target.js";
import { mergeRuns } from "./sort-runs.js";
import type { Time } from "./time.js";

/*
 * An EventId packs a slot, the slot's generation and the record capacity 2^bits when it was
 * issued: (generation * 2^bits + slot) * 32 + bits. Scaling by the current capacity rather
 * than by the largest possible one keeps ids below 2^31, V8's small integers, as long as
 * generation * capacity < 2^26 (e.g. 65 000 reuses of each slot of a 1 024-event queue):
 * returning one from a call that is not inlined then allocates no boxed double.
 */
/** log2 of the initial slot capacity. */
const MIN_SLOT_BITS = 8;
/** log2 of the most events pending at once (16 777 216). */
const MAX_SLOT_BITS = 24;
/** Generations wrap below 2^24, so that ids stay below 2^53 whatever the capacity. */
const GENERATION_MASK = 2 ** 24 - 1;
/** End of a list; an empty bucket; no free slot. */
const NIL = -1;
const INITIAL_SLOTS = 2 ** MIN_SLOT_BITS;
const MIN_BUCKETS = 8;
/** Fewest operations in a default cost window (see `startWindow`). */
const REVIEW_WINDOW = 4096;
/** Average walk steps per operation beyond which `review` re-sizes the days. */
const REVIEW_LIMIT = 4;

export interface EventQueueOptions {
  /**
   * Operations per cost window: the walks may cost 2 * REVIEW_LIMIT steps per operation of
   * a window before the queue reviews its bucket width. By default a window is the larger of
   * 4096 and four times (buckets + events), which keeps re-bucketing O(1) amortised; small
   * fixed windows are for tests that want to exercise re-bucketing.
   */
  reviewWindow?: number;
}

/**
 * The pending events in (time, order): a calendar queue (R. Brown, "Calendar
 * queues: a fast O(1) priority queue implementation for the simulation event set problem",
 * CACM 31(10), 1988) over typed arrays.
 *
 * Time is cut into days of `width` picoseconds laid around a ring of `nb` buckets like the
 * days of a year: an event at time t lives in bucket floor(t / width) mod nb, in a doubly
 * linked list sorted by (time, rank). The rank orders events of equal time: when they were
 * scheduled, then the device that scheduled them, then that device's own count, which do not
 * depend on which thread holds which device (docs/spec/parallel.md); by default it is the
 * scheduling order. A new event mostly ranks after every event of its time (it is the latest
 * scheduled), so it is appended. Dequeue walks the days from a cursor and takes the head of the first bucket whose
 * head falls in the current day; after a whole year without one it jumps straight to the
 * earliest head. With a few events per bucket both operations are O(1) on average.
 *
 * Keeping that average needs the right `nb` and `width`:
 * - Brown's rule: double `nb` when the queue grows past 2·nb events, halve it below nb/2,
 *   and size the days from the separation of the events at the head (`bucket-width.ts`).
 * - Brown re-sizes days only on those resizes, so a distribution that shifts while the size
 *   holds (or a lone periodic event beside a dense far cluster) can leave them badly sized
 *   for good. Like the SNOOPY calendar queue (Tan & Thng, WSC 2000) this one also watches
 *   its own cost: when the list and day walks of a window of operations exceed REVIEW_LIMIT
 *   steps per operation, it re-buckets, lengthening days to the observed dequeue rate when
 *   dequeues cross empty days, shortening them when enqueues walk long lists. A window is a
 *   few times the queue size, so re-bucketing stays O(1) amortised even when it cannot help
 *   (say, two clusters that want different widths).
 *
 * Cancellation is eager: the event is unlinked at once (O(1) thanks to the back links), so
 * the queue holds live events only. Records are structure-of-arrays indexed by slot; freed
 * slots are reused LIFO (cache-warm) and nothing is allocated per event.
 */
export class EventQueue {
  // Event records, by slot.
  private times = new Float64Array(INITIAL_SLOTS);
  /** Next event of the bucket (NIL at the tail); for a free slot, the next free slot. */
  private next = new Int32Array(INITIAL_SLOTS);
  /** Previous event of the bucket (NIL at the head). */
  private prev = new Int32Array(INITIAL_SLOTS);
  private kinds = new Int32Array(INITIAL_SLOTS);
  /** Rank among events of equal time, lowest first (see `push`): when scheduled, by whom, its sequence number. */
  private scheduledAt = new Float64Array(INITIAL_SLOTS);
  private schedulers = new Int32Array(INITIAL_SLOTS);
  private sequences = new Float64Array(INITIAL_SLOTS);
  /** The device that handles the event (`Engine` numbering), for the engine to switch to. */
  private owners = new Int32Array(INITIAL_SLOTS);
  /** Bumped when the slot is freed, so that ids naming the old generation become stale. */
  private generations = new Int32Array(INITIAL_SLOTS);
  /** Target at `2 * slot`, payload at `2 * slot + 1` (see `release` for free slots). */
  private refs: unknown[] = new Array(2 * INITIAL_SLOTS).fill(null);
  private slotCount = 0;
  /** log2 of the record arrays' capacity. */
  private slotBits = MIN_SLOT_BITS;
  private shiftCount = 0;
  /** Pushes so far: the default sequence number, so scheduling order. */
  private pushCount = 0;
  private freeSlot = NIL;

  // The calendar.
  /** First (earliest) event of each bucket, NIL when empty. */
  private heads = new Int32Array(MIN_BUCKETS).fill(NIL);
  /** Last (latest) event of each bucket, NIL when empty. */
  private tails = new Int32Array(MIN_BUCKETS).fill(NIL);
  /** Bucket count - 1; the bucket count is a power of two. */
  private mask = MIN_BUCKETS - 1;
  /** Day length in ps, a power of two, so that `time * invWidth` is exact. */
  private width = 1;
  private invWidth = 1;
  /**
   * Dequeue position: bucket `cursor`, whose current day is [cursorStart, cursorTop).
   * Invariant: no pending event is earlier than `cursorStart`, which is +Infinity when the
   * queue is empty (so that the next push moves the cursor to its own day).
   */
  private cursor = 0;
  private cursorStart = Number.POSITIVE_INFINITY;
  private cursorTop = 1;
  private count = 0;
  /** Days walked by walks that stopped at `limit` without an event (see `endWalk`). */
  private idleDays = 0;
  private growAt = 2 * MIN_BUCKETS;
  private shrinkAt = 0;
  private rebucketCount = 0;

  // The cost window, for `review`.
  /** Fixed window length, or 0 for the default. */
  private readonly reviewWindow: number;
  private stepBudget = 0;
  private enqueueSteps = 0;
  private dequeueSteps = 0;
  private cancels = 0;
  private windowCount = 0;
  private windowShifted = 0;
  private windowTop = 0;

  constructor(options: EventQueueOptions = {}) {
    this.reviewWindow = Math.max(0, options.reviewWindow ?? 0);
    this.startWindow();
  }

  /** Number of events waiting. */
  get length(): number {
    return this.count;
  }

  /** Events taken out by `shift` since the queue was created. */
  get shifted(): number {
    return this.shiftCount;
  }

  /** Current bucket count (a power of two); for diagnostics and tests. */
  get bucketCount(): number {
    return this.mask + 1;
  }

  /** Current day length in ps (a power of two); for diagnostics and tests. */
  get bucketWidth(): number {
    return this.width;
  }

  /** How often the queue re-bucketed: resizes plus reviews that changed the width. */
  get rebuckets(): number {
    return this.rebucketCount;
  }

  /**
   * Adds an event. `time` must be an integer in [0, MAX_SAFE_INTEGER]; the caller checks.
   * Events of equal time leave in ascending (`scheduledAt`, `scheduler`, `sequence`) (default:
   * 0, 0 and the number of pushes so far, so scheduling order; pass them always or never, and
   * never the same three twice for one time). `owner` is kept for `ownerOf`.
   */
  push(
    time: Time,
    target: EventTarget<never>,
    kind: number,
    payload: unknown,
    scheduledAt = 0,
    scheduler = 0,
    sequence = this.pushCount,
    owner = 0,
  ): EventId {
    if (this.freeSlot === NIL) this.addSlot();
    const slot = this.freeSlot;
    this.freeSlot = this.next[slot]!;
    this.pushCount++;
    this.kinds[slot] = kind;
    this.scheduledAt[slot] = scheduledAt;
    this.schedulers[slot] = scheduler;
    this.sequences[slot] = sequence;
    this.owners[slot] = owner;
    this.refs[2 * slot] = target;
    this.refs[2 * slot + 1] = payload;
    this.count++; // before `link`, whose cost accounting may re-bucket every pending event
    this.link(slot, time);
    if (this.count > this.growAt) this.resize(2 * (this.mask + 1));
    return (this.generations[slot]! * this.times.length + slot) * 32 + this.slotBits;
  }

  /** Removes a pending event. Returns false if the id is stale (its event ran or was cancelled). */
  cancel(id: EventId): boolean {
    const bits = id % 32; // NaN, fractional or out of range for ids `push` cannot have issued
    if (!(bits >= MIN_SLOT_BITS && bits <= this.slotBits && Number.isInteger(bits))) return false;
    const capacity = 1 << bits; // bits <= MAX_SLOT_BITS < 31
    const rest = (id - bits) / 32;
    const slot = rest % capacity;
    if (!(slot < this.slotCount)) return false;
    // A matching generation means the slot still holds the very event the id was issued for.
    if (this.generations[slot] !== (rest - slot) / capacity) return false;
    this.unlink(slot);
    this.release(slot);
    this.refs[2 * slot] = null;
    this.refs[2 * slot + 1] = undefined;
    this.cancels++;
    if (--this.count <= this.shrinkAt) this.afterRemove();
    return true;
  }

  /** Time of the earliest event, or undefined if none is waiting. */
  peekTime(): Time | undefined {
    const slot = this.findEarliest(Number.POSITIVE_INFINITY);
    return slot === NIL ? undefined : this.times[slot];
  }

  /** Whether an event at `time` or earlier is waiting (the engine asks with `time` = now). */
  hasEventBy(time: Time): boolean {
    const slot = this.findEarliest(time);
    return slot !== NIL && this.times[slot]! <= time;
  }

  /**
   * Removes the earliest event if its time is <= `limit` and returns its slot, or NIL if the
   * queue is empty or the earliest event is later. The event's id is stale from now on, but
   * `timeOf`, `kindOf`, `targetOf` and `payloadOf` still read it until the next `push`.
   */
  shift(limit: Time): number {
    const slot = this.findEarliest(limit);
    if (slot === NIL || this.times[slot]! > limit) return NIL;
    // `findEarliest` left the cursor on the event's bucket, of which it is the head.
    const next = this.next[slot]!;
    this.heads[this.cursor] = next;
    if (next === NIL) this.tails[this.cursor] = NIL;
    else this.prev[next] = NIL;
    this.release(slot);
    this.shiftCount++;
    if (--this.count <= this.shrinkAt) this.afterRemove();
    return slot;
  }

  timeOf(slot: number): Time {
    return this.times[slot]!;
  }

  kindOf(slot: number): number {
    return this.kinds[slot]!;
  }

  ownerOf(slot: number): number {
    return this.owners[slot]!;
  }

  /** The rank of the event in `slot` (see `push`): when it was scheduled, by which device, its sequence number. */
  scheduledAtOf(slot: number): Time {
    return this.scheduledAt[slot]!;
  }

  schedulerOf(slot: number): number {
    return this.schedulers[slot]!;
  }

  sequenceOf(slot: number): number {
    return this.sequences[slot]!;
  }

  targetOf(slot: number): EventTarget<never> {
    return this.refs[2 * slot] as EventTarget<never>;
  }

  payloadOf(slot: number): unknown {
    return this.refs[2 * slot + 1];
  }

  /**
   * Puts an unlinked slot back on the free list and makes the ids that named it stale. Its
   * target and payload stay readable (and referenced) until the slot is reused or the queue
   * shrinks (`clearFreeSlots`).
   */
  private release(slot: number): void {
    this.generations[slot] = (this.generations[slot]! + 1) & GENERATION_MASK;
    this.next[slot] = this.freeSlot;
    this.freeSlot = slot;
  }

  /**
   * Drops the references free slots still hold, so that they can be garbage-collected; all
   * but the most recently freed one, which the caller of `shift` is still to read.
   */
  private clearFreeSlots(): void {
    if (this.freeSlot === NIL) return;
    for (let slot = this.next[this.freeSlot]!; slot !== NIL; slot = this.next[slot]!) {
      this.refs[2 * slot] = null;
      this.refs[2 * slot + 1] = undefined;
    }
  }

  /** After an event left: mark an empty queue, halve the bucket count below nb/2 events. */
  private afterRemove(): void {
    if (this.count === 0) this.cursorStart = Number.POSITIVE_INFINITY;
    if (this.count < this.shrinkAt) {
      this.resize((this.mask + 1) / 2);
      this.clearFreeSlots();
    }
  }

  /**
   * Brown's dequeue walk: the earliest event, which is the head of the cursor's bucket once
   * this returns, or NIL if the queue is empty. Walks the days from the cursor to the first
   * bucket whose head falls in its day; stops early (NIL, or an event later than `limit`)
   * once a day ends past `limit`, leaving the cursor there since no event is earlier.
   */
  private findEarliest(limit: Time): number {
    const heads = this.heads;
    const times = this.times;
    const mask = this.mask;
    let bucket = this.cursor;
    let top = this.cursorTop;
    let slot = heads[bucket]!;
    if (slot !== NIL && times[slot]! < top) return slot; // in the current day
    let days = 0;
    do {
      if (top > limit || days > mask) return this.endWalk(bucket, top, days);
      bucket = (bucket + 1) & mask;
      top += this.width;
      slot = heads[bucket]!;
      days++;
    } while (slot === NIL || times[slot]! >= top);
    this.setCursor(bucket, top);
    // Moving on to the next day is the normal course; only longer walks count as cost.
    return days === 1 ? slot : this.chargeWalk(days - 1);
  }

  /**
   * Ends a walk of `days` days that passed `limit` at the day of `bucket` ending at `top`,
   * with no event found: moves the cursor there, since no event is earlier. A run sliced
   * into short `until` windows across a long idle stretch would walk it day by day, so once
   * such walks add up to a year's worth of days, or one walk covers a whole year, the queue
   * searches directly for the earliest event and puts the cursor on its day instead.
   * Returns what `findEarliest` returns.
   */
  private endWalk(bucket: number, top: number, days: number): number {
    if (this.count === 0) return NIL; // keep the cursor for the next push to place
    this.idleDays += days;
    if (this.idleDays > this.mask) return this.directSearch();
    this.setCursor(bucket, top);
    return days > 1 ? this.chargeWalk(days - 1) : NIL;
  }

  /**
   * Charges `steps` walked days to the cost window, which may re-bucket (and move the cursor
   * to the earliest event). Returns the head of the cursor's bucket if it falls in the
   * cursor's day, else NIL.
   */
  private chargeWalk(steps: number): number {
    this.chargeDequeue(steps);
    const head = this.heads[this.cursor]!;
    return head !== NIL && this.times[head]! < this.cursorTop ? head : NIL;
  }

  /** A whole year without an event: find the earliest bucket head directly (Brown). */
  private directSearch(): number {
    this.idleDays = 0;
    const heads = this.heads;
    const times = this.times;
    let earliest = Number.POSITIVE_INFINITY;
    for (let bucket = 0; bucket <= this.mask; bucket++) {
      const head = heads[bucket]!;
      if (head !== NIL && times[head]! < earliest) earliest = times[head]!;
    }
    this.moveCursorTo(earliest);
    this.chargeDequeue(2 * (this.mask + 1));
    return this.heads[this.cursor]!; // charging may have re-bucketed; the cursor follows
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

  /**
   * Sets the time of `slot` and inserts it into its bucket after every event that comes
   * before it in (time, order). The common case, a new event that is the latest of its
   * bucket, is handled here; `insertSorted` walks the list otherwise.
   */
  private link(slot: number, time: Time): void {
    const times = this.times;
    times[slot] = time;
    if (time < this.cursorStart) this.moveCursorTo(time);
    // ToInt32 truncates, which is floor for t >= 0, and keeps the low bits: the bucket.
    const bucket = (time * this.invWidth) & this.mask;
    const tail = this.tails[bucket]!;
    if (tail !== NIL && (times[tail]! > time || (times[tail] === time && this.ranksAfter(tail, slot)))) {
      this.chargeEnqueue(this.insertSorted(slot, time, bucket, tail));
      return;
    }
    if (tail === NIL) this.heads[bucket] = slot;
    else this.next[tail] = slot;
    this.prev[slot] = tail;
    this.next[slot] = NIL;
    this.tails[bucket] = slot;
  }

  /**
   * Inserts `slot` into `bucket`, whose tail comes after it: walks back to the last event
   * before it in (time, order) and links it after. Returns the number of events walked past.
   */
  private insertSorted(slot: number, time: Time, bucket: number, tail: number): number {
    const next = this.next;
    const prev = this.prev;
    const times = this.times;
    let later = tail;
    let earlier = prev[later]!;
    let steps = 1;
    while (earlier !== NIL && (times[earlier]! > time || (times[earlier] === time && this.ranksAfter(earlier, slot)))) {
      later = earlier;
      earlier = prev[later]!;
      steps++;
    }
    if (earlier === NIL) this.heads[bucket] = slot;
    else next[earlier] = slot;
    prev[slot] = earlier;
    next[slot] = later;
    prev[later] = slot;
    return steps;
  }

  /** Whether event `a` ranks after event `b` of the same time. */
  private ranksAfter(a: number, b: number): boolean {
    const atA = this.scheduledAt[a]!;
    const atB = this.scheduledAt[b]!;
    if (atA !== atB) return atA > atB;
    const schedulerA = this.schedulers[a]!;
    const schedulerB = this.schedulers[b]!;
    return schedulerA > schedulerB || (schedulerA === schedulerB && this.sequences[a]! > this.sequences[b]!);
  }

  private unlink(slot: number): void {
    const bucket = (this.times[slot]! * this.invWidth) & this.mask;
    const earlier = this.prev[slot]!;
    const later = this.next[slot]!;
    if (earlier === NIL) this.heads[bucket] = later;
    else this.next[earlier] = later;
    if (later === NIL) this.tails[bucket] = earlier;
    else this.prev[later] = earlier;
  }

  /** Puts a never-used slot on the free list, doubling the record arrays when they are full. */
  private addSlot(): void {
    const slot = this.slotCount;
    if (slot === this.times.length) {
      if (this.slotBits === MAX_SLOT_BITS) throw new RangeError(`more than ${slot} events pending at once`);
      this.slotBits++;
      this.times = grow(this.times, new Float64Array(2 * slot));
      this.next = grow(this.next, new Int32Array(2 * slot));
      this.prev = grow(this.prev, new Int32Array(2 * slot));
      this.kinds = grow(this.kinds, new Int32Array(2 * slot));
      this.scheduledAt = grow(this.scheduledAt, new Float64Array(2 * slot));
      this.schedulers = grow(this.schedulers, new Int32Array(2 * slot));
      this.sequences = grow(this.sequences, new Float64Array(2 * slot));
      this.owners = grow(this.owners, new Int32Array(2 * slot));
      this.generations = grow(this.generations, new Int32Array(2 * slot));
      for (let i = 2 * slot; i < 4 * slot; i++) this.refs.push(null);
    }
    this.slotCount++;
    this.next[slot] = this.freeSlot;
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
   * The walks of this window used up its step budget: re-bucket if they cost more than
   * REVIEW_LIMIT steps per operation, in the direction that cuts the larger cost; else just
   * start a new window (a long window of cheap operations also ends here).
   */
  private review(): void {
    const dequeues = this.shiftCount - this.windowShifted;
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
    const length = this.reviewWindow || Math.max(REVIEW_WINDOW, 4 * (this.mask + 1 + this.count));
    this.stepBudget = 2 * REVIEW_LIMIT * length;
    this.enqueueSteps = 0;
    this.dequeueSteps = 0;
    this.cancels = 0;
    this.windowCount = this.count;
    this.windowShifted = this.shiftCount;
    this.windowTop = this.cursorTop;
  }

  /** Brown's resize: a new bucket count, with the width re-estimated from the head events. */
  private resize(buckets: number): void {
    const order = this.sortedSlots();
    const head = new Float64Array(Math.min(order.length, HEAD_SAMPLE));
    for (let i = 0; i < head.length; i++) head[i] = this.times[order[i]!]!;
    const width = order.length < 2 ? this.width : widthFor(headSpacing(head));
    this.rebucket(buckets, width, order);
  }

  /**
   * Every pending slot in (time, order). Each bucket's list is such a run already, and events
   * at equal times share a bucket, so merging the lists by time alone sorts them all.
   */
  private sortedSlots(): Int32Array {
    const slots = new Int32Array(this.count);
    const starts = new Int32Array(this.mask + 2);
    let runs = 0;
    let i = 0;
    for (let bucket = 0; bucket <= this.mask; bucket++) {
      let slot = this.heads[bucket]!;
      if (slot === NIL) continue;
      starts[runs++] = i;
      for (; slot !== NIL; slot = this.next[slot]!) slots[i++] = slot;
    }
    starts[runs] = i;
    return mergeRuns(slots, starts, runs, this.times);
  }

  /**
   * Re-links every event into `buckets` buckets of `width` ps, in (time, order)
   * (`order`, else sorted here), so that each one is appended to its bucket: O(n log n) even
   * when the new days are far too long, where linking one by one would walk O(n^2).
   */
  private rebucket(buckets: number, width: number, order = this.sortedSlots()): void {
    this.heads = new Int32Array(buckets).fill(NIL);
    this.tails = new Int32Array(buckets).fill(NIL);
    this.mask = buckets - 1;
    this.width = width;
    this.invWidth = 1 / width;
    this.growAt = 2 * buckets;
    this.shrinkAt = buckets > MIN_BUCKETS ? buckets / 2 : 0;
    this.cursorStart = Number.POSITIVE_INFINITY; // the first `link` moves the cursor there
    this.rebucketCount++;
    for (let i = 0; i < order.length; i++) this.link(order[i]!, this.times[order[i]!]!);
    this.startWindow();
  }
}

function grow<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
