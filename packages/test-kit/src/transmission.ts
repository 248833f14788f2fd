/** What the fixtures' links record of each packet they carry. */
import type { Packet, PacketRecord } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** One transmission seen on a link: when its first bit and its last went onto the wire. */
export interface Transmission {
  /** The packet's fields as it started. */
  packet: PacketRecord;
  /** Its slot in the store (valid while the store keeps released packets, the default). */
  slot: Packet;
  start: Time;
  end: Time;
}
