/**
 * A deliberately naive reference for the engine's ordering contract, and a scenario driver
 * that replays the same script against it and against the real Engine.
 *
 * The reference keeps live events in an array and, at each step, runs the one with the
 * smallest (time, scheduling sequence): exactly the documented contract, with no cleverness
 * to get wrong.
 */
import type { EventHandler, EventTarget, RunOptions } from "../src/index.js";

interface RefEvent {
  time: number;
  seq: number;
  id: number;
  target: EventTarget<unknown>;
  kind: number;
  payload: unknown;
}

export class ReferenceEngine {
  now = 0;
  private seq = 0;
  private readonly events: RefEvent[] = [];

  get pending(): number {
    return this.events.length;
  }

  at<P>(time: number, target: EventTarget<P>, kind = 0, payload?: P): number {
    const id = this.seq++;
    this.events.push({ time, seq: id, id, target: target as EventTarget<unknown>, kind, payload });
    return id;
  }

  after<P>(delay: number, target: EventTarget<P>, kind = 0, payload?: P): number {
    return this.at(this.now + delay, target, kind, payload);
  }

  /** `soon` is `at(now)` without an id. */
  soon(target: EventHandler, kind: number): void {
    this.at(this.now, target, kind);
  }

  cancel(id: number): boolean {
    const index = this.events.findIndex((event) => event.id === id);
    if (index < 0) return false;
    this.events.splice(index, 1);
    return true;
  }

  nextEventTime(): number | undefined {
    return this.earliest()?.time;
  }

  run(options: RunOptions = {}): { events: number } {
    const until = options.until ?? Number.MAX_SAFE_INTEGER;
    let events = 0;
    for (;;) {
      const next = this.earliest();
      if (next === undefined || next.time > until) break;
      this.events.splice(this.events.indexOf(next), 1);
      this.now = next.time;
      events++;
      if (typeof next.target === "function") next.target(next.payload);
      else next.target.handleEvent(next.kind, next.payload);
    }
    if (options.until !== undefined) this.now = options.until;
    return { events };
  }

  private earliest(): RefEvent | undefined {
    let best: RefEvent | undefined;
    for (const event of this.events) {
      if (best === undefined || event.time < best.time || (event.time === best.time && event.seq < best.seq)) {
        best = event;
      }
    }
    return best;
  }
}

/** What both the Engine and the reference offer the driver. */
export interface Simulator {
  readonly now: number;
  readonly pending: number;
  at<P>(time: number, target: EventTarget<P>, kind?: number, payload?: P): number;
  after<P>(delay: number, target: EventTarget<P>, kind?: number, payload?: P): number;
  soon(target: EventHandler, kind: number): void;
  cancel(id: number): boolean;
  nextEventTime(): number | undefined;
  run(options?: RunOptions): { events: number };
}

/** One thing a handler does when its event runs. */
export type Action =
  | { type: "after"; delay: number }
  | { type: "at"; offset: number }
  | { type: "cancel"; pick: number }
  | { type: "soon" }
  | { type: "callback"; delay: number };

export interface Script {
  /** Times of the events scheduled before the first run. */
  initial: number[];
  /** What the n-th handled event does (nothing once the list is exhausted). */
  actions: Action[][];
  /** Each run({ until }) goes this far past the previous clock; a final run() follows. */
  runs: number[];
}

/**
 * Replays `script` on `sim` and returns its trace: which labelled event ran at what time,
 * each cancel's result, and the clock and pending count after each run. Events are labelled
 * in scheduling order, so traces of two simulators compare directly.
 */
export function drive(sim: Simulator, script: Script): string[] {
  const trace: string[] = [];
  const ids: number[] = [];
  let handled = 0;
  const schedule = (time: number | null, delay: number, asCallback: boolean): void => {
    const label = ids.length;
    const id = asCallback
      ? sim.after(delay, (payload: number) => onEvent(payload, "f"), 0, label)
      : time === null
        ? sim.after(delay, handler, label % 7, label)
        : sim.at(time, handler, label % 7, label);
    ids.push(id);
  };
  /** A `soon` event carries its label in its kind (it has no payload) and no id to cancel. */
  const SOON = 1 << 20;
  const scheduleSoon = (): void => {
    sim.soon(handler, SOON + ids.length);
    ids.push(-1);
  };
  const onEvent = (label: number, how: string): void => {
    trace.push(`${how}${label}@${sim.now}`);
    for (const action of script.actions[handled++] ?? []) {
      if (action.type === "after") schedule(null, action.delay, false);
      else if (action.type === "callback") schedule(null, action.delay, true);
      else if (action.type === "at") schedule(sim.now + action.offset, 0, false);
      else if (action.type === "soon") scheduleSoon();
      else if (ids.length > 0) {
        const victim = action.pick % ids.length;
        trace.push(`cancel${victim}=${sim.cancel(ids[victim] as number)}`);
      }
    }
  };
  const handler: EventHandler<number> = {
    handleEvent(kind, label) {
      if (kind >= SOON) return onEvent(kind - SOON, "s");
      if (kind !== label % 7) throw new Error(`kind ${kind} delivered for event ${label}`);
      onEvent(label, "h");
    },
  };
  for (const time of script.initial) schedule(time, 0, false);
  for (const step of script.runs) {
    const result = sim.run({ until: sim.now + step });
    trace.push(`run ${result.events} now=${sim.now} pending=${sim.pending} next=${sim.nextEventTime()}`);
  }
  const result = sim.run();
  trace.push(`run ${result.events} now=${sim.now} pending=${sim.pending}`);
  return trace;
}
