import type { OutboundLink, Packet, PacketReader } from "@losslab/core";
import { type Time, transmissionTime } from "@losslab/engine";

/**
 * TIMELY's RTT sample (Mittal et al., SIGCOMM 2015, sec. 3.1 and 4.1): the completion time
 * minus the send time minus the segment's serialization time at the NIC's line rate, so the
 * sample holds propagation, forwarding and queueing but not the segment's own length. Here a
 * segment is the data packet an ACK acknowledges (the last it covers): `now`, the ACK's
 * last byte at the source, minus the packet's send time the ACK echoes (`injectedAt`, when
 * its frame started on the source's link), minus its wire time on that link, (`packetBytes`
 * + the link's per-frame overhead) / bandwidth.
 */
export function rttSample(
  packets: PacketReader,
  ack: Packet,
  now: Time,
  link: OutboundLink,
  packetBytes: number,
): Time {
  return now - packets.echoedSendTime(ack) - transmissionTime(packetBytes + (link.overheadBytes ?? 0), link.bandwidth);
}
