/**
 * A link without a switch's Link class, for the adapter's tests (the adapter may not depend on
 * the switch package, so its tests wire hosts with this).
 */
import {
  type Device,
  LosslessViolation,
  type OutboundLink,
  type Packet,
  PacketKind,
  type PacketStore,
} from "@losslab/core";
import { type Engine, type Time, transmissionTime } from "@losslab/engine";
import { GBPS, PROPAGATION } from "./santos-link.js";
import type { Transmission } from "./transmission.js";

/**
 * One direction of a link: serialization at `bandwidth`, then `delay` of propagation; the
 * receiver sees the header after `delay` and the last byte one serialization time later.
 * `tamper` runs on every packet as it starts (a stand-in for a marking switch on the path).
 * `to` may pick the receiver per packet (a stand-in for a switch that routes instantly).
 */
export class BareWire implements OutboundLink {
  readonly sent: Transmission[] = [];
  /** Called with each packet as it starts, before it is recorded: a test may set its bits (`packets.mark`). */
  tamper: ((packet: Packet, packets: PacketStore) => void) | undefined;
  /** Called with each packet as it starts, after `tamper`: true loses it (recorded as sent, never delivered). */
  lose: ((packet: Packet, packets: PacketStore) => boolean) | undefined;
  private busyUntil: Time = 0;

  constructor(
    private readonly engine: Engine,
    readonly packets: PacketStore,
    private readonly to: Device | ((packet: Packet) => Device),
    readonly bandwidth = GBPS,
    private readonly delay: Time = PROPAGATION,
  ) {}

  transmit(packet: Packet): Time {
    const now = this.engine.now;
    const to = typeof this.to === "function" ? this.to(packet) : this.to;
    if (now < this.busyUntil) throw new LosslessViolation(`wire to ${to.name}: overlapping transmissions`);
    const duration = transmissionTime(this.packets.size(packet), this.bandwidth);
    const end = now + duration;
    this.busyUntil = end;
    this.tamper?.(packet, this.packets);
    this.sent.push({ packet: this.packets.record(packet), slot: packet, start: now, end });
    if (this.lose?.(packet, this.packets)) {
      this.packets.release(packet);
      return end;
    }
    const header = now + this.delay;
    this.engine.at(header, () => to.receive(packet, 0, header + duration));
    return end;
  }

  /** Data packets only. */
  get data(): Transmission[] {
    return this.sent.filter((s) => s.packet.kind === PacketKind.Data);
  }

  /** ACKs only. */
  get acks(): Transmission[] {
    return this.sent.filter((s) => s.packet.kind === PacketKind.Ack);
  }

  /** Congestion notifications only. */
  get cnps(): Transmission[] {
    return this.sent.filter((s) => s.packet.kind === PacketKind.Cnp);
  }
}
