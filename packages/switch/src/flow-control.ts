import { DEFAULT_PAUSE_REACTION_DELAY, formatValue, PAUSE_FRAME_BYTES } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** Credit-based link-level flow control (InfiniBand style; santos-2002 sec. 1): the default. */
export interface CreditFlowControl {
  kind: "credits";
}

/**
 * PAUSE flow control of lossless Ethernet (802.3x PAUSE; with several VLs, 802.1Qbb PFC, per priority): an input
 * whose buffer reaches `xoffBytes` asks its upstream to stop (XOFF); once below `xonBytes`
 * it lets it go again (XON). Upstream senders hold no credits for the buffer.
 */
export interface PauseFlowControl {
  kind: "pause";
  /** Occupancy in bytes at or above which an input sends XOFF (chrysos sec. III Qhigh, 110 KB there). */
  xoffBytes: number;
  /** Occupancy in bytes below which a stopped input sends XON (chrysos Qlow, 44 KB); 0 < xonBytes <= xoffBytes. */
  xonBytes: number;
  /**
   * From a received PAUSE frame's last byte to when this switch's output honours it, and
   * the response delay the headroom rule assumes of the devices upstream of its inputs.
   * Default `DEFAULT_PAUSE_REACTION_DELAY` (3.072 us).
   */
  reactionDelay?: Time;
  /** Size of a PAUSE frame on the wire before overhead, default 64 B. */
  pauseFrameBytes?: number;
}

export type FlowControl = CreditFlowControl | PauseFlowControl;

const FLOW_CONTROL_KINDS: readonly FlowControl["kind"][] = ["credits", "pause"];

/** A validated `PauseFlowControl` with its defaults filled in. */
export type PauseSettings = Required<Omit<PauseFlowControl, "kind">>;

const KEYS: Record<FlowControl["kind"], readonly string[]> = {
  credits: ["kind"],
  pause: ["kind", "xoffBytes", "xonBytes", "reactionDelay", "pauseFrameBytes"],
};

/**
 * Validates a switch's `flowControl` option against an input buffer of `capacityBytes`:
 * undefined for credits, the settings for PAUSE. Throws RangeError naming the field.
 */
export function resolveFlowControl(
  name: string,
  flowControl: FlowControl | undefined,
  capacityBytes: number,
): PauseSettings | undefined {
  if (flowControl === undefined) return undefined;
  const kind: unknown = flowControl?.kind;
  if (typeof flowControl !== "object" || (kind !== "credits" && kind !== "pause")) {
    throw new RangeError(
      `${name}: flowControl.kind must be ${FLOW_CONTROL_KINDS.map((k) => `"${k}"`).join(" or ")}; got ${formatValue(kind)}`,
    );
  }
  for (const key of Object.keys(flowControl)) {
    if (!KEYS[kind].includes(key)) {
      const takers = FLOW_CONTROL_KINDS.filter((k) => KEYS[k].includes(key));
      const where = takers.length === 0 ? "no kind" : `kind "${takers.join('", "')}" only`;
      throw new RangeError(`${name}: flowControl.${key} does not apply to kind "${kind}"; it applies to ${where}`);
    }
  }
  if (flowControl.kind === "credits") return undefined;
  const { xoffBytes, xonBytes } = flowControl;
  if (!(Number.isFinite(xoffBytes) && xoffBytes > 0 && xoffBytes < capacityBytes)) {
    throw new RangeError(
      `${name}: flowControl.xoffBytes must be > 0 and below the input buffer's ${capacityBytes} B; got ${formatValue(xoffBytes)}`,
    );
  }
  if (!(Number.isFinite(xonBytes) && xonBytes > 0 && xonBytes <= xoffBytes)) {
    throw new RangeError(
      `${name}: flowControl.xonBytes must be > 0 and at most xoffBytes (${xoffBytes}); got ${formatValue(xonBytes)}`,
    );
  }
  const reactionDelay = flowControl.reactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
  if (!(Number.isInteger(reactionDelay) && reactionDelay >= 0)) {
    throw new RangeError(
      `${name}: flowControl.reactionDelay must be a whole number of picoseconds >= 0; got ${formatValue(reactionDelay)}`,
    );
  }
  const pauseFrameBytes = flowControl.pauseFrameBytes ?? PAUSE_FRAME_BYTES;
  if (!(Number.isInteger(pauseFrameBytes) && pauseFrameBytes > 0)) {
    throw new RangeError(
      `${name}: flowControl.pauseFrameBytes must be a positive integer; got ${formatValue(pauseFrameBytes)}`,
    );
  }
  return { xoffBytes, xonBytes, reactionDelay, pauseFrameBytes };
}
