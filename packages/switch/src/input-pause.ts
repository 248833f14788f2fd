import { XOFF_QUANTA } from "@losslab/core";

/**
 * The XOFF/XON hysteresis of a switch's input buffers (chrysos Fig. 1(c): "When the input
 * buffer occupancy reaches Qhigh, the input port sends a STOP to the CNA, which does not
 * forward new data until it receives a GO"). Per input it keeps the state the input wants
 * its upstream in and the state it last signalled; an input whose two differ owes one
 * PAUSE frame. A change back before that frame went out cancels it, so a threshold
 * crossed many times sends nothing more until the other threshold is crossed.
 */
export class InputPause {
  /** Inputs that owe a PAUSE frame. */
  owing = 0;
  /** Per input: 1 if it wants its upstream stopped, and 1 if it last signalled XOFF. */
  private readonly wanted: Uint8Array;
  private readonly signalled: Uint8Array;

  constructor(
    ports: number,
    private readonly xoffBytes: number,
    private readonly xonBytes: number,
  ) {
    this.wanted = new Uint8Array(ports);
    this.signalled = new Uint8Array(ports);
  }

  /** Input `input` holds `occupancy` bytes after an arrival; true if it now owes a frame. */
  rose(input: number, occupancy: number): boolean {
    if (occupancy < this.xoffBytes || this.wanted[input] === 1) return false;
    this.wanted[input] = 1;
    return this.changed(input);
  }

  /** Input `input` holds `occupancy` bytes after a departure; true if it now owes a frame. */
  fell(input: number, occupancy: number): boolean {
    if (occupancy >= this.xonBytes || this.wanted[input] === 0) return false;
    this.wanted[input] = 0;
    return this.changed(input);
  }

  owes(input: number): boolean {
    return this.wanted[input] !== this.signalled[input];
  }

  /** The frame `input` owes goes out now: returns its pause time in quanta (0: XON). */
  signal(input: number): number {
    const stop = this.wanted[input]!;
    this.signalled[input] = stop;
    this.owing--;
    return stop === 1 ? XOFF_QUANTA : 0;
  }

  /** Whether `input` last signalled XOFF (its upstream is, or is about to be, paused). */
  stopped(input: number): boolean {
    return this.signalled[input] === 1;
  }

  private changed(input: number): boolean {
    const owes = this.owes(input);
    this.owing += owes ? 1 : -1;
    return owes;
  }
}
