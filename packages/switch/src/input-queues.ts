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
   * A transfer from `input` has just exposed a new head of one of its queues, for `output`,
   * which may go from `eligibleAt` on (later than now): the arbitration must run by then,
   * unless a transfer end that arbitrates anyway (of `input`'s transfer, or of the one
   * `output` receives) comes no earlier.
   */
  headWaits(input: number, output: number, eligibleAt: Time): void;
}

/**
 * How the packets in the input buffers are queued and which of them cross the crossbar
 * (the allocator). An input sends one packet at a time.
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
  /** Packets queued at `input`. */
  queuedAt(input: number): number;
  /**
   * Whether the last match stopped at its iteration limit while still granting: another
   * match might then start more with nothing changed (a maximal allocator never does).
   */
  mayMatchMore(): boolean;
}
