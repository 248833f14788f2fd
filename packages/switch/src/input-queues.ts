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
}

/**
 * How the packets in the input buffers are queued and which of them cross the crossbar
 * (the allocator). An input sends one packet at a time.
 */
export interface InputQueues {
  /** `packet`, just arrived at `input`, will leave on `output` and may go from `eligibleAt` on. */
  add(input: number, output: number, packet: Packet, eligibleAt: Time): void;
  /** Starts the transfers the allocator picks among free inputs and the outputs that accept. */
  match(now: Time, outputs: CrossbarOutputs): void;
  /** The transfer from `input` ended: it may send again. */
  inputFreed(input: number): void;
}
