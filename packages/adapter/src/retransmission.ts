import type { Packet, PacketReader } from "@losslab/core";
import type { Engine, EventHandler, Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { RETRANSMIT_TIMEOUT } from "./adapter-events.js";
import type { Flow } from "./flow.js";

/** What a flow's transport recovered: NACKs heard, packets sent again, timeouts that fired. */
export interface RecoveryCounts {
  nacks: number;
  retransmissions: number;
  timeouts: number;
}

/** Told of each packet of `flow` NACKed or timed out, with the time it was sent (its congestion controller reacts). */
export type LossListener = (flow: Flow, cause: "nack" | "timeout", sentAt: Time) => void;

/**
 * The sender side of a retransmitting transport (Ultra Ethernet's, as uet-htsim's UecSrc
 * implements it): every data packet sent is remembered with its send time until its ACK; a
 * NACK (its payload was trimmed, `uec.cpp:1524-1610`) or a retransmission timeout queues its
 * sequence number to be sent again, ahead of new data (`uec.cpp:1906-1923`). One timer per
 * flow, on the earliest outstanding send (`uec.cpp:1998-2027`, `2307-2430`): when it fires,
 * every packet outstanding for `timeout` or longer is queued again. uet-htsim's timeout is
 * 15 us + 6 x the drain time of one trimming queue at the link rate (`dc/main_uec.cpp:694-695`);
 * the scenario computes that default, this class takes the value.
 *
 * ACKs must name one packet each (`ackCoalescing` 1): an ACK of a packet already ACKed (a
 * duplicate after a spurious timeout) or of an unknown flow is ignored.
 */
export class Retransmission {
  /** Per flow id: its counts, kept after the flow is gone (the run's summary reads them). */
  readonly byFlow = new Map<number, RecoveryCounts>();
  readonly total: RecoveryCounts = { nacks: 0, retransmissions: 0, timeouts: 0 };

  constructor(
    name: string,
    readonly timeout: Time,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly packets: PacketReader,
    private readonly lost: LossListener,
  ) {
    if (!(Number.isInteger(timeout) && timeout > 0)) {
      throw OptionError.of(name, "retransmitTimeout", "must be a whole number of picoseconds > 0", { value: timeout });
    }
  }

  private counts(flow: Flow): RecoveryCounts {
    let counts = this.byFlow.get(flow.id);
    if (counts === undefined) {
      counts = { nacks: 0, retransmissions: 0, timeouts: 0 };
      this.byFlow.set(flow.id, counts);
    }
    return counts;
  }

  /** The sequence number `flow` sends next: a queued retransmission first, else -1 (new data). */
  nextResend(flow: Flow): number {
    const seq = flow.resend.shift();
    if (seq === undefined) return -1;
    this.counts(flow).retransmissions++;
    this.total.retransmissions++;
    return seq;
  }

  /** `flow` sent packet `seq` now: outstanding from now, under the flow's timer. */
  sent(flow: Flow, seq: number): void {
    const now = this.engine.now;
    const sentAt = flow.sentAt!;
    sentAt.delete(seq); // re-inserted last: the map stays in send order
    sentAt.set(seq, now);
    this.watch(flow, now);
  }

  /** `flow` waits for the answer to something sent at `since` (an RTS): its timer runs, then, if none does. */
  watch(flow: Flow, since: Time): void {
    if (flow.rtoId < 0) flow.rtoId = this.engine.at(since + this.timeout, this.handler, RETRANSMIT_TIMEOUT, flow);
  }

  /** The ACK `ack` of `flow`: true if it acknowledges an outstanding packet (or one queued again), false for a duplicate. */
  acked(flow: Flow, ack: Packet): boolean {
    const seq = this.packets.seq(ack);
    if (flow.sentAt!.delete(seq)) {
      flow.outstanding--;
      return true;
    }
    // Its earlier copy was acknowledged after a timeout had queued it again: no need to send it.
    const queued = flow.resend.indexOf(seq);
    if (queued < 0) return false;
    flow.resend.splice(queued, 1);
    flow.remaining--;
    return true;
  }

  /** The NACK `nack` of `flow`: its packet is queued again; false if it was not outstanding (stale). */
  nacked(flow: Flow, nack: Packet): boolean {
    const seq = this.packets.seq(nack);
    const sentAt = flow.sentAt!.get(seq);
    if (sentAt === undefined) return false;
    flow.sentAt!.delete(seq);
    flow.outstanding--;
    this.counts(flow).nacks++;
    this.total.nacks++;
    this.queueAgain(flow, seq);
    this.lost(flow, "nack", sentAt);
    return true;
  }

  /** `flow`'s timer fired: every packet outstanding for `timeout` or longer is queued again; true if any was. */
  timedOut(flow: Flow): boolean {
    flow.rtoId = -1;
    const now = this.engine.now;
    let queued = false;
    for (const [seq, at] of flow.sentAt!) {
      if (at + this.timeout > now) {
        flow.rtoId = this.engine.at(at + this.timeout, this.handler, RETRANSMIT_TIMEOUT, flow);
        break;
      }
      flow.sentAt!.delete(seq);
      flow.outstanding--;
      this.counts(flow).timeouts++;
      this.total.timeouts++;
      this.queueAgain(flow, seq);
      this.lost(flow, "timeout", at);
      queued = true;
    }
    return queued;
  }

  private queueAgain(flow: Flow, seq: number): void {
    flow.resend.push(seq);
    flow.remaining++;
  }
}
