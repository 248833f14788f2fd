import type { Time } from "@losslab/engine";
import type { Link, SwitchModel } from "@losslab/switch";
import { deadlockError, WaitsFor } from "./waits-for.js";

/**
 * Watches a run for a deadlock: at each `check`, if no switch has started a packet on any
 * link since the previous check while packets wait in switch buffers, it looks for a cycle
 * of input buffers each holding a packet that cannot leave for want of room in the next
 * (credits short, or the next buffer has sent PAUSE upstream): a credit loop (Dally and
 * Seitz's channel dependency cycle, realised; `WaitsFor`). Such a cycle never clears by
 * itself, so the run stops with a `DeadlockError` naming the buffers and the blocked
 * outputs. A standstill without such a cycle (every source paused, say) is left alone.
 */
export class DeadlockWatchdog {
  private readonly switchLinks: Link[];
  private readonly switches: readonly SwitchModel[];
  private readonly waitsFor: WaitsFor;
  private sentBefore = -1;
  private movedAt: Time = 0;

  constructor(switches: Iterable<SwitchModel>, links: Iterable<Link>) {
    this.switches = [...switches];
    const isSwitch = new Set<unknown>(this.switches);
    this.switchLinks = [...links].filter((link) => isSwitch.has(link.from));
    this.waitsFor = new WaitsFor(this.switches, this.switchLinks);
  }

  /** Throws a `DeadlockError` if nothing moved since the last check and a credit loop holds the packets. */
  check(now: Time): void {
    let sent = 0;
    for (const link of this.switchLinks) sent += link.packetsSent;
    if (sent !== this.sentBefore) {
      this.sentBefore = sent;
      this.movedAt = now;
      return;
    }
    const loop = this.waitsFor.findLoop([this.waitsFor.describe(this.switches)]);
    if (loop === undefined) return;
    let waiting = 0;
    for (const device of this.switches) {
      for (let port = 0; port < device.portCount; port++) waiting += device.inputPackets(port).length;
    }
    throw deadlockError(now, this.movedAt, waiting, loop);
  }
}
