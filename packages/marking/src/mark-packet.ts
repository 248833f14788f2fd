import { CongestionBit, type Packet, type PacketReader } from "@losslab/core";

/**
 * Sets a congestion bit (ECN unless told otherwise; MVCM's MB or VB) on a data packet and
 * reports whether it was marked. ACKs and CNPs are never marked: they carry marks back to
 * the source, they do not cause congestion. A bit is only ever set, never cleared (core
 * `CongestionBit`).
 */
export function markPacket(packets: PacketReader, packet: Packet, bit: CongestionBit = CongestionBit.Ecn): boolean {
  if (!packets.isData(packet)) return false;
  packets.mark(packet, bit);
  return true;
}
