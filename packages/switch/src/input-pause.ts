import { XOFF_QUANTA } from "@losslab/core";

/**
 * The XOFF/XON hysteresis of a switch's input buffers (chrysos Fig. 1(c): "When the input
 * buffer occupancy reaches Qhigh, the input port sends a STOP to the CNA, which does not
 * forward new data until it receives a GO"), per (input, priority) buffer at
 * `input * priorities + priority`: with several priorities it is PFC (802.1Qbb), each
 * priority stopped and let go on its own buffer's occupancy. Per buffer it keeps the state
 * the input wants its upstream in and the state it last signalled; a buffer whose two
 * differ owes one PAUSE frame for its priority. A change back before that frame went out
 * cancels it, so a threshold crossed many times sends nothing more until the other
 * threshold is crossed.
 */
export class InputPause {
  /** Buffers that owe a PAUSE frame. */
  owing = 0;
  /** Per buffer: 1 if it wants its upstream's priority stopped, and 1 if it last signalled XOFF. */
  private readonly wanted: Uint8Array;
  private readonly signalled: Uint8Array;

  constructor(
    ports: number,
    private readonly priorities: number,
    private readonly xoffBytes: number,
    private readonly xonBytes: number,
  ) {
    this.wanted = new Uint8Array(ports * priorities);
    this.signalled = new Uint8Array(ports * priorities);
  }

  /** Buffer `slot` holds `occupancy` bytes after an arrival; true if it now owes a frame. */
  rose(slot: number, occupancy: number): boolean {
    return occupancy >= this.xoffBytes && this.want(slot, 1);
  }

  /** Buffer `slot` holds `occupancy` bytes after a departure; true if it now owes a frame. */
  fell(slot: number, occupancy: number): boolean {
    return occupancy < this.xonBytes && this.want(slot, 0);
  }

  /**
   * Buffer `slot` wants its upstream stopped (`stop` 1) or going (0), by a rule of its owner
   * (`rose` and `fell` are the fixed thresholds'); true if it now owes a frame.
   */
  want(slot: number, stop: 0 | 1): boolean {
    if (this.wanted[slot] === stop) return false;
    this.wanted[slot] = stop;
    return this.changed(slot);
  }

  /** The lowest priority of input `port` that owes a frame; -1 if none does. */
  owed(port: number): number {
    const base = port * this.priorities;
    for (let priority = 0; priority < this.priorities; priority++) {
      if (this.wanted[base + priority] !== this.signalled[base + priority]) return priority;
    }
    return -1;
  }

  /** The frame buffer `slot` owes goes out now: returns its pause time in quanta (0: XON). */
  signal(slot: number): number {
    const stop = this.wanted[slot]!;
    this.signalled[slot] = stop;
    this.owing--;
    return stop === 1 ? XOFF_QUANTA : 0;
  }

  /** Whether buffer `slot` last signalled XOFF (its upstream's priority is, or is about to be, paused). */
  stopped(slot: number): boolean {
    return this.signalled[slot] === 1;
  }

  private changed(slot: number): boolean {
    const owes = this.wanted[slot] !== this.signalled[slot];
    this.owing += owes ? 1 : -1;
    return owes;
  }
}
