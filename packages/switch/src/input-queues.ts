import type { Packet } from "@losslab/core";
import type { Time } from "@losslab/engine";

/**
 * The far side of the crossbar as an input organisation sees it: output links (no output
 * buffers) or output buffers (CIOQ). Each output takes one packet at a time.
 */
export interface CrossbarOutputs {
  /** Whether `output` can take `packet` now: free, and with room (credits) for all of it. */
  accepts(output: number, packet: Packet): boolean;
  /** Starts moving `packet` from `input` to `output`; `input` stays busy until `InputQueues.inputFreed`. */
  start(input: number, output: number, packet: Packet): void;
  /**
   * A transfer from `input` has just exposed a new head of one of its queues, for `output`
   * on VL `vl`, which may go from `eligibleAt` on (later than now): the arbitration must run
   * by then, unless a transfer end that arbitrates anyway (of `input`'s transfer, or of the
   * one `output` receives) comes no earlier.
   */
  headWaits(input: number, output: number, vl: number, eligibleAt: Time): void;
}

/**
 * How the packets in the input buffers are queued and which of them cross the crossbar
 * (the allocator). An input sends one packet at a time, whatever its VL.
 */
export interface InputQueues {
  /**
   * `packet`, just arrived at `input`, will leave on `output` and may go from `eligibleAt` on.
   * Returns whether it heads its queue, so that its becoming eligible can decide a match; a
   * packet behind others can go only after they have, which is decided when they go.
   */
  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean;
  /** Starts the transfers the allocator picks among free inputs and the outputs that accept. */
  match(now: Time, outputs: CrossbarOutputs): void;
  /** The transfer from `input` ended: it may send again. */
  inputFreed(input: number): void;
  /** The packet at `input` on VL `vl` that would cross to `output` next, if it heads its queue; undefined if none. */
  head(input: number, output: number, vl: number): Packet | undefined;
  /** Packets queued at `input`. */
  queuedAt(input: number): number;
  /**
   * Whether a match now might start more with nothing changed since the last one (its
   * iteration limit left a free input with an eligible head whose output would take it).
   */
  mayMatchMore(): boolean;
  /**
   * True if a match always leaves no such pair (one pass over strict FIFO heads), so that
   * only a change can let something start. False for iSLIP with an iteration limit: there,
   * any arbitration, even one asked for by a packet that cannot go, may match what the last
   * one left, so the models keep every packet's eligibility event to arbitrate when they did.
   */
  readonly maximal: boolean;
}
