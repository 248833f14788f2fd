/** A scripted sender for tests of switches and links: packets go out in the order and at the times a test gives. */
import {
  applyPause,
  CreditAccount,
  type Device,
  type InboundLink,
  isPaused,
  type OutboundLink,
  type Packet,
  PacketKind,
  type PacketReader,
  type PacketRecord,
} from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { CREDIT_BYTES } from "./santos-link.js";

/**
 * A one-port sender: packets are queued with `send(packet, at)` and leave in order, each as
 * soon as the link is free, the downstream buffer has credits for all of it and no PAUSE
 * holds it. A PAUSE frame received takes effect `reactionDelay` after its last byte (then
 * recorded in `pauses`); other packets received are recorded in `received`.
 */
export class ScriptedSource implements Device {
  readonly creditReturns: Array<{ at: Time; blocks: number }> = [];
  /** When each received PAUSE took effect, and whether it paused (XOFF) or resumed (XON). */
  readonly pauses: Array<{ at: Time; paused: boolean }> = [];
  /** What arrived (not PAUSE frames), as it arrived. */
  readonly received: PacketRecord[] = [];
  credits: CreditAccount | undefined;
  private link: OutboundLink | undefined;
  /** The store of the link this source sends on (known once connected). */
  private packets: PacketReader | undefined;
  private readonly queue: Packet[] = [];
  private busyUntil: Time = 0;
  private paused = 0;

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly reactionDelay: Time = 0,
  ) {}

  /** Packets queued and not yet sent. */
  get backlog(): number {
    return this.queue.length;
  }

  /** Queues `packet` at time `at` (default now). */
  send(packet: Packet, at: Time = this.engine.now): void {
    this.engine.at(at, () => {
      this.queue.push(packet);
      this.trySend();
    });
  }

  connectOutput(_port: number, link: OutboundLink, downstreamCredits: number): void {
    this.link = link;
    this.packets = link.packets;
    this.credits = new CreditAccount(downstreamCredits, CREDIT_BYTES, `${this.name} output`);
  }

  connectInput(_port: number, link: InboundLink): void {
    this.packets ??= link.packets;
  }

  inputCredits(_port: number): number {
    return Number.POSITIVE_INFINITY;
  }

  receive(packet: Packet, _port: number, tailAt: Time): void {
    const packets = this.packets!;
    if (packets.kind(packet) !== PacketKind.Pause) {
      this.received.push(packets.record(packet));
      return;
    }
    this.engine.at(tailAt + this.reactionDelay, () => {
      this.paused = applyPause(this.paused, packets, packet);
      this.pauses.push({ at: this.engine.now, paused: this.paused !== 0 });
      this.trySend();
    });
  }

  creditsReturned(_port: number, blocks: number): void {
    this.creditReturns.push({ at: this.engine.now, blocks });
    this.credits!.restore(blocks);
    this.trySend();
  }

  private trySend(): void {
    const packet = this.queue[0];
    if (packet === undefined || this.engine.now < this.busyUntil) return;
    const packets = this.packets!;
    if (!this.credits!.canSend(packets.size(packet)) || isPaused(this.paused, packets.vl(packet))) return;
    this.queue.shift();
    this.credits!.consume(packets.size(packet));
    this.busyUntil = this.link!.transmit(packet);
    this.engine.at(this.busyUntil, () => this.trySend());
  }
}
