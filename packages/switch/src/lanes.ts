import type { ClassScheduling } from "@losslab/core";

/**
 * The virtual lanes of a switch's ports and how its outputs pick among them, as an
 * organisation's values give them (its `lanes` trait): the hosts get the same, and the
 * scenario's checks put every flow and weight on a lane the switches have. The names are the
 * switch models' options (`SwitchOptions`).
 */
export interface Lanes {
  /** Virtual lanes per port. */
  readonly vls: number;
  /** How an output picks among them (`ClassScheduling`; default "wrr"). */
  readonly vlScheduling?: ClassScheduling;
  /** With "wrr": packets per turn of each VL. */
  readonly vlWeights?: readonly number[];
  /** With "dwrr": bytes per round of each VL. */
  readonly vlQuantaBytes?: readonly number[];
}
