import type { Packet, PacketReader } from "@losslab/core";

/*
 * chrysos sec. IV.B's occupancy sampling: which flow of a monitored buffer a congestion
 * notification goes to, judged by what the flows hold in it. Only data packets are
 * candidates (ACKs and CNPs occupy buffers but cause no congestion).
 */

/**
 * Deterministic occupancy sampling: "the flow with the highest occupancy in the buffer
 * monitored", by data bytes. A tie goes to the flow listed first in `packets` (the oldest
 * first). Returns that flow's first packet in `packets`, or undefined without data.
 */
export function largestBacklog(reader: PacketReader, packets: readonly Packet[]): Packet | undefined {
  const bytes = new Map<number, number>();
  const first = new Map<number, Packet>();
  for (const packet of packets) {
    if (!reader.isData(packet)) continue;
    const flow = reader.flow(packet);
    bytes.set(flow, (bytes.get(flow) ?? 0) + reader.size(packet));
    if (!first.has(flow)) first.set(flow, packet);
  }
  let culprit: Packet | undefined;
  let most = 0;
  for (const [flow, held] of bytes) {
    if (held > most) {
      most = held;
      culprit = first.get(flow);
    }
  }
  return culprit;
}

/**
 * Random occupancy sampling: "randomly picking one occupied buffer slot and locating the
 * corresponding frame header". A packet holds ceil(size / unitBytes) units (chrysos sec.
 * II: 256-B units); one unit of the data packets is drawn uniformly with `random()` in
 * [0, 1), so a flow is picked with probability q_n / q, its share of the units. Returns the
 * packet holding the unit, or undefined without data.
 */
export function randomUnit(
  reader: PacketReader,
  packets: readonly Packet[],
  unitBytes: number,
  random: () => number,
): Packet | undefined {
  let units = 0;
  for (const packet of packets) if (reader.isData(packet)) units += Math.ceil(reader.size(packet) / unitBytes);
  if (units === 0) return undefined;
  let unit = Math.floor(random() * units);
  for (const packet of packets) {
    if (!reader.isData(packet)) continue;
    unit -= Math.ceil(reader.size(packet) / unitBytes);
    if (unit < 0) return packet;
  }
  return undefined;
}
