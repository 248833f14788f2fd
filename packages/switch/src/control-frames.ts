import { createPauseFrame, type Packet, PacketKind, type PacketStore } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { InputPause } from "./input-pause.js";

/**
 * The frames a switch makes itself and owes its output links, ahead of data: the PAUSE
 * frames its inputs owe upstream (`InputPause`; they leave on the output of the same port)
 * and the congestion notifications its marking policy sends (QCN CNMs, turner-2001's CN
 * packets), queued per output port. The switch puts them on its links (`SwitchBase`).
 */
export class ControlFrames {
  /** Notifications waiting in all. */
  noticesOwing = 0;
  /** Per output: notifications waiting to leave, oldest first. */
  private readonly notices: Packet[][] = [];
  private readonly listeners: Array<(frame: Packet) => void> = [];

  constructor(
    readonly _name: string,
    ports: number,
    private readonly vls: number,
    /** The XOFF/XON state of the inputs (`InputBuffers.pause`); undefined with credits. */
    private readonly pause: InputPause | undefined,
    /** Of a PAUSE frame before wire overhead (unused with credits). */
    private readonly pauseFrameBytes: number,
    /** The simulation's packets, where either kind of frame is made. */
    private readonly packets: PacketStore,
  ) {
    for (let port = 0; port < ports; port++) this.notices.push([]);
  }

  /** Whether any frame is owed (checked at every arbitration). */
  get owing(): boolean {
    return this.noticesOwing > 0 || (this.pause !== undefined && this.pause.owing > 0);
  }

  /** Input buffers that owe a PAUSE frame. */
  get pausesOwing(): number {
    return this.pause === undefined ? 0 : this.pause.owing;
  }

  /** The lowest priority input `port` owes a PAUSE frame for; -1 if none. */
  pauseOwed(port: number): number {
    return this.pause === undefined ? -1 : this.pause.owed(port);
  }

  /**
   * The PAUSE frame input `port` owes for `priority` (`pauseOwed`), made now and counted as
   * signalled: XOFF (65535 quanta) or XON (0).
   *
   * PFC (802.1Qbb, now IEEE 802.1Q clause 36): a real frame carries a class-enable vector and one timer per
   * priority, so one frame may change several priorities. Here each frame names one
   * priority (`vl`): an input owing changes on several priorities sends one frame per
   * priority, lowest first, back to back. That costs the link at most a 64 B frame more per
   * extra priority that changes within one frame time, which is rare.
   */
  pauseFrame(port: number, priority: number, now: Time): Packet {
    const quanta = this.pause!.signal(port * this.vls + priority);
    return createPauseFrame(this.packets, priority, quanta, this.pauseFrameBytes, now);
  }

  /** A PAUSE frame this switch received has acted: it goes back to the store (core `Packet`: slots are recycled). */
  consumed(frame: Packet): void {
    this.packets.release(frame);
  }

  /** Queues `frame`, a congestion notification, for `output`. */
  queue(output: number, frame: Packet): void {
    this.notices[output]!.push(frame);
    this.noticesOwing++;
  }

  /** The oldest notification waiting for `output`, left in place; -1 if none. */
  notice(output: number): Packet {
    return this.notices[output]![0] ?? -1;
  }

  /** The oldest notification waiting for `output` has started on its link. */
  noticeSent(output: number): void {
    this.notices[output]!.shift();
    this.noticesOwing--;
  }

  /** Whether a PAUSE frame or a notification waits for the link of `port`. */
  waits(port: number): boolean {
    return this.notices[port]!.length > 0 || (this.pause !== undefined && this.pause.owed(port) >= 0);
  }

  /**
   * A marking policy's control frame about `about` for host `destination` (a QCN CNM, a CN
   * packet to turner-2001's subnet manager), made now with the packet factory; the listeners
   * (`onNotification`) hear it before it is queued.
   */
  notification(destination: number, about: Packet, bytes: number, feedback: number | undefined, now: Time): Packet {
    const packets = this.packets;
    const frame = packets.create({
      kind: PacketKind.Cnp,
      flow: packets.flow(about),
      source: -1,
      destination,
      size: bytes,
      seq: packets.seq(about),
      createdAt: now,
      ...(feedback === undefined ? {} : { feedback }),
    });
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  /** Calls `listener` with every notification made here (`notification`). */
  onNotification(listener: (frame: Packet) => void): void {
    this.listeners.push(listener);
  }
}
