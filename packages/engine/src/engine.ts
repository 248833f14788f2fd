import { EventQueue } from "./event-queue.js";
import type { EventCallback, EventHandler, EventId, EventTarget } from "./event-target.js";
import { RngStreams } from "./rng.js";
import { formatTime, MAX_TIME, type Time } from "./time.js";

/** MAX_TIME as a module constant, so the hot paths read no imported binding. */
const LAST_TIME = Number.MAX_SAFE_INTEGER;

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
 * simulation's RNG streams. Events at equal times run in the order they were scheduled,
 * so a run is a pure function of the scenario and the seed. No globals: several engines
 * can run side by side in one process.
 */
export class Engine {
  readonly rng: RngStreams;
  private readonly queue = new EventQueue();
  /**
   * Events `soon()` scheduled at the current time while no queued event was due by then, in
   * scheduling order: they run before the queue is consulted again, which is exactly where
   * the queue would have put them (after every event of this instant scheduled before them,
   * before every event scheduled after), without its insertion and removal.
   */
  private readonly soonTargets: EventHandler[] = [];
  private readonly soonKinds: number[] = [];
  /** The waiting `soon` events are at [soonNext, soonEnd); the arrays never shrink (no allocation per event). */
  private soonNext = 0;
  private soonEnd = 0;
  private soonHandled = 0;
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

  /** Events handled since the engine was created (a `soon` event taken back by `takeSoon` is not one). */
  get eventsHandled(): number {
    return this.queue.shifted + this.soonHandled; // every event taken out of the queue is handled
  }

  /** Whether `stop()` ended this engine. */
  get isStopped(): boolean {
    return this.stopRequested;
  }

  /**
   * Schedules `target` at absolute time `time` (integer ps, >= now). A handler object
   * receives `handleEvent(kind, payload)`; a function receives `payload`. `kind` is an int32
   * a handler object can switch on. Events at equal times run in scheduling order.
   */
  at<P>(time: Time, target: EventTarget<P>, kind = 0, payload?: P): EventId {
    if (
      !(time >= this.clock && time <= LAST_TIME && Math.floor(time) === time && (kind | 0) === kind) ||
      target == null
    ) {
      this.rejectAt(time, kind, target);
    }
    return this.queue.push(time, target as EventTarget<never>, kind, payload);
  }

  /** Schedules `target` `delay` picoseconds from now (integer ps, >= 0). */
  after<P>(delay: Time, target: EventTarget<P>, kind = 0, payload?: P): EventId {
    const time = this.clock + delay;
    if (!(delay >= 0 && time <= LAST_TIME && Math.floor(delay) === delay && (kind | 0) === kind) || target == null) {
      this.rejectAfter(delay, kind, target);
    }
    return this.queue.push(time, target as EventTarget<never>, kind, payload);
  }

  /**
   * Schedules `target.handleEvent(kind)` now, like `at(now, target, kind)` but without an id
   * (it cannot be cancelled) and, when no queued event is due now, without the queue: for
   * the zero-delay wake-ups of the hot path, such as a switch's arbitration after the
   * instant's arrivals. The order of events is the same as with `at`.
   */
  soon(target: EventHandler, kind: number): void {
    if (!this.queue.hasEventBy(this.clock)) {
      this.soonTargets[this.soonEnd] = target;
      this.soonKinds[this.soonEnd++] = kind;
    } else {
      this.queue.push(this.clock, target as EventTarget<never>, kind, undefined);
    }
  }

  /**
   * Takes back the `soon(target, kind)` event if it is the very next event to run (first in
   * the list of `soon` events, which run before the queue is consulted), so that a handler
   * that asked for it may do its work at the end of its own event instead: nothing runs in
   * between either way, so the order of events is unchanged, and the work costs no event of
   * its own. Only from inside a running event, at its end; returns whether it took it.
   */
  takeSoon(target: EventHandler, kind: number): boolean {
    const index = this.soonNext;
    if (
      !this.running ||
      index === this.soonEnd ||
      this.soonTargets[index] !== target ||
      this.soonKinds[index] !== kind
    ) {
      return false;
    }
    this.soonNext = index + 1;
    if (this.soonNext === this.soonEnd) this.soonNext = this.soonEnd = 0;
    return true;
  }

  /** Cancels a scheduled event. Returns false if it already ran, was cancelled, or is unknown. */
  cancel(id: EventId): boolean {
    return this.queue.cancel(id);
  }

  /** Time of the next live event, or undefined if none is waiting. */
  nextEventTime(): Time | undefined {
    return this.soonNext < this.soonEnd ? this.clock : this.queue.peekTime();
  }

  /**
   * Runs events in (time, scheduling order). With `until`, runs every event at a time
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
        const target = queue.targetOf(slot);
        const kind = queue.kindOf(slot);
        const payload = queue.payloadOf(slot);
        if (typeof target === "function") (target as EventCallback)(payload);
        else (target as EventHandler).handleEvent(kind, payload);
      }
    } finally {
      this.leave();
    }
    let reason: RunResult["reason"] = "empty";
    if (this.stopped) reason = "stopped";
    else if (bounded) {
      this.clock = until;
      reason = "until";
    }
    return { reason, events: this.eventsHandled - start, now: this.clock };
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
    if (this.soonNext === this.soonEnd) this.soonNext = this.soonEnd = 0;
    this.soonHandled++;
    target.handleEvent(kind, undefined);
  }

  /**
   * Advances the clock to the event `queue.shift` just took out and hands it to its target.
   * `shift` already released the slot: the handler's own scheduling reuses it (cache-warm)
   * and cancelling the running event's id returns false.
   */
  private dispatch(queue: EventQueue, slot: number): void {
    this.clock = queue.timeOf(slot);
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

  private leave(): void {
    this.running = false;
    if (this.stopRequested) this.stopped = true;
  }

  private rejectAt(time: number, kind: number, target: unknown): never {
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
    this.rejectEvent("at", kind, target);
  }

  private rejectAfter(delay: number, kind: number, target: unknown): never {
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
    this.rejectEvent("after", kind, target);
  }

  private rejectEvent(method: string, kind: number, target: unknown): never {
    if (target == null) throw new EngineError(`${method}(): the event target is ${target}`);
    throw new EngineError(`${method}(): kind must be an int32; got ${String(kind)}`);
  }
}
