import type { IntRecord, Packet, PacketKind, PacketStore } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";

/**
 * The frames a host generates besides data: ACKs, CN packets and RDMA READ requests, all
 * of the ACK's size (santos-2002 Table 1: 20 B), waiting for port 0 in the order they were
 * made. The send scheduler sends them before any data packet of their VL. With `controlVl`
 * they all travel on that VL, whatever VL their caller names.
 */
export class ControlQueue {
  /** Oldest first. */
  readonly waiting: Packet[] = [];

  constructor(
    private readonly engine: Engine,
    /** The simulation's packets, where the ACKs and notifications are made; the adapter's parts read packets here. */
    readonly packets: PacketStore,
    private readonly host: number,
    private readonly ackBytes: number,
    private readonly controlVl: number | undefined,
  ) {}

  /** Creates a frame from this host to `destination`, now, and queues it. */
  add(
    kind: PacketKind,
    flow: number,
    destination: number,
    seq: number,
    vl: number,
    bits: number,
    covers: number,
    /** An ACK: the send time of the data packet it acknowledges, and its INT records. */
    echoedSendTime?: Time,
    telemetry?: IntRecord[] | null,
    /** An ACK or NACK: the entropy value of the data packet it names (-1: none). */
    entropy?: number,
  ): void {
    this.waiting.push(
      this.packets.create({
        kind,
        flow,
        source: this.host,
        destination,
        size: this.ackBytes,
        seq,
        vl: this.controlVl ?? vl,
        createdAt: this.engine.now,
        bits,
        covers,
        echoedSendTime,
        telemetry,
        entropy,
      }),
    );
  }
}
