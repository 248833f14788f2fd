import { DEFAULT_PAUSE_REACTION_DELAY, PAUSE_FRAME_BYTES } from "@losslab/core";
import { PS_PER_NS } from "@losslab/engine";
import {
  definer,
  type KindDefinition,
  MAX_BUFFER_BYTES,
  MAX_PACKET_BYTES,
  MAX_TIME_NS,
  Registry,
  type SpecOf,
} from "@losslab/kinds";
import type { FlowControl } from "./flow-control.js";

/** A link-level flow control as scenario files know it (`switch.flowControl.kind`). */
export type FlowControlDefinition = KindDefinition<string, never, undefined, FlowControl>;

/** Defines a flow control kind: from its parameters (scenario units) to a `FlowControl`. */
export const defineFlowControl = definer<undefined, FlowControl>("flowControl");

export const creditsDefinition = defineFlowControl({
  kind: "credits",
  description: "InfiniBand-style credits: a sender sends only what the buffer downstream has room for",
  parameters: {},
  create: () => ({ kind: "credits" }),
});

export const pauseDefinition = defineFlowControl({
  kind: "pause",
  description: "lossless Ethernet's PAUSE: XOFF at xoffBytes, XON below xonBytes (chrysos sec. II-III)",
  parameters: {
    xoffBytes: {
      type: "integer",
      min: 1,
      max: MAX_BUFFER_BYTES,
      description: "occupancy at or above which an input sends XOFF, bytes",
    },
    xonBytes: {
      type: "integer",
      min: 1,
      max: MAX_BUFFER_BYTES,
      description: "occupancy below which a stopped input sends XON, bytes",
    },
    reactionDelayNs: {
      type: "number",
      min: 0,
      max: MAX_TIME_NS,
      default: DEFAULT_PAUSE_REACTION_DELAY / PS_PER_NS,
      description:
        "from a PAUSE frame's last byte to when its receiver honours it, ns (802.3 Annex 31B at 10 Gb/s: 3.072 us)",
    },
    pauseFrameBytes: {
      type: "integer",
      min: 1,
      max: MAX_PACKET_BYTES,
      default: PAUSE_FRAME_BYTES,
      description: "size of a PAUSE frame before wire overhead, bytes",
    },
  },
  create: ({ xoffBytes, xonBytes, reactionDelayNs, pauseFrameBytes }) => ({
    kind: "pause",
    xoffBytes,
    xonBytes,
    reactionDelay: Math.round(reactionDelayNs * PS_PER_NS),
    pauseFrameBytes,
  }),
});

const builtIn = [creditsDefinition, pauseDefinition] as const;

/** The built-in link-level flow controls, the only list of them. */
export const flowControls: Registry<FlowControlDefinition> = new Registry<FlowControlDefinition>(
  "flowControl",
  builtIn,
);

/** A built-in flow control's spec as a scenario writes it. */
export type FlowControlSpec = SpecOf<(typeof builtIn)[number]>;
