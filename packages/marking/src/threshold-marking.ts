import type { Packet, SwitchView } from "@losslab/core";
import { checkValues } from "@losslab/kinds";
import { BufferThreshold, type ThresholdUnit, thresholdParameter, thresholdUnitParameter } from "./buffer-threshold.js";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";

/** Options of a one-threshold marker (ferrer-2012 sec. 3.1's `ipm` and `opm`). */
export interface ThresholdMarkingOptions {
  /** Fraction of the buffer's capacity, in [0, 1), that it must exceed for a data packet to be marked. */
  readonly threshold?: number;
  /** Whether the buffer is measured in bytes (default) or in packets; see the README. */
  readonly unit?: ThresholdUnit;
}

/** A policy that sets the ECN bit on data packets that find their buffer above one threshold. */
export abstract class ThresholdMarking implements CountedMarkingPolicy {
  readonly switchName: string;
  marked = 0;

  constructor(
    protected readonly view: SwitchView,
    protected readonly threshold: BufferThreshold,
  ) {
    this.switchName = view.name;
  }

  /** Marks `packet` (a data packet only) if `queue` exceeds the threshold of `capacity`. */
  protected judge(packet: Packet, queue: readonly Packet[], capacity: number): void {
    if (this.threshold.exceededBy(this.view.packets, queue, capacity) && markPacket(this.view.packets, packet))
      this.marked++;
  }
}

/** The parameters of a one-threshold marker whose threshold defaults to `fallback`. */
export function thresholdMarkingParameters<const Default extends number>(fallback: Default, description: string) {
  return { threshold: thresholdParameter(fallback, description), unit: thresholdUnitParameter } as const;
}

/** Checks `options` against `parameters` and builds one policy per switch. */
export function thresholdMarking(
  kind: string,
  parameters: ReturnType<typeof thresholdMarkingParameters>,
  options: ThresholdMarkingOptions | undefined,
  make: (view: SwitchView, threshold: BufferThreshold) => ThresholdMarking,
): CountedMarkingFactory {
  const { threshold, unit } = checkValues("marking", kind, parameters, options);
  return countedFactory(kind, (view) => make(view, new BufferThreshold(threshold, unit, view.maxPacketBytes)));
}
