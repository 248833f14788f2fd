import { EventQueue } from "./event-queue.js";
import type { EventCallback, EventHandler, EventId, EventTarget } from "./event-target.js";
import { RngStreams } from "./rng.js";
import { formatTime, MAX_TIME, type Time } from "./time.js";

/** MAX_TIME as a module constant, so the hot paths read no imported binding. */
const LAST_TIME = Number.MAX_SAFE_INTEGER;
/** Devices `Engine.device` may number, 0 (the run itself) included. */
export const MAX_DEVICES = 2 ** 24;

export interface EngineOptions {
  /** Seed of every RNG stream of this simulation (default 1). */
  seed?: number | string;
}

export interface RunOptions {
  /** Run the events at times <= until, then leave the clock at `until`. Default: until none is left. */
  until?: Time;
}

export interface RunResult {
  /** Why the run returned. */
  reason: "until" | "empty" | "stopped";
  /** Events handled by this call. */
  events: number;
  now: Time;
}

/** Misuse of the engine: an impossible time, a nested run, running after `stop()`. */
export class EngineError extends Error {
  override name = "EngineError";
}

/**
 * The discrete-event kernel. Owns the clock (integer picoseconds), the event queue and the
 * simulation's RNG streams. No globals: several engines can run side by side in one process.
 *
 * Events at equal times run in the order they were scheduled in simulated time, and those
 * scheduled at the same instant in the order of the device that scheduled them, then of that
 * device's own sequence: every event belongs to a device (`device`, a number the caller
 * gives; 0 is the run itself), and whatever a handler schedules is scheduled by the device
 * of the event it handles. So a run is a pure function of the scenario and the seed, and the
 * order does not change when the devices are split over several engines (docs/spec/parallel.md).
 */
export class Engine {
  readonly rng: RngStreams;
  private readonly queue = new EventQueue();
  /** The device whose event runs (or, outside a run, whose setup `asDevice` does). */
  private current = 0;
  /**
   * The sequence number of the current device's next event: how many it has scheduled. An
   * event's rank among those of its time is (when it was scheduled, the device that scheduled
   * it, this number).
   */
  private sequence = 0;
  /** Each device's `sequence` while another one is current, by device. */
  private sequences = new Float64Array(64);
  /**
   * Events `soon()` scheduled at the current time while no queued event was due by then, in
   * rank order: they run before the queue is consulted again, which is exactly
   * where the queue would have put them (`schedule` and `soon` keep every event that comes
   * before one of them out of the queue's present), without its insertion and removal.
   */
  private readonly soonTargets: EventHandler[] = [];
  private readonly soonKinds: number[] = [];
  /** Each one's device, which scheduled it and handles it, and its sequence number. */
  private readonly soonOwners: number[] = [];
  private readonly soonSequences: number[] = [];
  /** The waiting `soon` events are at [soonNext, soonEnd); the arrays never shrink (no allocation per event). */
  private soonNext = 0;
  private soonEnd = 0;
  private soonHandled = 0;
  /**
   * In a part of a split run (`runOnly`): 1 for each device this engine runs, by device;
   * the others' events are skipped, counted in `skipped`. Undefined: every device is run.
   */
  private owned: Uint8Array | undefined;
  private skipped = 0;
  /** In a part, the events of the run itself (device 0) it ran: every part runs them. */
  private runEvents = 0;
  /** In a part, the events it ran of each device (index: the device), for `stats` (`deviceEvents`). */
  private perDevice: Float64Array = new Float64Array(0);
  /** In a part of a split run, the rank of the running event (`eventRank`). */
  private rankScheduledAt = -1;
  private rankScheduler = -1;
  private rankSequence = -1;
  private clock: Time = 0;
  private running = false;
  /** stop() was called; the run in progress returns after the current event. */
  private stopRequested = false;
  /** stop() took effect: no run or step may follow. */
  private stopped = false;

  constructor(options: EngineOptions = {}) {
    this.rng = new RngStreams(options.seed ?? 1);
  }

  /** Current simulation time in picoseconds. */
  get now(): Time {
    return this.clock;
  }

  /** Live events waiting to run (cancelled events are gone at once). */
  get pending(): number {
    return this.queue.length + this.soonEnd - this.soonNext;
  }

  /**
   * Events handled since the engine was created. A `soon` event taken back by `takeSoon`
   * counts as one (its work is done), so that the count does not depend on whether it was.
   */
  get eventsHandled(): number {
    // Every event taken out of the queue is handled, but those a part skips (`runOnly`).
    return this.queue.shifted + this.soonHandled - this.skipped;
  }

  /**
   * Makes this engine one part of a run split over several (docs/spec/parallel.md sec. 6):
   * from now on it runs only the events of the devices `owned` marks with 1 (index: the
   * device) and of the run itself (device 0, which every part runs alike); another device's
   * event is dropped when its turn comes, since that device's own part runs it. What a part
   * owes another goes through links (`Link.crossTo`) and comes back with `atRanked`. An
   * event for another part's device scheduled by one of this part's devices (not the run)
   * throws: it would have had to cross without a link's delay.
   */
  runOnly(owned: Uint8Array): void {
    if (this.running) throw new EngineError("runOnly() called from inside an event handler");
    this.owned = owned;
    this.perDevice = new Float64Array(owned.length);
  }

  /** Whether this engine is one part of a split run (`runOnly`). */
  get isPart(): boolean {
    return this.owned !== undefined;
  }

  /**
   * In a part (`runOnly`), the events it has run so far of each device (index: the device;
   * 0, the run itself): the work of each device, from which `stats` predicts other splits.
   */
  get deviceEvents(): Float64Array {
    return this.perDevice;
  }

  /** In a part (`runOnly`), the events of the run itself (device 0) it ran, which every part runs alike. */
  get runEventsHandled(): number {
    return this.runEvents;
  }

  /**
   * In a part (`runOnly`), the rank of the event running now: the time it was scheduled at
   * (`eventScheduledAt`), the device that scheduled it (`eventScheduler`) and that device's
   * sequence number (`eventSequence`); a `soon` event taken back by `takeSoon` counts as its
   * own event. A split run orders what several parts do at one instant by it, as the single
   * engine would have. -1 before the part's first event.
   */
  get eventScheduledAt(): Time {
    return this.rankScheduledAt;
  }

  get eventScheduler(): number {
    return this.rankScheduler;
  }

  get eventSequence(): number {
    return this.rankSequence;
  }

  /** The device whose event is running, which schedules what is scheduled now (0: the run itself). */
  get device(): number {
    return this.current;
  }

  /**
   * Calls `setup` as device `device` (an integer in [0, MAX_DEVICES)), outside a run: what it
   * schedules is scheduled by that device and handled by it. A simulation builds each device
   * this way so that the events a device starts with are ranked the same whichever engine
   * builds it. Returns what `setup` returns.
   */
  asDevice<T>(device: number, setup: () => T): T {
    if (this.running) throw new EngineError("asDevice() called from inside an event handler");
    this.checkDevice("asDevice", device);
    const previous = this.current;
    this.switchTo(device);
    try {
      return setup();
    } finally {
      this.switchTo(previous);
    }
  }

  /** Whether `stop()` ended this engine. */
  get isStopped(): boolean {
    return this.stopRequested;
  }

  /**
   * Schedules `target` at absolute time `time` (integer ps, >= now). A handler object
   * receives `handleEvent(kind, payload)`; a function receives `payload`. `kind` is an int32
   * a handler object can switch on. The event is handled by device `device` (default: the
   * current one; a link passes the device at its far end). Events at equal times run in the
   * order they were scheduled in simulated time, then of the devices that scheduled them,
   * then in each one's scheduling order.
   */
  at<P>(time: Time, target: EventTarget<P>, kind = 0, payload?: P, device = this.current): EventId {
    if (
      !(time >= this.clock && time <= LAST_TIME && Math.floor(time) === time && (kind | 0) === kind) ||
      target == null ||
      !(device >= 0 && (device | 0) === device)
    ) {
      this.rejectAt(time, kind, target, device);
    }
    return this.schedule(time, target as EventTarget<never>, kind, payload, device);
  }

  /** Schedules `target` `delay` picoseconds from now (integer ps, >= 0); otherwise like `at`. */
  after<P>(delay: Time, target: EventTarget<P>, kind = 0, payload?: P, device = this.current): EventId {
    const time = this.clock + delay;
    if (
      !(delay >= 0 && time <= LAST_TIME && Math.floor(delay) === delay && (kind | 0) === kind) ||
      target == null ||
      !(device >= 0 && (device | 0) === device)
    ) {
      this.rejectAfter(delay, kind, target, device);
    }
    return this.schedule(time, target as EventTarget<never>, kind, payload, device);
  }

  /**
   * Schedules `target.handleEvent(kind)` now for the current device, like `at(now, target,
   * kind)` but without an id (it cannot be cancelled) and, when no queued event is due now,
   * without the queue: for the zero-delay wake-ups of the hot path, such as a switch's
   * arbitration after the instant's arrivals. The order of events is the same as with `at`.
   */
  soon(target: EventHandler, kind: number): void {
    const device = this.current;
    const sequence = this.sequence++;
    const end = this.soonEnd;
    // The list stays in rank order and ahead of every queued event of this instant.
    if (end !== 0 && this.outranksSoon(device, sequence)) this.flushSoon();
    else if (!this.queue.hasEventBy(this.clock)) {
      this.soonTargets[end] = target;
      this.soonKinds[end] = kind;
      this.soonOwners[end] = device;
      this.soonSequences[end] = sequence;
      this.soonEnd = end + 1;
      return;
    }
    this.queue.push(this.clock, target as EventTarget<never>, kind, undefined, this.clock, device, sequence, device);
  }

  /**
   * Takes back the `soon(target, kind)` event if it is the very next event to run (first in
   * the list of `soon` events, which run before the queue is consulted), so that a handler
   * that asked for it may do its work at the end of its own event instead: nothing runs in
   * between either way, so the order of events is unchanged, and the work costs no event
   * dispatch. It still counts as handled, and its rank was used when it was scheduled, so
   * nothing depends on whether it was taken back (which, in a run split over engines, depends
   * on what the other devices of this engine do). Only from inside a running event of the
   * same device, at its end; returns whether it took it.
   */
  takeSoon(target: EventHandler, kind: number): boolean {
    const index = this.soonNext;
    if (
      !this.running ||
      index === this.soonEnd ||
      this.soonTargets[index] !== target ||
      this.soonKinds[index] !== kind ||
      this.soonOwners[index] !== this.current
    ) {
      return false;
    }
    if (this.owned !== undefined) this.rankSoon(index);
    this.soonNext = index + 1;
    if (this.soonNext === this.soonEnd) this.soonNext = this.soonEnd = 0;
    this.soonHandled++;
    return true;
  }

  /** Cancels a scheduled event. Returns false if it already ran, was cancelled, or is unknown. */
  cancel(id: EventId): boolean {
    return this.queue.cancel(id);
  }

  /**
   * Takes the sequence number the current device's next event would get, for an event that
   * another engine will hold (a frame to a device run elsewhere): that engine queues it with
   * `atRanked(..., engine.device, sequence)`, so that it runs where it would in one engine.
   */
  takeSequence(): number {
    return this.sequence++;
  }

  /**
   * Schedules, for `device`, an event device `scheduler` of another engine scheduled at time
   * `scheduledAt` with sequence number `sequence` (`takeSequence` there), at a time after now:
   * it runs where it would have run had that device scheduled it here.
   */
  atRanked<P>(
    time: Time,
    target: EventTarget<P>,
    kind: number,
    payload: P,
    device: number,
    scheduledAt: Time,
    scheduler: number,
    sequence: number,
  ): EventId {
    if (!(time > this.clock && time <= LAST_TIME && Math.floor(time) === time && scheduledAt <= time)) {
      throw new EngineError(
        `atRanked(): needs a time after now (${formatTime(this.clock)}) and after scheduledAt; got ${String(time)}, ${String(scheduledAt)}`,
      );
    }
    if (!(Number.isSafeInteger(sequence) && sequence >= 0)) {
      throw new EngineError(`atRanked(): sequence must be a number from takeSequence(); got ${String(sequence)}`);
    }
    this.checkDevice("atRanked", scheduler);
    if (!((kind | 0) === kind && target != null && device >= 0 && device < MAX_DEVICES && (device | 0) === device)) {
      this.rejectEvent("atRanked", kind, target, device);
    }
    return this.queue.push(time, target as EventTarget<never>, kind, payload, scheduledAt, scheduler, sequence, device);
  }

  /**
   * Queues an event ranked (current device, its next sequence), for `device`. One ranked
   * before a waiting `soon` event of this instant moves the list into the queue first, which
   * then orders them all (rare: a zero-delay event of a lower-numbered device).
   */
  private schedule(time: Time, target: EventTarget<never>, kind: number, payload: unknown, device: number): EventId {
    const scheduler = this.current;
    const sequence = this.sequence++;
    if (time === this.clock && this.soonEnd !== 0 && this.outranksSoon(scheduler, sequence)) this.flushSoon();
    return this.queue.push(time, target, kind, payload, this.clock, scheduler, sequence, device);
  }

  /**
   * Whether an event scheduled now by `device` as its `sequence` comes before the last waiting
   * `soon` event (scheduled now too: the list empties before the clock moves).
   */
  private outranksSoon(device: number, sequence: number): boolean {
    const last = this.soonEnd - 1;
    const owner = this.soonOwners[last]!;
    return device < owner || (device === owner && sequence < this.soonSequences[last]!);
  }

  /** Moves the waiting `soon` events into the queue, with their ranks. */
  private flushSoon(): void {
    for (let index = this.soonNext; index < this.soonEnd; index++) {
      const target = this.soonTargets[index] as EventTarget<never>;
      const owner = this.soonOwners[index]!;
      const sequence = this.soonSequences[index];
      this.queue.push(this.clock, target, this.soonKinds[index]!, undefined, this.clock, owner, sequence, owner);
    }
    this.soonNext = this.soonEnd = 0;
  }

  /** Makes `device` the current one: it schedules from now on, with its own sequence. */
  private switchTo(device: number): void {
    if (device >= this.sequences.length) this.growSequences(device);
    const sequences = this.sequences;
    sequences[this.current] = this.sequence;
    this.current = device;
    this.sequence = sequences[device]!;
  }

  private growSequences(device: number): void {
    this.checkDevice("at", device);
    let length = this.sequences.length;
    while (length <= device) length *= 2;
    const sequences = new Float64Array(length);
    sequences.set(this.sequences);
    this.sequences = sequences;
  }

  private checkDevice(method: string, device: number): void {
    if (!(Number.isInteger(device) && device >= 0 && device < MAX_DEVICES)) {
      throw new EngineError(`${method}(): device must be an integer in [0, ${MAX_DEVICES}); got ${String(device)}`);
    }
  }

  /** Time of the next live event, or undefined if none is waiting. */
  nextEventTime(): Time | undefined {
    return this.soonNext < this.soonEnd ? this.clock : this.queue.peekTime();
  }

  /**
   * Runs events in (time, scheduling device, its sequence) order. With `until`, runs every event at a time
   * <= until (including those scheduled meanwhile) and then sets the clock to `until`;
   * without, runs until no event is left. Returns early, clock at the last event, if a
   * handler calls `stop()`.
   */
  run(options: RunOptions = {}): RunResult {
    const bounded = options.until !== undefined;
    const until = options.until ?? LAST_TIME;
    if (bounded && !(until >= this.clock && until <= LAST_TIME && Math.floor(until) === until)) {
      throw new EngineError(
        `run({ until }) needs an integer time in picoseconds between now (${formatTime(this.clock)}) and ${MAX_TIME}; got ${String(until)}`,
      );
    }
    this.enter("run");
    const queue = this.queue;
    const start = this.eventsHandled;
    if (this.owned !== undefined) {
      try {
        this.runPart(until, this.owned);
      } finally {
        this.leave();
      }
      return this.ranUntil(bounded, until, start);
    }
    try {
      // The body of `dispatch`, inlined by hand: this loop is the simulator's innermost.
      while (!this.stopRequested) {
        if (this.soonNext < this.soonEnd) {
          this.runSoon();
          continue;
        }
        const slot = queue.shift(until);
        if (slot < 0) break;
        this.clock = queue.timeOf(slot);
        const owner = queue.ownerOf(slot);
        if (owner !== this.current) this.switchTo(owner);
        const target = queue.targetOf(slot);
        const kind = queue.kindOf(slot);
        const payload = queue.payloadOf(slot);
        if (typeof target === "function") (target as EventCallback)(payload);
        else (target as EventHandler).handleEvent(kind, payload);
      }
    } finally {
      this.leave();
    }
    return this.ranUntil(bounded, until, start);
  }

  private ranUntil(bounded: boolean, until: Time, start: number): RunResult {
    let reason: RunResult["reason"] = "empty";
    if (this.stopped) reason = "stopped";
    else if (bounded) {
      this.clock = until;
      reason = "until";
    }
    return { reason, events: this.eventsHandled - start, now: this.clock };
  }

  /**
   * `run`'s loop for a part of a split run (`runOnly`): the same order, but it keeps the rank
   * of each event it runs (`eventRank`) and drops the events of other parts' devices. Apart
   * so that the single engine's loop pays for neither.
   */
  private runPart(until: Time, owned: Uint8Array): void {
    const queue = this.queue;
    while (!this.stopRequested) {
      if (this.soonNext < this.soonEnd) {
        this.rankSoon(this.soonNext);
        const soonOwner = this.soonOwners[this.soonNext]!;
        if (soonOwner === 0) this.runEvents++;
        this.perDevice[soonOwner]!++;
        this.runSoon();
        continue;
      }
      const slot = queue.shift(until);
      if (slot < 0) break;
      const owner = queue.ownerOf(slot);
      if (owner === 0) this.runEvents++;
      else if (owned[owner] !== 1) {
        this.skip(queue, slot, owned);
        continue;
      }
      this.perDevice[owner]!++;
      this.clock = queue.timeOf(slot);
      this.rankScheduledAt = queue.scheduledAtOf(slot);
      this.rankScheduler = queue.schedulerOf(slot);
      this.rankSequence = queue.sequenceOf(slot);
      if (owner !== this.current) this.switchTo(owner);
      const target = queue.targetOf(slot);
      const kind = queue.kindOf(slot);
      const payload = queue.payloadOf(slot);
      if (typeof target === "function") (target as EventCallback)(payload);
      else (target as EventHandler).handleEvent(kind, payload);
    }
  }

  /** The rank of the waiting `soon` event at `index`, about to run (or be taken back), becomes the current one. */
  private rankSoon(index: number): void {
    this.rankScheduledAt = this.clock;
    this.rankScheduler = this.soonOwners[index]!;
    this.rankSequence = this.soonSequences[index]!;
  }

  /** Drops another part's event; one of this part's own devices may not have scheduled it. */
  private skip(queue: EventQueue, slot: number, owned: Uint8Array): void {
    this.skipped++;
    const scheduler = queue.schedulerOf(slot);
    if (scheduler !== 0 && owned[scheduler] === 1) {
      throw new EngineError(
        `device ${scheduler} scheduled an event for device ${queue.ownerOf(slot)} of another part at ${formatTime(queue.timeOf(slot))}: parts meet only through links (Link.crossTo)`,
      );
    }
  }

  /** Runs exactly one event, for debugging. Returns false if none was waiting. */
  step(): boolean {
    this.enter("step");
    try {
      if (this.soonNext < this.soonEnd) {
        this.runSoon();
        return true;
      }
      const slot = this.queue.shift(LAST_TIME);
      if (slot < 0) return false;
      this.dispatch(this.queue, slot);
      return true;
    } finally {
      this.leave();
    }
  }

  /**
   * Ends the simulation for good. Inside a handler, the current `run` returns after this
   * event; outside, the engine stops at once. Any later `run()` or `step()` throws.
   */
  stop(): void {
    this.stopRequested = true;
    if (!this.running) this.stopped = true;
  }

  /** Runs the oldest `soon` event, at the current time; empties the list after its last. */
  private runSoon(): void {
    const index = this.soonNext++;
    const target = this.soonTargets[index]!;
    const kind = this.soonKinds[index]!;
    const owner = this.soonOwners[index]!;
    if (this.soonNext === this.soonEnd) this.soonNext = this.soonEnd = 0;
    this.soonHandled++;
    if (owner !== this.current) this.switchTo(owner);
    target.handleEvent(kind, undefined);
  }

  /**
   * Advances the clock to the event `queue.shift` just took out and hands it to its target.
   * `shift` already released the slot: the handler's own scheduling reuses it (cache-warm)
   * and cancelling the running event's id returns false.
   */
  private dispatch(queue: EventQueue, slot: number): void {
    this.clock = queue.timeOf(slot);
    const owner = queue.ownerOf(slot);
    if (owner !== this.current) this.switchTo(owner);
    const target = queue.targetOf(slot);
    const kind = queue.kindOf(slot);
    const payload = queue.payloadOf(slot);
    if (typeof target === "function") (target as EventCallback)(payload);
    else (target as EventHandler).handleEvent(kind, payload);
  }

  private enter(what: string): void {
    if (this.stopped) {
      throw new EngineError(`${what}() on a stopped engine: stop() is final, create a new Engine`);
    }
    if (this.running) throw new EngineError(`${what}() called from inside an event handler`);
    this.running = true;
  }

  /** Between runs, what is scheduled is the run's own (device 0), whichever device ran last. */
  private leave(): void {
    this.running = false;
    this.switchTo(0);
    if (this.stopRequested) this.stopped = true;
  }

  private rejectAt(time: number, kind: number, target: unknown, device: number): never {
    if (Number.isNaN(time)) throw new EngineError("at(): time is NaN");
    if (!Number.isFinite(time) || time > MAX_TIME) {
      throw new EngineError(`at(): time ${time} is beyond the last representable time (${MAX_TIME} ps)`);
    }
    if (Math.floor(time) !== time) {
      throw new EngineError(`at(): time ${time} is not an integer number of picoseconds (use the ns()/us() helpers)`);
    }
    if (time < this.clock) {
      throw new EngineError(`at(): time ${formatTime(time)} is in the past (now is ${formatTime(this.clock)})`);
    }
    this.rejectEvent("at", kind, target, device);
  }

  private rejectAfter(delay: number, kind: number, target: unknown, device: number): never {
    if (Number.isNaN(delay)) throw new EngineError("after(): delay is NaN");
    if (delay < 0) throw new EngineError(`after(): negative delay ${delay} ps`);
    if (Math.floor(delay) !== delay) {
      throw new EngineError(
        `after(): delay ${delay} is not an integer number of picoseconds (use the ns()/us() helpers)`,
      );
    }
    if (!(this.clock + delay <= MAX_TIME)) {
      throw new EngineError(`after(): now + ${delay} ps is beyond the last representable time (${MAX_TIME} ps)`);
    }
    this.rejectEvent("after", kind, target, device);
  }

  private rejectEvent(method: string, kind: number, target: unknown, device: number): never {
    if (target == null) throw new EngineError(`${method}(): the event target is ${target}`);
    this.checkDevice(method, device);
    throw new EngineError(`${method}(): kind must be an int32; got ${String(kind)}`);
  }
}
