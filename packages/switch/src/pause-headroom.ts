import { PAUSE_FRAME_BYTES } from "@losslab/core";
import { PS_PER_S, type Time, transmissionTime } from "@losslab/engine";

export interface PauseHeadroomOptions {
  /** Rate of the link into the buffer, bytes per second. */
  bandwidth: number;
  /** Propagation delay of that link. */
  delay: Time;
  /** Rate of the reverse link the PAUSE frame travels on; default `bandwidth`. */
  reverseBandwidth?: number;
  /** Propagation delay of the reverse link. */
  reverseDelay: Time;
  /** The largest frame either side sends (the MTU), bytes. */
  maxPacketBytes: number;
  /** Per-frame wire overhead of both directions, default 0. */
  overheadBytes?: number;
  /** PAUSE frame size, default 64. */
  pauseFrameBytes?: number;
  /** From the PAUSE frame's last byte at the sender until it starts no new frame. */
  reactionDelay: Time;
}

/**
 * Bytes a PAUSE-controlled input buffer must have above XOFF so nothing is lost: what can
 * still arrive after the arrival that reaches XOFF (algorithms.md "PAUSE / PFC": about
 * 2 x rate x propagation + two MTUs + the peer's response delay). Exactly, with R the
 * link rate and R' the reverse one, the PAUSE frame may wait for one maximum frame
 * already on the reverse link, then takes its own time and the reverse propagation to
 * arrive; the sender reacts after `reactionDelay`, may start one more maximum frame at
 * that instant, and everything it sent meanwhile is still propagating. Counting from the
 * start of the frame whose header reached XOFF (occupancy counts a frame whole from its
 * header on), the bytes that can still arrive are at most
 *
 *   R x (delay + o/R + (MTU + o)/R' + (P + o)/R' + reverseDelay + reactionDelay) + MTU
 *
 * with o the overhead and P the PAUSE frame: with R = R', R x (2 x propagation +
 * reaction) + 2 MTU + P + 3 o.
 */
export function pauseHeadroom(options: PauseHeadroomOptions): number {
  const rate = options.bandwidth;
  const reverseRate = options.reverseBandwidth ?? rate;
  const overhead = options.overheadBytes ?? 0;
  const mtu = options.maxPacketBytes;
  const window =
    options.delay +
    transmissionTime(overhead, rate) +
    transmissionTime(mtu + overhead, reverseRate) +
    transmissionTime((options.pauseFrameBytes ?? PAUSE_FRAME_BYTES) + overhead, reverseRate) +
    options.reverseDelay +
    options.reactionDelay;
  return Math.ceil((rate * window) / PS_PER_S) + mtu;
}
