import type { Engine } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import type { Notification } from "./notification-log.js";
import { rankBefore } from "./rank-order.js";

/** Numbers per notification in `NotificationRanks.ranks`: time, scheduled at, scheduler, sequence (ps, device, count). */
const RANK = 4;

/** The notifications one part logged, each with the rank of the event that sent it: what part 0 merges. */
export interface PartNotifications {
  readonly notifications: readonly Notification[];
  /** `RANK` numbers per notification, in the order of `notifications`. */
  readonly ranks: readonly number[];
}

/**
 * The rank of the event in which each congestion notification of a part's log was sent
 * (docs/spec/parallel.md sec. 1), so that part 0 can merge the parts' logs into the single
 * run's. A CNM is a frame like any other (`SwitchBase.notify` queues it at the output toward
 * its source), so it crosses a cut link as one; only the log, which each part keeps of its
 * own switches, needs merging. The single run logs in event order, (time, rank), and in the
 * order of sending within one event: each event belongs to one part, so a merge by (time,
 * rank) that keeps each part's own order gives the single run's log.
 */
export class NotificationRanks {
  private readonly ranks: number[] = [];

  /**
   * Listens on every switch of `fabric`, after the log (`logNotifications`, attached when the
   * simulation was built), so the n-th rank is that of the log's n-th notification. Only the
   * part's own switches run, so only they send.
   */
  constructor(
    engine: Engine,
    fabric: Fabric,
    private readonly notifications: Notification[],
  ) {
    for (const device of fabric.switches.values()) {
      device.onNotification(() =>
        this.ranks.push(engine.now, engine.eventScheduledAt, engine.eventScheduler, engine.eventSequence),
      );
    }
  }

  /** This part's log and its ranks, for part 0 to `absorb`. */
  state(): PartNotifications {
    return { notifications: this.notifications, ranks: this.ranks };
  }

  /** Merges another part's log (its `state`, or that state's structured clone) into this part's, in place. */
  absorb(other: PartNotifications): void {
    const mine = this.notifications.splice(0);
    const myRanks = this.ranks.splice(0);
    let a = 0;
    let b = 0;
    const take = (from: readonly Notification[], ranks: readonly number[], index: number) => {
      this.notifications.push(from[index]!);
      for (let field = 0; field < RANK; field++) this.ranks.push(ranks[RANK * index + field]!);
    };
    while (a < mine.length || b < other.notifications.length) {
      if (b === other.notifications.length || (a < mine.length && !rankBefore(other.ranks, b, myRanks, a, RANK))) {
        take(mine, myRanks, a++);
      } else take(other.notifications, other.ranks, b++);
    }
  }
}
