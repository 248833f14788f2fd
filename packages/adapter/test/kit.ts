/**
 * Test kit for the adapter package: a minimal wire between two devices (the adapter may
 * not depend on the switch package, so its tests do not use its Link), and helpers to
 * connect two host adapters back to back. Plain helpers, not tests.
 */
import type { Device, OutboundLink, Packet } from "@losslab/core";
import { CongestionBit, LosslessViolation, PacketFactory, PacketKind } from "@losslab/core";
import { Engine, type Time, transmissionTime } from "@losslab/engine";
import type { AckEvent, CnpEvent, Controller, SendEvent } from "@losslab/response";
import { HostAdapter, type HostAdapterOptions } from "../src/index.js";

export const DATA_BYTES = 2068;
export const GBPS = 1e9;
export const PROPAGATION = 10_000;

export interface Sent {
  packet: Packet;
  start: Time;
  end: Time;
}

/**
 * One direction of a link: serialization at `bandwidth`, then `delay` of propagation; the
 * receiver sees the header after `delay` and the last byte one serialization time later.
 * `tamper` runs on every packet as it starts (a stand-in for a marking switch on the path).
 * `to` may pick the receiver per packet (a stand-in for a switch that routes instantly).
 */
export class Wire implements OutboundLink {
  readonly sent: Sent[] = [];
  tamper: ((packet: Packet) => void) | undefined;
  private busyUntil: Time = 0;

  constructor(
    private readonly engine: Engine,
    private readonly to: Device | ((packet: Packet) => Device),
    readonly bandwidth = GBPS,
    private readonly delay: Time = PROPAGATION,
  ) {}

  transmit(packet: Packet): Time {
    const now = this.engine.now;
    const to = typeof this.to === "function" ? this.to(packet) : this.to;
    if (now < this.busyUntil) throw new LosslessViolation(`wire to ${to.name}: overlapping transmissions`);
    const duration = transmissionTime(packet.size, this.bandwidth);
    const end = now + duration;
    this.busyUntil = end;
    this.tamper?.(packet);
    this.sent.push({ packet, start: now, end });
    const header = now + this.delay;
    this.engine.at(header, () => to.receive(packet, 0, header + duration));
    return end;
  }

  /** Data packets only. */
  get data(): Sent[] {
    return this.sent.filter((s) => s.packet.kind === PacketKind.Data);
  }

  /** ACKs only. */
  get acks(): Sent[] {
    return this.sent.filter((s) => s.packet.kind === PacketKind.Ack);
  }

  /** Congestion notifications only. */
  get cnps(): Sent[] {
    return this.sent.filter((s) => s.packet.kind === PacketKind.Cnp);
  }
}

/** Connects `a` and `b` with a wire each way; both receivers drain at link rate (Infinity credits). */
export function backToBack(engine: Engine, a: Device, b: Device, bandwidth = GBPS, delay = PROPAGATION) {
  const ab = new Wire(engine, b, bandwidth, delay);
  const ba = new Wire(engine, a, bandwidth, delay);
  a.connectOutput(0, ab, b.inputCredits(0));
  b.connectOutput(0, ba, a.inputCredits(0));
  return { ab, ba };
}

/**
 * Adapters H0 and H1 back to back; the wire H0 -> H1 sets ECN on the data packets whose
 * sequence numbers are in `marked`.
 */
export function markingPair(marked: readonly number[], destination: Partial<HostAdapterOptions> = {}) {
  const engine = new Engine();
  const packets = new PacketFactory();
  const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets });
  const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets, ...destination });
  const wires = backToBack(engine, h0, h1);
  wires.ab.tamper = (packet) => {
    if (packet.kind === PacketKind.Data && marked.includes(packet.seq)) packet.bits |= CongestionBit.Ecn;
  };
  return { engine, h0, h1, ...wires };
}

/**
 * A controller (`@losslab/response`'s `Controller`) with settable rate and window that
 * records every ACK and send it hears, with the time. It never asks for a timer.
 */
export class ScriptedController implements Controller {
  readonly acks: Array<{
    at: Time;
    marked: boolean;
    validated: boolean;
    bytes: number;
    packets: number;
    seq: number;
  }> = [];
  readonly sends: Array<{ at: Time; seq: number; limitedBy: string; fromEmptyQueue: boolean }> = [];
  readonly wakeAt: number | undefined = undefined;
  onAckHook: ((controller: ScriptedController) => void) | undefined;

  constructor(
    private readonly engine: Engine,
    public rate = Number.POSITIVE_INFINITY,
    public window = Number.POSITIVE_INFINITY,
  ) {}

  onSend(event: SendEvent): void {
    this.sends.push({
      at: this.engine.now,
      seq: event.seq,
      limitedBy: event.limitedBy,
      fromEmptyQueue: event.fromEmptyQueue ?? false,
    });
  }

  onAck(event: AckEvent): void {
    this.acks.push({
      at: this.engine.now,
      marked: event.marked,
      validated: event.validated ?? false,
      bytes: event.bytes,
      packets: event.packets ?? 1,
      seq: event.seq,
    });
    this.onAckHook?.(this);
  }

  readonly cnps: Array<{ at: Time; feedback: number | undefined; seq: number | undefined }> = [];

  onCnp(event?: CnpEvent): void {
    this.cnps.push({ at: this.engine.now, feedback: event?.feedback, seq: event?.seq });
  }

  onTimer(): void {}
}
