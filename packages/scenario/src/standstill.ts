import type { Link, SwitchModel } from "@losslab/switch";
import { ensureBytes, growableMemory } from "./growable-memory.js";
import { deadlockError, type WaitsFor } from "./waits-for.js";

/**
 * The deadlock check of a split run, at each millisecond's end like the single run's
 * (`DeadlockWatchdog`): the parts report how many packets their switches have sent and how
 * many wait in their buffers, and after the barrier each adds them all up. At a standstill
 * (no switch anywhere sent a packet since the last check) with packets waiting, where the
 * single run looks for a credit loop, every part hands over what the search needs of its own
 * switches (`WaitsFor.describe`; a loop may span parts, and only a switch's own part knows its
 * state), the parts meet once more, and each searches the union as the single run searches
 * its fabric: the same loop, the same error, or the run goes on.
 */
export class Standstill {
  /** Per window parity, as the rings: a part reads what the others wrote while they write the next window's. */
  private readonly cells: Float64Array[];
  private sentBefore = -1;
  private movedAt = 0;

  /**
   * `memory`: the movement cells (`SplitMemory.movement`); `blocked`: each part's
   * `Standstill.blockedMemory()` (`SplitMemory.blocked`).
   */
  constructor(
    memory: SharedArrayBuffer,
    private readonly blocked: readonly SharedArrayBuffer[],
    private readonly part: number,
    private readonly waitsFor: WaitsFor,
  ) {
    const half = memory.byteLength / 2 / Float64Array.BYTES_PER_ELEMENT;
    this.cells = [
      new Float64Array(memory, 0, half),
      new Float64Array(memory, half * Float64Array.BYTES_PER_ELEMENT, half),
    ];
  }

  /**
   * Where a part hands over its blocked buffers: their count of numbers (int32), then the
   * numbers. Written and read only at a standstill, between two barriers, so one is enough:
   * the next write is a window later, after every part has read.
   */
  static blockedMemory(): SharedArrayBuffer {
    return growableMemory(1 << 12);
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

  /**
   * After the barrier: at a standstill with packets waiting, hands over `switches`' (this
   * part's) blocked buffers, meets the other parts (`meet`: the barrier) and throws a
   * `DeadlockError` if the buffers of all parts hold a credit loop.
   */
  check(parity: number, now: number, switches: readonly SwitchModel[], meet: () => void): void {
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
    // Every part added the same cells: all of them search, or none.
    if (waiting === 0) return;
    const own = this.waitsFor.describe(switches);
    const memory = this.blocked[this.part]!;
    ensureBytes(memory, 4 * (1 + own.length), "a part's blocked buffers");
    new Int32Array(memory, 4, own.length).set(own);
    new Int32Array(memory, 0, 1)[0] = own.length;
    meet();
    const all = this.blocked.map((theirs) => new Int32Array(theirs, 4, new Int32Array(theirs, 0, 1)[0]!));
    const loop = this.waitsFor.findLoop(all);
    if (loop !== undefined) throw deadlockError(now, this.movedAt, waiting, loop);
  }
}
