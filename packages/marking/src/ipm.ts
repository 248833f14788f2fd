import type { Packet } from "@losslab/core";
import type { ThresholdUnit } from "./buffer-threshold.js";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import type { MarkingDefinition } from "./marking-definition.js";
import { ThresholdMarking, thresholdMarking } from "./threshold-marking.js";

/** Options of the input packet marking policy. */
export interface IpmOptions {
  /**
   * Fraction of an input buffer's capacity, in [0, 1), that the buffer must exceed for an
   * arriving data packet to be marked. Default 0.66, MVCM's input threshold (ferrer-2012
   * sec. 4.3 item 1), so that `ipm` is MVCM's marking half alone.
   */
  readonly threshold?: number;
  /** Whether the buffer is measured in bytes (default) or in packets; see the README. */
  readonly unit?: ThresholdUnit;
}

/** Scenario spec of the input packet marking policy. */
export interface IpmSpec extends IpmOptions {
  readonly kind: "ipm";
}

/** ferrer-2012 sec. 3.1's IPM at one switch. */
class InputPacketMarking extends ThresholdMarking {
  /**
   * ferrer-2012 sec. 3.1: "a threshold at input or output buffer is predefined in order to
   * detect and mark packets"; IPM marks "at input buffers". The arriving packet is judged
   * with the buffer as it holds it, the packet included.
   */
  packetArrived(packet: Packet, input: number): void {
    this.judge(packet, this.view.inputPackets(input), this.view.inputCapacity(input));
  }
}

/**
 * Input Packet Marking (ferrer-2012 sec. 3.1; the marking of Renato's proposal, sec. 3.2.1,
 * is the santos `input-triggered` policy instead): a data packet arriving at an input buffer
 * that holds more than `threshold` of its capacity gets the ECN bit. One bit, no notion of
 * which output is congested: the paper's example of a policy that also marks victims.
 *
 * @throws MarkingSpecError if `threshold` is not in [0, 1) or `unit` is unknown.
 * @example
 * const marking = ipm(); // threshold 0.66, in bytes
 * new CioqSwitch(engine, { ...options, marking });
 */
export function ipm(options: IpmOptions = {}): CountedMarkingFactory {
  return thresholdMarking("ipm", options, 0.66, (view, threshold) => new InputPacketMarking(view, threshold));
}

/** Registry entry (create-marking.ts). */
export const ipmDefinition: MarkingDefinition<IpmSpec> = {
  kind: "ipm",
  parameters: ["threshold", "unit"],
  create: (spec) => ipm(spec),
};
