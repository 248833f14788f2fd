import type { Packet, PacketReader } from "@losslab/core";

/** Reorder-buffer occupancy of one flow, or of all flows together. */
export interface ReorderSummary {
  /** Data packets that arrived (the samples of the means). */
  readonly arrivals: number;
  /** The most packets held at once, and their bytes' most at once. */
  readonly maxPackets: number;
  readonly maxBytes: number;
  /** Held after each arrival, averaged over the arrivals. */
  readonly meanPackets: number;
  readonly meanBytes: number;
}

/** One flow's receiver: the next sequence number in order and what arrived beyond it. */
interface FlowReorder {
  expected: number;
  /** Sequence number -> bytes, of the packets held for a gap before them. */
  readonly held: Map<number, number>;
  heldBytes: number;
  arrivals: number;
  maxPackets: number;
  maxBytes: number;
  sumPackets: number;
  sumBytes: number;
}

/**
 * The reorder buffer a receiver delivering each flow in order would need, measured at the
 * destinations: a data packet whose sequence number is beyond the next one expected is held
 * until the gap before it fills, and the held packets and bytes are sampled after every
 * arrival. losslab's adapters accept packets in any order and acknowledge each one (per-packet
 * selective ACKs; uet-htsim's receiver keeps a cumulative ACK and a SACK bitmap of the
 * packets beyond it, uec.cpp:2953-3010), so this is a measure of what spraying costs, not a
 * limit: nothing waits for it. A sequence number below the next expected with nothing held
 * starts the flow's numbering again (a per-destination queue the adapter forgot and reopened).
 */
export class ReorderBuffers {
  private readonly flows = new Map<number, FlowReorder>();

  /** A data packet's last byte arrived at its destination (a `DeliveryListener`). */
  delivered(packets: PacketReader, packet: Packet): void {
    const id = packets.flow(packet);
    let flow = this.flows.get(id);
    if (flow === undefined) {
      flow = {
        expected: 0,
        held: new Map(),
        heldBytes: 0,
        arrivals: 0,
        maxPackets: 0,
        maxBytes: 0,
        sumPackets: 0,
        sumBytes: 0,
      };
      this.flows.set(id, flow);
    }
    const seq = packets.seq(packet);
    if (seq === flow.expected || (seq < flow.expected && flow.held.size === 0)) {
      flow.expected = seq + 1;
      let bytes = flow.held.get(flow.expected);
      while (bytes !== undefined) {
        flow.held.delete(flow.expected);
        flow.heldBytes -= bytes;
        flow.expected++;
        bytes = flow.held.get(flow.expected);
      }
    } else if (seq > flow.expected) {
      flow.held.set(seq, packets.size(packet));
      flow.heldBytes += packets.size(packet);
    }
    flow.arrivals++;
    flow.sumPackets += flow.held.size;
    flow.sumBytes += flow.heldBytes;
    if (flow.held.size > flow.maxPackets) flow.maxPackets = flow.held.size;
    if (flow.heldBytes > flow.maxBytes) flow.maxBytes = flow.heldBytes;
  }

  /**
   * Adds the flows another meter measured (its structured clone too): a run split over
   * threads measures each flow where its destination runs, so no flow is in both.
   */
  absorb(other: ReorderBuffers): void {
    for (const [id, flow] of (other as unknown as { flows: Map<number, FlowReorder> }).flows) this.flows.set(id, flow);
  }

  /** Per flow id, in the order flows first delivered a packet. */
  perFlow(): Map<number, ReorderSummary> {
    const result = new Map<number, ReorderSummary>();
    for (const [id, flow] of this.flows) result.set(id, summaryOf([flow]));
    return result;
  }

  /** Over every flow: the largest maxima, and the means over all arrivals. */
  summary(): ReorderSummary {
    return summaryOf([...this.flows.values()]);
  }
}

function summaryOf(flows: readonly FlowReorder[]): ReorderSummary {
  let arrivals = 0;
  let maxPackets = 0;
  let maxBytes = 0;
  let sumPackets = 0;
  let sumBytes = 0;
  for (const flow of flows) {
    arrivals += flow.arrivals;
    maxPackets = Math.max(maxPackets, flow.maxPackets);
    maxBytes = Math.max(maxBytes, flow.maxBytes);
    sumPackets += flow.sumPackets;
    sumBytes += flow.sumBytes;
  }
  return {
    arrivals,
    maxPackets,
    maxBytes,
    meanPackets: arrivals === 0 ? 0 : sumPackets / arrivals,
    meanBytes: arrivals === 0 ? 0 : sumBytes / arrivals,
  };
}
