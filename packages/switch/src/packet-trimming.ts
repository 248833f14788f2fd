import { type Packet, PacketKind, type PacketStore, TransportFlag } from "@losslab/core";
import type { Time } from "@losslab/engine";
import { checkHeldBytes } from "./held-bytes.js";
import type { SharedBufferSettings } from "./shared-buffer-options.js";

/** The room a lossy packet may take: the shared pool and its egress queue's dynamic threshold (`SharedBufferMmu`). */
export interface TrimmingRoom {
  /** Bytes of the egress queue (output, VL) at `output * vls + vl`. */
  readonly egress: Float64Array;
  /** Whether the pool, and the egress queue's dynamic threshold, take `bytes` more into queue `queue`. */
  fits(queue: number, bytes: number): boolean;
}

/** Counters of a switch's trimming: what it cut and what it dropped, in all and per flow. */
export interface TrimmingCounts {
  readonly trimmed: number;
  readonly headersDropped: number;
  /** Per flow id, packets trimmed here (flows with none are absent). */
  readonly trimmedByFlow: ReadonlyMap<number, number>;
  /** Per flow id, headers dropped here. */
  readonly droppedByFlow: ReadonlyMap<number, number>;
  /** When each trim happened, ps, in order: trims after the first round trips are a claim of their own (uec.md UE.14). */
  readonly trimTimes: readonly Time[];
}

/**
 * Packet trimming on the lossy priorities of a shared-buffer switch (Ultra Ethernet; as
 * uet-htsim's composite queue implements it, `compositequeue.cpp:161-229`, 265-313): a data
 * packet that would take its egress queue over `trimThresholdBytes`, or that the pool or the
 * queue's dynamic threshold refuses, loses its payload and goes on as a `trimmedBytes` header
 * (flow, sequence and marks kept) into the output's header queue, served before any data. So
 * do control frames of a lossy priority (uet-htsim queues every header-only packet there).
 * A header that would take the header queue over `headerQueueBytes` (uet-htsim: 2 x the
 * queue size) is dropped, and counted: the transport's timeout recovers it.
 *
 * Deviation: uet-htsim trims, with probability 1/2, the most recently queued data packet
 * instead of the arrival (`compositequeue.cpp:162-229`); here the arrival is always the one
 * trimmed, which keeps the decision at the packet's own admission and needs no coin.
 */
export class PacketTrimming implements TrimmingCounts {
  trimmed = 0;
  headersDropped = 0;
  readonly trimmedByFlow = new Map<number, number>();
  readonly droppedByFlow = new Map<number, number>();
  readonly trimTimes: Time[] = [];
  /** Per output: bytes and headers of its header queue, from admission to the last byte's departure. */
  private readonly headerBytes: Float64Array;
  private readonly headerCounts: Int32Array;
  /** Per output: the trim threshold and the header queue's limit, scaled on degraded outputs. */
  private readonly thresholds: Float64Array;
  private readonly headerLimits: Float64Array;
  /** Per output: 1 if its link leads to a host (a trim there is at the packet's last hop). */
  private readonly lastHop: Uint8Array;

  constructor(
    /** The switch's name, for `checkHeldBytes`. */
    private readonly name: string,
    private readonly clock: { readonly now: Time },
    private readonly packets: PacketStore,
    private readonly vls: number,
    ports: number,
    private readonly settings: SharedBufferSettings,
    hostOutputs: readonly number[],
    degradedOutputs: ReadonlyMap<number, number> = new Map(),
  ) {
    this.headerBytes = new Float64Array(ports);
    this.headerCounts = new Int32Array(ports);
    this.lastHop = new Uint8Array(ports);
    for (const output of hostOutputs) this.lastHop[output] = 1;
    this.thresholds = new Float64Array(ports).fill(settings.trimThresholdBytes);
    this.headerLimits = new Float64Array(ports).fill(settings.headerQueueBytes);
    // uet-htsim builds a degraded link's queue with its size times the ratio, truncated to
    // whole bytes (`mem_b`), and caps its headers at twice that (fat_tree_topology.cpp:1174-1177,
    // compositequeue.cpp:195).
    for (const [output, ratio] of degradedOutputs) {
      this.thresholds[output] = Math.floor(settings.trimThresholdBytes * ratio);
      this.headerLimits[output] = Math.floor(settings.headerQueueBytes * ratio);
    }
  }

  /** Whether VL `vl` is lossy. */
  lossy(vl: number): boolean {
    return this.settings.lossy[vl] === 1;
  }

  /**
   * What becomes of `packet`, arriving for `output` on a lossy priority: the packet the switch
   * keeps, or -1 if it is dropped. A whole data packet that fits is kept as it is, for its
   * egress queue; one that does not is trimmed to its header. A header (trimmed now or before,
   * or a control frame of the priority) goes to the output's header queue, where it counts
   * until `departed`, or is dropped, and counted, if that queue (or the pool) has no room for
   * it. `senderHolds`: the sender is still sending `packet` (`SwitchBase.senderHolds`), so a
   * trim cuts a copy (`PacketStore.copy`) and leaves the sender's record whole.
   */
  judge(packet: Packet, output: number, room: TrimmingRoom, senderHolds: boolean): Packet {
    const packets = this.packets;
    const flow = packets.flow(packet);
    const isData =
      packets.kind(packet) === PacketKind.Data && (packets.transport(packet) & TransportFlag.Trimmed) === 0;
    let size = packets.size(packet);
    if (isData) {
      const queue = output * this.vls + packets.vl(packet);
      if (room.egress[queue]! + size <= this.thresholds[output]! && room.fits(queue, size)) return packet;
      size = this.settings.trimmedBytes;
      this.trimmed++;
      this.trimTimes.push(this.clock.now);
      this.trimmedByFlow.set(flow, (this.trimmedByFlow.get(flow) ?? 0) + 1);
    }
    if (this.headerBytes[output]! + size > this.headerLimits[output]! || !room.fits(-1, size)) {
      this.headersDropped++;
      this.droppedByFlow.set(flow, (this.droppedByFlow.get(flow) ?? 0) + 1);
      return -1;
    }
    this.headerBytes[output]! += size;
    this.headerCounts[output]!++;
    if (!isData) return packet;
    const header = senderHolds ? packets.copy(packet) : packet;
    packets.trim(header, this.settings.trimmedBytes, this.lastHop[output] === 1);
    return header;
  }

  /** A header of `output`'s header queue has left. */
  departed(output: number, packet: Packet): void {
    this.headerBytes[output]! -= this.packets.size(packet);
    this.headerCounts[output]!--;
    checkHeldBytes(
      this.headerBytes[output]!,
      this.headerCounts[output] === 0,
      this.name,
      "header queue of output",
      output,
    );
  }
}
