import { CongestionBit, type Packet, PacketKind, TransportFlag } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { type Acknowledger, CONGESTION_BITS } from "./acknowledger.js";
import type { ControlQueue } from "./control-queue.js";

/**
 * What a destination returns for a data packet that arrived: an ACK echoing its
 * congestion bits for a reliable flow, a CN packet for a marked packet of an unreliable flow
 * or an RDMA READ response (turner-2001 sec. 3), and a CN packet to the subnet manager for
 * a marked packet from a source it announced as non-compliant (sec. 6.2). A non-compliant
 * destination knows no congestion bits: it echoes none and sends no CN packet.
 */
export class DestinationFeedback {
  private readonly nonCompliantSources: ReadonlySet<number>;
  private readonly managerHost: number;

  /** Under `cnpInterval`: when each flow's last CNP went, by flow id. */
  private readonly lastCnp = new Map<number, Time>();

  constructor(
    name: string,
    private readonly compliant: boolean,
    nonCompliantSources: readonly number[] | undefined,
    managerHost: number | undefined,
    /** Whether this host acknowledges data at all (false: raw traffic without ACKs). */
    private readonly acknowledges: boolean,
    private readonly acknowledger: Acknowledger,
    private readonly control: ControlQueue,
    /** DCQCN's CNP pacing (`HostAdapterOptions.cnpInterval`), with the clock; undefined: none. */
    private readonly pacedCnps?: { readonly interval: Time; readonly engine: Engine },
  ) {
    this.nonCompliantSources = new Set(nonCompliantSources ?? []);
    this.managerHost = managerHost ?? -1;
    if (this.nonCompliantSources.size > 0 && !(Number.isInteger(this.managerHost) && this.managerHost >= 0)) {
      throw OptionError.of(name, "nonCompliantSources", "needs a managerHost to send CN packets to");
    }
  }

  /** Queues the feedback data packet `packet` calls for; true if it queued a frame. */
  dataArrived(packet: Packet): boolean {
    const queued = this.control.waiting.length;
    const flags = this.control.packets.transport(packet);
    // A non-compliant destination ignores the bit (sec. 6.2: only the switches report marks on packets to it).
    const marked = this.compliant && (this.control.packets.bits(packet) & CongestionBit.Ecn) !== 0;
    // turner-2001 sec. 6.2: "When a destination CA receives a marked data packet from a
    // non-compliant source CA, it should send a CN packet to the subnet manager."
    const nonCompliant = marked && this.nonCompliantSources.has(this.control.packets.source(packet));
    if (nonCompliant) this.notify(packet, this.managerHost);
    if (this.pacedCnps !== undefined) {
      this.pacedNotification(packet, marked && !nonCompliant, this.pacedCnps);
      return this.control.waiting.length > queued;
    }
    if ((flags & (TransportFlag.Unreliable | TransportFlag.ReadResponse)) !== 0) {
      // Sec. 3: "The destination CA generates a CN packet for each marked data packet";
      // case 3: "Since RDMA READ response packets are not acknowledged ... CN packets" too.
      if (marked && !nonCompliant) this.notify(packet, this.control.packets.source(packet));
    } else if (this.acknowledges) {
      const echoed = this.compliant
        ? this.control.packets.bits(packet)
        : this.control.packets.bits(packet) & ~CONGESTION_BITS;
      this.acknowledger.acknowledge(packet, echoed, (flags & TransportFlag.AckRequest) !== 0);
    }
    return this.control.waiting.length > queued;
  }

  /**
   * DCQCN's notification point: a CNP for a marked packet unless one went to its flow within
   * the interval; a reliable flow's ACK echoes no congestion bits.
   */
  private pacedNotification(packet: Packet, marked: boolean, paced: { interval: Time; engine: Engine }): void {
    if (marked) {
      const now = paced.engine.now;
      const last = this.lastCnp.get(this.control.packets.flow(packet));
      if (last === undefined || now - last >= paced.interval) {
        this.lastCnp.set(this.control.packets.flow(packet), now);
        this.notify(packet, this.control.packets.source(packet));
      }
    }
    const flags = this.control.packets.transport(packet);
    if ((flags & (TransportFlag.Unreliable | TransportFlag.ReadResponse)) === 0 && this.acknowledges) {
      this.acknowledger.acknowledge(
        packet,
        this.control.packets.bits(packet) & ~CONGESTION_BITS,
        (flags & TransportFlag.AckRequest) !== 0,
      );
    }
  }

  /** Queues a CN packet about marked data packet `packet` to `destination`. */
  private notify(packet: Packet, destination: number): void {
    this.control.add(
      PacketKind.Cnp,
      this.control.packets.flow(packet),
      destination,
      this.control.packets.seq(packet),
      this.control.packets.vl(packet),
      CongestionBit.Becn,
      1,
    );
  }
}
