import type { Packet } from "@losslab/core";
import type { InputOf } from "@losslab/kinds";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { ThresholdMarking, thresholdMarking, thresholdMarkingParameters } from "./threshold-marking.js";

const ipmParameters = thresholdMarkingParameters(
  0.66,
  "fraction of an input buffer's capacity it must exceed for an arriving data packet to be marked (MVCM's input threshold, ferrer-2012 sec. 4.3)",
);

/** Options of `ipm`: `threshold` (default 0.66) and `unit` (default "bytes"). */
export type IpmOptions = InputOf<typeof ipmParameters>;

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
 * @throws KindError if `threshold` is not in [0, 1) or `unit` is unknown.
 * @example
 * const marking = ipm(); // threshold 0.66, in bytes
 * new CioqSwitch(engine, { ...options, marking });
 */
export function ipm(options: IpmOptions = {}): CountedMarkingFactory {
  return thresholdMarking("ipm", ipmParameters, options, (view, threshold) => new InputPacketMarking(view, threshold));
}

/** Registry entry (marking-policies.ts). */
export const ipmDefinition = defineMarkingPolicy({
  kind: "ipm",
  description:
    "ferrer-2012 sec. 3.1: Input Packet Marking, a data packet arriving at an input buffer above a threshold gets the ECN bit",
  parameters: ipmParameters,
  create: (values) => ipm(values),
});
