import type { Packet, SwitchView } from "@losslab/core";
import { checkValues, type InputOf, MAX_PACKET_BYTES } from "@losslab/kinds";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { outputQueue, outputQueueCapacity } from "./output-queue.js";

const ibCcaParameters = {
  threshold: {
    type: "integer",
    min: 0,
    max: 15,
    default: 15,
    description:
      "IBA Threshold: 0 never marks, 1 the highest queue threshold, 15 the lowest (ibCcaThresholdFraction); 15 is the Mellanox CC manager's default",
  },
  markingRate: {
    type: "integer",
    min: 0,
    max: 0xffff,
    default: 0,
    description: "IBA Marking_Rate: eligible packets left unmarked between two marks at a port (0: mark every one)",
  },
  packetSize: {
    type: "integer",
    min: 0,
    max: MAX_PACKET_BYTES,
    default: 0,
    description: "IBA Packet_Size, bytes: smaller packets are never marked",
  },
} as const;

/** Options of the InfiniBand CCA switch marking (IBA 1.2.1 Annex A10 port settings). */
export type IbCcaOptions = InputOf<typeof ibCcaParameters>;

/**
 * The fraction of a port's buffer capacity an IBA Threshold setting stands for: the spec
 * leaves the meaning to the manufacturer (ferrer-2012 sec. 3.2.2; spec/algorithms.md asks
 * for "a documented linear mapping onto the buffer capacity"). Settings 1..15 are "a
 * uniform distribution of decreasing threshold values": (16 - setting) / 16, so 1 -> 15/16
 * and 15 -> 1/16. Setting 0 never marks: +Infinity.
 */
export function ibCcaThresholdFraction(setting: number): number {
  return setting === 0 ? Number.POSITIVE_INFINITY : (16 - setting) / 16;
}

/** The CCA marking of one switch's ports (one VL). */
class IbCcaMarking implements CountedMarkingPolicy {
  readonly switchName: string;
  marked = 0;
  private readonly view: SwitchView;
  private readonly fraction: number;
  private readonly markingRate: number;
  private readonly packetSize: number;
  /** Per output: eligible packets still to leave unmarked before the next mark. */
  private readonly skipping: Int32Array;

  constructor(view: SwitchView, fraction: number, markingRate: number, packetSize: number) {
    this.view = view;
    this.switchName = view.name;
    this.fraction = fraction;
    this.markingRate = markingRate;
    this.packetSize = packetSize;
    this.skipping = new Int32Array(view.portCount);
  }

  /**
   * spec/algorithms.md (IBA A10 as opensm and Gran et al. describe it): "a departing packet
   * is eligible when Threshold > 0, occupancy >= threshold, size >= Packet_Size, and the port
   * is a root (has credits)"; one eligible packet is marked "each time the eligible counter
   * reaches Marking_Rate". The occupancy is the port's queue behind the departing packet;
   * a departing packet always has its credits, so every departure is from a root.
   */
  packetDeparting(packet: Packet, _input: number, output: number): void {
    if (!this.view.packets.isData(packet) || this.view.packets.size(packet) < this.packetSize) return;
    const view = this.view;
    let behind = -this.view.packets.size(packet);
    for (const queued of outputQueue(view, output)) behind += this.view.packets.size(queued);
    if (behind < this.fraction * outputQueueCapacity(view, output)) return;
    const skipping = this.skipping[output]!;
    if (skipping > 0) {
      this.skipping[output] = skipping - 1;
      return;
    }
    this.skipping[output] = this.markingRate;
    markPacket(this.view.packets, packet);
    this.marked++;
  }
}

/**
 * The switch side of the InfiniBand Congestion Control Architecture (IBA 1.2.1 Annex A10),
 * as Pfister's implementation uses it (ferrer-2012 sec. 3.2.2, "an OPM strategy"): a data
 * packet leaving a port whose queue holds at least `ibCcaThresholdFraction(threshold)` of
 * the buffer gets FECN (`CongestionBit.Ecn`), filtered by `packetSize` and thinned by
 * `markingRate`. The queue is the output buffer, or on a switch without output buffers the
 * packets waiting for the port in the input buffers (README). One VL.
 *
 * @throws KindError if `threshold` is not an integer 0..15, `markingRate` not one
 * 0..65535, or `packetSize` not a non-negative integer.
 * @example
 * const marking = ibCca({ threshold: 15 }); // the most aggressive setting
 * new CioqSwitch(engine, { ...options, marking });
 */
export function ibCca(options: IbCcaOptions = {}): CountedMarkingFactory {
  const { threshold, markingRate, packetSize } = checkValues("marking", "ib-cca", ibCcaParameters, options);
  const fraction = ibCcaThresholdFraction(threshold);
  return countedFactory("ib-cca", (view) => new IbCcaMarking(view, fraction, markingRate, packetSize));
}

/** Registry entry (marking-policies.ts). */
export const ibCcaDefinition = defineMarkingPolicy({
  kind: "ib-cca",
  description: "IBA 1.2.1 Annex A10: FECN on data packets leaving a port whose queue is above the threshold",
  parameters: ibCcaParameters,
  create: (values) => ibCca(values),
});
