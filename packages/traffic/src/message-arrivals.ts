import { PS_PER_S } from "@losslab/engine";
import { arrivalClock, type InjectionProcessKind } from "./injection-process.js";
import type { RunScope } from "./run-scope.js";
import type { MessageSize } from "./size-definition.js";

/** One source's messages: when x where x how much, each from its own stream. Internal. */
export interface ArrivalPlan {
  readonly source: string;
  readonly group: string;
  readonly process: InjectionProcessKind;
  readonly load: number;
  readonly size: MessageSize;
  readonly destinationOf: (source: string) => string;
  /** Real time (ps) of the process origin: slot 0 of a Bernoulli process. */
  readonly origin: number;
  /** Stop after this many messages (default: until the end of the scope). */
  readonly limit?: number;
}

/**
 * Schedules one source's messages on the scope's engine: the first at `origin + first()`,
 * then one every `gap()`, until the scope's end or `limit` messages. Times accumulate as
 * reals and are rounded to picoseconds only when scheduled, so rounding never drifts.
 * Streams: `traffic/<name>/<source>/arrivals` (when), `.../sizes` (how much); the
 * destination pattern owns the _where_ streams.
 */
export function scheduleArrivals(scope: RunScope, plan: ArrivalPlan): void {
  const { engine, sink } = scope;
  const { source, group, size, destinationOf, limit } = plan;
  const slotPs = (size.mean * PS_PER_S) / scope.bandwidthOf(source);
  const clock = arrivalClock(plan.process, scope.stream(`${source}/arrivals`), slotPs, plan.load);
  const sizes = scope.stream(`${source}/sizes`);
  let time = plan.origin + clock.first();
  let sent = 0;
  const schedule = (): void => {
    const at = Math.round(time);
    if (at < scope.end) engine.at(at, send);
  };
  const send = (): void => {
    sink.sendMessage({ source, destination: destinationOf(source), group, bytes: size.draw(sizes) });
    sent++;
    if (limit !== undefined && sent >= limit) return;
    time += clock.gap();
    schedule();
  };
  schedule();
}
