import { CongestionBit, type IntRecord, type Packet, PacketKind } from "@losslab/core";
import type { Engine, EventHandler, EventId, Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { ACK_TIMEOUT } from "./adapter-events.js";
import type { ControlQueue } from "./control-queue.js";

/** Congestion bits a destination echoes; a packet with any of them gets its ACK at once. */
export const CONGESTION_BITS = CongestionBit.Ecn | CongestionBit.Marked | CongestionBit.Validated;

/** Data packets of one flow received and not yet acknowledged (ACK coalescing). */
export interface PendingAck {
  readonly flow: number;
  readonly source: number;
  readonly vl: number;
  /** Packets the next ACK covers. */
  count: number;
  /** Of the last of them, which the ACK echoes: its sequence number, send time and INT records (not the packet, which is recycled). */
  seq: number;
  sentAt: Time;
  telemetry: IntRecord[] | null;
  /** Its entropy value (multipath), which the ACK echoes so the source learns how that path went. */
  entropy: number;
  /** The coalescing time-out's event; -1 when none is armed. */
  timerId: EventId;
}

/**
 * The ACKs a destination returns for the data packets of reliable flows: one per packet
 * (santos-2002 sec. 4.1), or with `ackCoalescing` N > 1 one per up to N packets of a flow
 * (turner-2001 sec. 3). An ACK carries the data packet's flow, VL and sequence number, and
 * BECN when it echoes ECN.
 */
export class Acknowledger {
  private readonly coalescing: number;
  private readonly timeout: Time;
  private readonly pending = new Map<number, PendingAck>();

  constructor(
    name: string,
    coalescing: number | undefined,
    timeout: Time | undefined,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly control: ControlQueue,
  ) {
    this.coalescing = coalescing ?? 1;
    if (!Number.isInteger(this.coalescing) || this.coalescing < 1) {
      throw OptionError.of(name, "ackCoalescing", "must be an integer >= 1", { value: this.coalescing, limit: 1 });
    }
    if (this.coalescing > 1 && timeout === undefined) {
      throw OptionError.of(name, "ackCoalescingTimeout", "is needed with ackCoalescing > 1 (Infinity for none)");
    }
    this.timeout = timeout ?? Number.POSITIVE_INFINITY;
    const infinite = this.timeout === Number.POSITIVE_INFINITY;
    if (!(infinite || (Number.isInteger(this.timeout) && this.timeout > 0))) {
      throw OptionError.of(name, "ackCoalescingTimeout", "must be a whole number of picoseconds > 0 or Infinity", {
        value: timeout,
      });
    }
  }

  /**
   * Acknowledges a data packet of a reliable flow, echoing `bits`, coalescing unmarked ones
   * (turner-2001 sec. 3: "ACK coalescing is allowed but an acknowledgement packet must be
   * generated for every request packet with the ECN bit set to 1").
   */
  acknowledge(packet: Packet, bits: number, ackRequested: boolean): void {
    if (this.coalescing === 1) {
      this.send(
        this.control.packets.flow(packet),
        this.control.packets.source(packet),
        this.control.packets.vl(packet),
        1,
        bits,
        this.control.packets.seq(packet),
        this.control.packets.injectedAt(packet),
        this.control.packets.telemetry(packet),
        this.control.packets.entropy(packet),
      );
      return;
    }
    let pending = this.pending.get(this.control.packets.flow(packet));
    if (pending === undefined) {
      pending = {
        flow: this.control.packets.flow(packet),
        source: this.control.packets.source(packet),
        vl: this.control.packets.vl(packet),
        count: 0,
        seq: 0,
        sentAt: -1,
        telemetry: null,
        entropy: -1,
        timerId: -1,
      };
      this.pending.set(this.control.packets.flow(packet), pending);
    }
    pending.count++;
    pending.seq = this.control.packets.seq(packet);
    pending.sentAt = this.control.packets.injectedAt(packet);
    pending.telemetry = this.control.packets.telemetry(packet);
    pending.entropy = this.control.packets.entropy(packet);
    if ((bits & CONGESTION_BITS) !== 0 || ackRequested || pending.count >= this.coalescing) {
      this.flush(pending, bits);
    } else if (pending.count === 1 && this.timeout !== Number.POSITIVE_INFINITY) {
      pending.timerId = this.engine.at(this.engine.now + this.timeout, this.handler, ACK_TIMEOUT, pending);
    }
  }

  /** The coalescing time-out of `pending` (`ACK_TIMEOUT`): its packets are acknowledged now, unmarked. */
  timedOut(pending: PendingAck): void {
    pending.timerId = -1;
    this.flush(pending, 0);
  }

  /** Sends one ACK for a flow's pending packets, echoing `bits` (the last packet's, sec. 3). */
  private flush(pending: PendingAck, bits: number): void {
    if (pending.timerId >= 0) this.engine.cancel(pending.timerId);
    this.pending.delete(pending.flow);
    this.send(
      pending.flow,
      pending.source,
      pending.vl,
      pending.count,
      bits,
      pending.seq,
      pending.sentAt,
      pending.telemetry,
      pending.entropy,
    );
  }

  /** An ACK of packet `seq` and the packets before it, echoing its send time, INT records (TIMELY, HPCC) and entropy (REPS). */
  private send(
    flow: number,
    destination: number,
    vl: number,
    covers: number,
    bits: number,
    seq: number,
    sentAt: Time,
    telemetry: IntRecord[] | null,
    entropy: number,
  ): void {
    const echoed = bits & CongestionBit.Ecn ? bits | CongestionBit.Becn : bits;
    this.control.add(PacketKind.Ack, flow, destination, seq, vl, echoed, covers, sentAt, telemetry, entropy);
  }
}
