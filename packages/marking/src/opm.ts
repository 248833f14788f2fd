import type { Packet } from "@losslab/core";
import type { ThresholdUnit } from "./buffer-threshold.js";
import type { CountedMarkingFactory } from "./counted-marking-factory.js";
import type { MarkingDefinition } from "./marking-definition.js";
import { hasOutputBuffer, outputQueue, outputQueueCapacity } from "./output-queue.js";
import { ThresholdMarking, thresholdMarking } from "./threshold-marking.js";

/** Options of the output packet marking policy. */
export interface OpmOptions {
  /**
   * Fraction of an output buffer's capacity, in [0, 1), that the buffer must exceed for a
   * data packet joining it to be marked. Default 0.33, MVCM's output threshold (ferrer-2012
   * sec. 4.3 item 1), so that `opm` is MVCM's validation half alone.
   */
  readonly threshold?: number;
  /** Whether the buffer is measured in bytes (default) or in packets; see the README. */
  readonly unit?: ThresholdUnit;
}

/** Scenario spec of the output packet marking policy. */
export interface OpmSpec extends OpmOptions {
  readonly kind: "opm";
}

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
 * @throws MarkingSpecError if `threshold` is not in [0, 1) or `unit` is unknown.
 * @example
 * const marking = opm({ threshold: 0.5 });
 * new CioqSwitch(engine, { ...options, marking });
 */
export function opm(options: OpmOptions = {}): CountedMarkingFactory {
  return thresholdMarking("opm", options, 0.33, (view, threshold) => new OutputPacketMarking(view, threshold));
}

/** Registry entry (create-marking.ts). */
export const opmDefinition: MarkingDefinition<OpmSpec> = {
  kind: "opm",
  parameters: ["threshold", "unit"],
  create: (spec) => opm(spec),
};
