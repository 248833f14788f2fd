import type { Time } from "@losslab/engine";
import { type Packet, PacketKind } from "./packet.js";
import type { PacketReader } from "./packet-reader.js";
import type { PacketStore } from "./packet-store.js";

/** A PAUSE frame is a minimum-size Ethernet frame: 64 B (IEEE 802.3 Annex 31B). */
export const PAUSE_FRAME_BYTES = 64;

/** The pause time a switch asks for with XOFF: the largest 16-bit value, 65535 quanta of 512 bit times. */
export const XOFF_QUANTA = 0xffff;

/**
 * Default time from the arrival of a PAUSE frame's last byte to the moment its receiver
 * honours it: 60 pause quanta (30,720 bit times) at 10 Gb/s = 3.072 us, the upper bound
 * 802.3 Annex 31B allows a 10 Gb/s port and the peer response delay used in PFC headroom
 * calculations (algorithms.md "PAUSE / PFC"; chrysos' servers are 10 G).
 */
export const DEFAULT_PAUSE_REACTION_DELAY: Time = 3_072_000;

/** The PFC priorities a PAUSE may name (802.1Qbb: eight). */
export const PAUSE_PRIORITIES = 8;

/**
 * Creates a PAUSE frame for `priority`: XOFF (`quanta` > 0) or XON (`quanta` 0). It has no
 * flow, source or destination (-1): it is link-local, consumed by the device at the far
 * end of the link.
 */
export function createPauseFrame(
  packets: PacketStore,
  priority: number,
  quanta: number,
  bytes: number,
  createdAt: Time,
): Packet {
  return packets.create({
    kind: PacketKind.Pause,
    flow: -1,
    source: -1,
    destination: -1,
    size: bytes,
    seq: quanta,
    vl: priority,
    createdAt,
  });
}

/**
 * The set of paused priorities (bit p: priority p) after `frame` takes effect. An XOFF
 * pauses its priority until an XON for it arrives: the pause time is not counted down,
 * which is what a receiver sees from a sender that refreshes its XOFF before it expires.
 */
export function applyPause(paused: number, packets: PacketReader, frame: Packet): number {
  const priority = packets.vl(frame);
  if (!Number.isInteger(priority) || priority < 0 || priority >= PAUSE_PRIORITIES) {
    throw new RangeError(`PAUSE frame ${packets.id(frame)} names priority ${priority}; PFC has priorities 0..7`);
  }
  return packets.seq(frame) > 0 ? paused | (1 << priority) : paused & ~(1 << priority);
}

/** Whether a frame of priority `vl` may not start under the paused set `paused`. */
export const isPaused = (paused: number, vl: number): boolean => (paused & (1 << vl)) !== 0;
