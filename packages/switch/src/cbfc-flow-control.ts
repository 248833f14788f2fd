import { CREDIT_UPDATE_FRAME_BYTES, PAUSE_PRIORITIES } from "@losslab/core";
import { PS_PER_NS, type Time } from "@losslab/engine";
import { MAX_PACKET_BYTES, MAX_TIME_NS, OptionError } from "@losslab/kinds";
import { type ControlledBuffers, defineFlowControl } from "./flow-control.js";

/** The update period unless given: 1 us (our choice, docs/spec/cbfc.md). */
export const DEFAULT_CREDIT_UPDATE_PERIOD_NS = 1000;

/**
 * Credit-based flow control on Ethernet (UEC 1.0's CBFC; docs/spec/cbfc.md): InfiniBand's
 * credits per (port, priority) (santos-2002 sec. 1), but returned upstream in credit-update
 * frames sent on the link at most once per `updatePeriod`, each carrying the cumulative
 * blocks freed on its priority (InfiniBand's FCCL idea, IBA vol. 1 ch. 7.9). Each
 * (input, priority) buffer is a static carve-out of `inputBufferBytes`; a sender never sends
 * beyond the credits it holds, so nothing needs headroom.
 */
export interface CbfcFlowControl {
  readonly kind: "cbfc";
  /** At most this long from a buffer freeing blocks to its credit update starting on the link, ps. */
  readonly updatePeriod: Time;
  /** Size of a credit-update frame before wire overhead, bytes. */
  readonly updateFrameBytes: number;
}

export const cbfcDefinition = defineFlowControl({
  kind: "cbfc",
  description:
    "credit-based flow control on Ethernet (UEC's CBFC): credits per (port, priority), returned in periodic credit-update frames on the link",
  parameters: {
    updatePeriodNs: {
      type: "number",
      min: 0,
      minExclusive: true,
      max: MAX_TIME_NS,
      default: DEFAULT_CREDIT_UPDATE_PERIOD_NS,
      option: "updatePeriod",
      description:
        "credit updates leave at the period's boundaries, one frame per (port, priority) that freed blocks since its last update, ns",
    },
    updateFrameBytes: {
      type: "integer",
      min: 1,
      max: MAX_PACKET_BYTES,
      default: CREDIT_UPDATE_FRAME_BYTES,
      description: "size of a credit-update frame before wire overhead, bytes (a minimum Ethernet frame)",
    },
  },
  create: ({ updatePeriodNs, updateFrameBytes }): CbfcFlowControl => ({
    kind: "cbfc",
    updatePeriod: Math.round(updatePeriodNs * PS_PER_NS),
    updateFrameBytes,
  }),
  inputSettings: (flowControl: CbfcFlowControl, buffers: ControlledBuffers) => {
    const { name } = buffers;
    if (!(Number.isInteger(flowControl.updatePeriod) && flowControl.updatePeriod > 0)) {
      throw OptionError.of(name, "flowControl.updatePeriod", "must be a whole number of picoseconds > 0", {
        value: flowControl.updatePeriod,
      });
    }
    if (!(Number.isInteger(flowControl.updateFrameBytes) && flowControl.updateFrameBytes > 0)) {
      throw OptionError.of(name, "flowControl.updateFrameBytes", "must be a positive integer", {
        value: flowControl.updateFrameBytes,
      });
    }
    if (buffers.vls > PAUSE_PRIORITIES) {
      throw OptionError.of(
        name,
        "vls",
        `must be at most ${PAUSE_PRIORITIES} under flowControl "cbfc": Ethernet has ${PAUSE_PRIORITIES} priorities`,
        { value: buffers.vls, limit: PAUSE_PRIORITIES },
      );
    }
    return undefined; // the input buffers run on credits
  },
  creditUpdates: (flowControl: CbfcFlowControl) => ({
    period: flowControl.updatePeriod,
    frameBytes: flowControl.updateFrameBytes,
  }),
});
