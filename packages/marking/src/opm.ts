import type { Packet } from "@losslab/core";
import type { InputOf } from "@losslab/kinds";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { hasOutputBuffer, outputQueue, outputQueueCapacity } from "./output-queue.js";
import { ThresholdMarking, thresholdMarking, thresholdMarkingParameters } from "./threshold-marking.js";

const opmParameters = thresholdMarkingParameters(
  0.33,
  "fraction of an output buffer's capacity it must exceed for a data packet joining it to be marked (MVCM's output threshold, ferrer-2012 sec. 4.3)",
);

/** Options of `opm`: `threshold` (default 0.33) and `unit` (default "bytes"). */
export type OpmOptions = InputOf<typeof opmParameters>;

/** ferrer-2012 sec. 3.1's OPM at one switch. */
class OutputPacketMarking extends ThresholdMarking {
  /** A switch without output buffers: the packet joins its output's queue when its header arrives. */
  packetArrived(packet: Packet, _input: number, output: number): void {
    if (!hasOutputBuffer(this.view, output)) this.judgeOutput(packet, output);
  }

  /** A CIOQ switch: the packet joins the output buffer. */
  packetEnteredOutput(packet: Packet, _input: number, output: number): void {
    this.judgeOutput(packet, output);
  }

  /**
   * ferrer-2012 sec. 3.1: "all the packets belonging to the flows x and y, and addressed to
   * the congested link C'_0, will be marked when the output buffer occupancy exceeds the
   * threshold". The packet is judged with the queue it joins, itself included.
   */
  private judgeOutput(packet: Packet, output: number): void {
    this.judge(packet, outputQueue(this.view, output), outputQueueCapacity(this.view, output));
  }
}

/**
 * Output Packet Marking (ferrer-2012 sec. 3.1): a data packet joining an output buffer that
 * holds more than `threshold` of its capacity gets the ECN bit. Detects contention sooner
 * than `ipm` but also marks flows whose congestion has not yet reached any input buffer. On
 * a switch without output buffers it judges the packets waiting for the output in the input
 * buffers (README).
 *
 * @throws KindError if `threshold` is not in [0, 1) or `unit` is unknown.
 * @example
 * const marking = opm({ threshold: 0.5 });
 * new CioqSwitch(engine, { ...options, marking });
 */
export function opm(options: OpmOptions = {}): CountedMarkingFactory {
  return thresholdMarking("opm", opmParameters, options, (view, threshold) => new OutputPacketMarking(view, threshold));
}

/** Registry entry (marking-policies.ts). */
export const opmDefinition = defineMarkingPolicy({
  kind: "opm",
  description:
    "ferrer-2012 sec. 3.1: Output Packet Marking, a data packet joining an output buffer above a threshold gets the ECN bit",
  parameters: opmParameters,
  create: (values) => opm(values),
});
