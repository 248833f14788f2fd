import { PS_PER_S, type Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import type { Flow } from "./flow.js";

/** The `pacing` option of a host adapter: how its rate limiter spaces a flow's packets. */
export type PacingMode = "since-start" | "scheduled";

/**
 * The rate limiter of a host's flows: a flow may start a packet once `bytes / rate` has
 * passed since its previous packet started, judged with the rate in force now (so a
 * decrease applies at once, and a flow idle for long may send at once: no tokens
 * accumulate, there is never a burst). With rate = Rmax / (1 + ipd) this is InfiniBand's
 * inter-packet delay of ipd packet times. A flow's first packet is never held back.
 *
 * "scheduled" pacing counts the gap from the previous packet's scheduled time instead of
 * its start when the port held that packet back by less than one gap, so flows sharing a
 * port at a combined rate near the line rate each get their rate.
 */
export class Pacing {
  private readonly scheduled: boolean;

  constructor(name: string, pacing: PacingMode | undefined) {
    const mode = pacing ?? "since-start";
    if (mode !== "since-start" && mode !== "scheduled") {
      throw OptionError.of(name, "pacing", 'must be "since-start" or "scheduled"', { value: mode });
    }
    this.scheduled = mode === "scheduled";
  }

  /**
   * When `flow`, limited to `rate` bytes per second, may start its next packet: a time after
   * `now` while the rate holds it back; otherwise the time its next gap will count from,
   * `now` or, with "scheduled" pacing, the time the packet was due.
   */
  startAt(flow: Flow, rate: number, now: Time): Time {
    if (flow.lastStart < 0 || rate === Number.POSITIVE_INFINITY) return now;
    const gap = Math.round((flow.lastBytes * PS_PER_S) / rate);
    const eligible = flow.lastStart + gap;
    if (eligible > now) return eligible;
    // "scheduled" pacing keeps the packet's schedule when the port held it back less than
    // one gap (another flow's frame), so the flow still gets its rate; a longer hold (PAUSE,
    // an idle flow) restarts the schedule from now: no catch-up burst.
    return this.scheduled && now - eligible <= gap ? eligible : now;
  }

  /**
   * Whether `flow`'s last packet still spaces its next at `rate` at `now` or any later time:
   * false when a flow that never sent would be paced the same from now on.
   */
  spaces(flow: Flow, rate: number, now: Time): boolean {
    if (flow.lastStart < 0 || rate === Number.POSITIVE_INFINITY) return false;
    const gap = Math.round((flow.lastBytes * PS_PER_S) / rate);
    const eligible = flow.lastStart + gap;
    return this.scheduled ? now - eligible <= gap : eligible > now;
  }

  /** `flow` started a packet of `bytes`; its next gap counts from `start` (`startAt`'s answer). */
  sent(flow: Flow, start: Time, bytes: number): void {
    flow.lastStart = start;
    flow.lastBytes = bytes;
  }
}
