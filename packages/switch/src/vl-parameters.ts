import { CLASS_SCHEDULINGS, MAX_VLS } from "@losslab/core";
import { MAX_PACKET_BYTES, MAX_VL_WEIGHT, type ValuesOf } from "@losslab/kinds";
import type { Lanes } from "./lanes.js";

/**
 * The VL parameters of an organisation that has virtual lanes (every built-in one;
 * turner-2001 sec. 2; PFC priorities under a flow control that pauses them, 802.1Qbb): how
 * many, and how an output picks among them (`createVlScheduler`). `SwitchBase` takes them as
 * options of the same names; an organisation spreads them into its parameters and declares
 * `lanes: vlLanes`.
 */
export const vlParameters = {
  vls: {
    type: "integer",
    min: 1,
    max: MAX_VLS,
    default: 1,
    description:
      'virtual lanes per port, each with its own buffers (of the sizes given; cioq: input and output) and credits (turner-2001 sec. 2); under flowControl "pause" PFC priorities, at most 8',
  },
  vlWeights: {
    type: "list",
    items: { type: "integer", min: 1, max: MAX_VL_WEIGHT, description: "packets per turn" },
    maxItems: MAX_VLS,
    optional: true,
    description:
      'with vlScheduling "wrr": the weight of each VL at each output (the hosts\' too), packets per turn; default all 1',
  },
  vlScheduling: {
    type: "choice",
    values: CLASS_SCHEDULINGS,
    default: "wrr",
    description:
      'how each output (the hosts\' too) picks among its VLs: "wrr" weighted round robin in packets (vlWeights), "strict" the highest VL first (802.1Q), "dwrr" deficit round robin in bytes (vlQuantaBytes; Shreedhar-Varghese 1995)',
  },
  vlQuantaBytes: {
    type: "list",
    items: { type: "integer", min: 1, max: MAX_PACKET_BYTES, description: "bytes per round" },
    maxItems: MAX_VLS,
    optional: true,
    description: 'with vlScheduling "dwrr": the quantum of each VL, bytes per round; default all packets.dataBytes',
  },
} as const;

/** The VL options of a switch model, as `vlParameters` describe them (all optional: one VL, "wrr"). */
export type VlOptions = Partial<ValuesOf<typeof vlParameters>>;

/** The `lanes` trait of an organisation with `vlParameters`: its VLs and their scheduling, as its values give them. */
export function vlLanes(values: Readonly<Record<string, unknown>>): Lanes {
  const { vls, vlScheduling, vlWeights, vlQuantaBytes } = values as ValuesOf<typeof vlParameters>;
  return {
    vls,
    vlScheduling,
    ...(vlWeights === undefined ? {} : { vlWeights }),
    ...(vlQuantaBytes === undefined ? {} : { vlQuantaBytes }),
  };
}
