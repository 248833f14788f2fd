import type { Packet, SwitchView } from "@losslab/core";
import { markPacket } from "./mark-packet.js";

/**
 * The two counters per output link of santos-2002 sec. 5. `cnt1` "contains the current
 * number of packets in the switch that are waiting for that output link": it is the
 * switch's own count, `view.waitingFor(output)` (a packet leaves it when its transmission
 * starts, spec/reproductions.md). `cnt2` "contains the number of next packets that need to
 * be marked when transmitted on that output link"; it lives here.
 *
 * Invariant: cnt2 <= cnt1. A trigger sets cnt2 = cnt1; an arrival raises only cnt1; a
 * departure lowers cnt1, and cnt2 too while it is positive. So re-triggering with
 * `cnt2 = cnt1` (the paper's "updated with the value of cnt1") equals `max(cnt2, cnt1)`: it
 * keeps the packets still owed a mark and adds those that arrived since the last trigger,
 * as santos-2003 sec. IV.A says.
 */
export class MarkCounters {
  private readonly view: SwitchView;
  private readonly cnt2: Int32Array;
  /** Data packets marked on departure. */
  marked = 0;

  constructor(view: SwitchView) {
    this.view = view;
    this.cnt2 = new Int32Array(view.portCount);
  }

  /** Marking event for `output`: "counter cnt2 is updated with the value of counter cnt1". */
  trigger(output: number): void {
    this.cnt2[output] = this.view.waitingFor(output);
  }

  /**
   * `packet` starts leaving on `output`: while cnt2 > 0 it is marked (if it is a data packet)
   * and cnt2 is decremented "at each transmission, until it reaches zero again". An ACK or
   * CNP uses up its turn unmarked: cnt1 counted it.
   */
  departing(packet: Packet, output: number): void {
    const owed = this.cnt2[output]!;
    if (owed === 0) return;
    this.cnt2[output] = owed - 1;
    if (markPacket(this.view.packets, packet)) this.marked++;
  }

  /** cnt2 of `output`: how many of its next departures will be marked. */
  pending(output: number): number {
    return this.cnt2[output]!;
  }
}
