import { CongestionBit, type Packet, PacketKind } from "@losslab/core";

/**
 * Sets a congestion bit (ECN unless told otherwise; MVCM's MB or VB) on a data packet and
 * reports whether it was marked. ACKs and CNPs are never marked: they carry marks back to
 * the source, they do not cause congestion. A bit is only ever set, never cleared (core
 * `CongestionBit`).
 */
export function markPacket(packet: Packet, bit: CongestionBit = CongestionBit.Ecn): boolean {
  if (packet.kind !== PacketKind.Data) return false;
  packet.bits |= bit;
  return true;
}
