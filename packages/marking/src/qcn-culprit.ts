import { isData, type Packet } from "@losslab/core";

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
export function largestBacklog(packets: readonly Packet[]): Packet | undefined {
  const bytes = new Map<number, number>();
  const first = new Map<number, Packet>();
  for (const packet of packets) {
    if (!isData(packet)) continue;
    bytes.set(packet.flow, (bytes.get(packet.flow) ?? 0) + packet.size);
    if (!first.has(packet.flow)) first.set(packet.flow, packet);
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
export function randomUnit(packets: readonly Packet[], unitBytes: number, random: () => number): Packet | undefined {
  let units = 0;
  for (const packet of packets) if (isData(packet)) units += Math.ceil(packet.size / unitBytes);
  if (units === 0) return undefined;
  let unit = Math.floor(random() * units);
  for (const packet of packets) {
    if (!isData(packet)) continue;
    unit -= Math.ceil(packet.size / unitBytes);
    if (unit < 0) return packet;
  }
  return undefined;
}
