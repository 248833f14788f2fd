import type { OutboundLink, Packet, PacketStore } from "@losslab/core";
import { PacketKind } from "@losslab/core";
import type { Time } from "@losslab/engine";

/**
 * HPCC's in-band network telemetry at a switch's egress ports (Li et al., SIGCOMM 2019,
 * sec. 3 and 4.1-4.3): as a data packet that asks for it (`Packet.telemetry` not null)
 * starts on an output link, the port pushes one record onto it: qLen, txBytes, ts and B.
 *
 * qLen is the byte count of every packet in the switch that will leave on this output and
 * has not started on its link, the departing one excluded: the egress queue of an
 * output-queued switch, and in an input-queued one (input-buffered, fifo, voq) the bytes
 * waiting for this output across the inputs, where the port's backlog is; in a CIOQ switch
 * its output buffer plus the bytes at the inputs that will cross to it (they are held there
 * only when the output buffer is full). It is santos-2002's per-output count cnt1
 * (`SwitchView.waitingFor`) in bytes. txBytes counts the wire bytes (size + per-frame
 * overhead) of the data packets and ACKs the port started before this packet, so txRate / B
 * is the link's utilisation; frames the switch makes itself (PAUSE, congestion
 * notifications) are not counted.
 */
export class IntStamping {
  /** Per output: bytes held for it that have not started on its link. */
  private readonly queued: Float64Array;
  /** Per output: wire bytes it has started sending. */
  private readonly sent: Float64Array;

  constructor(ports: number) {
    this.queued = new Float64Array(ports);
    this.sent = new Float64Array(ports);
  }

  /** A packet of `bytes` for `output` has entered an input buffer. */
  arrived(output: number, bytes: number): void {
    this.queued[output]! += bytes;
  }

  /** `packet` starts on `output`'s `link` at `now`: a data packet that asks for INT gets this port's record. */
  departing(packets: PacketStore, packet: Packet, output: number, link: OutboundLink, now: Time): void {
    this.queued[output]! -= packets.size(packet);
    const queued = this.queued[output]!;
    const telemetry = packets.telemetry(packet);
    if (telemetry !== null && packets.kind(packet) === PacketKind.Data) {
      telemetry.push({ queueLength: queued, txBytes: this.sent[output]!, timestamp: now, bandwidth: link.bandwidth });
    }
    this.sent[output]! += packets.size(packet) + (link.overheadBytes ?? 0);
  }
}
