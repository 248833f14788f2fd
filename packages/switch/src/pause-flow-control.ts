import { DEFAULT_PAUSE_REACTION_DELAY, PAUSE_FRAME_BYTES, PAUSE_PRIORITIES } from "@losslab/core";
import { formatTime, PS_PER_NS, type Time } from "@losslab/engine";
import { MAX_BUFFER_BYTES, MAX_PACKET_BYTES, MAX_TIME_NS, OptionError } from "@losslab/kinds";
import { type ControlledBuffers, defineFlowControl, type InboundTiming, type PauseSettings } from "./flow-control.js";
import { pauseHeadroom } from "./pause-headroom.js";

/**
 * PAUSE flow control of lossless Ethernet (802.3x PAUSE; with several VLs, 802.1Qbb PFC, per priority): an input
 * whose buffer reaches `xoffBytes` asks its upstream to stop (XOFF); once below `xonBytes`
 * it lets it go again (XON). Upstream senders hold no credits for the buffer. The
 * hysteresis is `InputPause`, the frames `ControlFrames`.
 */
export interface PauseFlowControl {
  readonly kind: "pause";
  /** Occupancy in bytes at or above which an input sends XOFF (chrysos sec. III Qhigh, 110 KB there). */
  readonly xoffBytes: number;
  /** Occupancy in bytes below which a stopped input sends XON (chrysos Qlow, 44 KB); 0 < xonBytes <= xoffBytes. */
  readonly xonBytes: number;
  /**
   * From a received PAUSE frame's last byte to when this switch's output honours it, and
   * the response delay the headroom rule assumes of the devices upstream of its inputs.
   * Default `DEFAULT_PAUSE_REACTION_DELAY` (3.072 us).
   */
  readonly reactionDelay?: Time;
  /** Size of a PAUSE frame on the wire before overhead, default 64 B. */
  readonly pauseFrameBytes?: number;
}

/**
 * PAUSE's option checked against the input buffers it governs (chrysos sec. II-III: XOFF at
 * Qhigh below the buffer, XON at Qlow below it; PFC has 8 priorities): the settings they run
 * with. Throws `OptionError` naming the option.
 */
function pauseSettings(flowControl: PauseFlowControl, buffers: ControlledBuffers): PauseSettings {
  const { name, capacityBytes } = buffers;
  const { xoffBytes, xonBytes } = flowControl;
  const positive = (option: string, value: number) => {
    if (!(Number.isFinite(value) && value > 0)) throw OptionError.of(name, option, "must be > 0", { value });
  };
  positive("flowControl.xoffBytes", xoffBytes);
  if (!(xoffBytes < capacityBytes)) {
    throw OptionError.of(name, "flowControl.xoffBytes", `must be below the input buffer's ${capacityBytes} B`, {
      value: xoffBytes,
      limit: capacityBytes,
    });
  }
  positive("flowControl.xonBytes", xonBytes);
  if (!(xonBytes <= xoffBytes)) {
    throw OptionError.of(name, "flowControl.xonBytes", `must be at most xoffBytes (${xoffBytes})`, {
      value: xonBytes,
      limit: xoffBytes,
    });
  }
  const reactionDelay = flowControl.reactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
  if (!(Number.isInteger(reactionDelay) && reactionDelay >= 0)) {
    throw OptionError.of(name, "flowControl.reactionDelay", "must be a whole number of picoseconds >= 0", {
      value: reactionDelay,
    });
  }
  const pauseFrameBytes = flowControl.pauseFrameBytes ?? PAUSE_FRAME_BYTES;
  if (!(Number.isInteger(pauseFrameBytes) && pauseFrameBytes > 0)) {
    throw OptionError.of(name, "flowControl.pauseFrameBytes", "must be a positive integer", { value: pauseFrameBytes });
  }
  if (buffers.vls > PAUSE_PRIORITIES) {
    throw OptionError.of(
      name,
      "vls",
      `must be at most ${PAUSE_PRIORITIES} under flowControl "pause": PFC (802.1Qbb) has ${PAUSE_PRIORITIES} priorities`,
      { value: buffers.vls, limit: PAUSE_PRIORITIES },
    );
  }
  return { xoffBytes, xonBytes, reactionDelay, pauseFrameBytes };
}

/**
 * The headroom rule (`pauseHeadroom`): above XOFF a buffer keeps room for all that can still
 * arrive over `link` once it has asked its upstream to stop. Throws `OptionError` naming
 * `flowControl.xoffBytes`, with the highest XOFF allowed as its limit.
 */
function checkHeadroom(settings: PauseSettings, buffers: ControlledBuffers, link: InboundTiming): void {
  const { capacityBytes, maxPacketBytes } = buffers;
  const { xoffBytes, pauseFrameBytes, reactionDelay } = settings;
  const needed = pauseHeadroom({ ...link, maxPacketBytes, pauseFrameBytes, reactionDelay });
  const headroom = capacityBytes - xoffBytes;
  if (headroom >= needed) return;
  throw OptionError.of(
    buffers.name,
    "flowControl.xoffBytes",
    `leaves ${headroom} B of the ${capacityBytes} B input buffer above XOFF, but ${needed} B can still arrive after XOFF (rate ${link.bandwidth} B/s, propagation ${formatTime(link.delay)} + ${formatTime(link.reverseDelay)}, reaction ${formatTime(reactionDelay)}, 2 x ${maxPacketBytes} B frames): lower xoffBytes or raise the input buffer`,
    { value: xoffBytes, limit: capacityBytes - needed },
  );
}

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
      option: "reactionDelay",
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
  create: ({ xoffBytes, xonBytes, reactionDelayNs, pauseFrameBytes }): PauseFlowControl => ({
    kind: "pause",
    xoffBytes,
    xonBytes,
    reactionDelay: Math.round(reactionDelayNs * PS_PER_NS),
    pauseFrameBytes,
  }),
  inputSettings: pauseSettings,
  checkLink: checkHeadroom,
  pauseFrames: true,
  hostReactionDelay: (flowControl: PauseFlowControl) => flowControl.reactionDelay,
});
