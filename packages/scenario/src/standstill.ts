import { formatTime } from "@losslab/engine";
import type { Link, SwitchModel } from "@losslab/switch";
import { ScenarioError } from "./scenario-error.js";

/**
 * The deadlock check of a split run, at each millisecond's end like the single run's
 * (`DeadlockWatchdog`): the parts report how many packets their switches have sent and how
 * many wait in their buffers, and after the barrier each adds them all up. A standstill (no
 * switch anywhere sent a packet since the last check) with packets waiting is where the
 * single run looks for a credit loop; the loop may span parts, which no part sees whole, so
 * the split run stops there, and says so, rather than guess.
 */
export class Standstill {
  /** Per window parity, as the rings: a part reads what the others wrote while they write the next window's. */
  private readonly cells: Float64Array[];
  private sentBefore = -1;
  private movedAt = 0;

  constructor(
    memory: SharedArrayBuffer,
    private readonly part: number,
  ) {
    const half = memory.byteLength / 2 / Float64Array.BYTES_PER_ELEMENT;
    this.cells = [
      new Float64Array(memory, 0, half),
      new Float64Array(memory, half * Float64Array.BYTES_PER_ELEMENT, half),
    ];
  }

  /** Before the barrier: this part's packets sent by its switches, and waiting in them. */
  report(parity: number, links: readonly Link[], switches: readonly SwitchModel[]): void {
    let sent = 0;
    for (const link of links) sent += link.packetsSent;
    let waiting = 0;
    for (const model of switches)
      for (let port = 0; port < model.portCount; port++) waiting += model.inputPackets(port).length;
    const cells = this.cells[parity]!;
    cells[2 * this.part] = sent;
    cells[2 * this.part + 1] = waiting;
  }

  /** After the barrier: throws at a standstill with packets waiting. */
  check(parity: number, now: number): void {
    const cells = this.cells[parity]!;
    let sent = 0;
    let waiting = 0;
    for (let at = 0; at < cells.length; at += 2) {
      sent += cells[at]!;
      waiting += cells[at + 1]!;
    }
    if (sent !== this.sentBefore) {
      this.sentBefore = sent;
      this.movedAt = now;
      return;
    }
    if (waiting === 0) return;
    throw new ScenarioError(
      `no switch sent a packet between ${formatTime(this.movedAt)} and ${formatTime(now)} while ${waiting} packets wait in switch buffers: a run split over threads cannot look for a credit loop across its parts; run it with --threads 1 to find out whether it deadlocked`,
    );
  }
}
