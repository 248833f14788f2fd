import { CongestionBit, type OutboundLink, type Packet, type PacketReader } from "@losslab/core";
import type { Engine, EventHandler, Time } from "@losslab/engine";
import { CONTROLLER_TIMER } from "./adapter-events.js";
import type { Flow } from "./flow.js";
import { rttSample } from "./rtt-sample.js";

/**
 * What a flow's congestion controller (`@losslab/response`) hears at the source: every data
 * packet sent, every ACK and every congestion notification of the flow, and its timer at the
 * time its `wakeAt` asks for, re-read after every call. The controller knows nothing of the
 * simulator; this is the only place that talks to it.
 */
export class ControllerEvents {
  /** The source's link, when ACKs give RTT samples (`HostAdapterOptions.rttSamples`). */
  private rttLink: OutboundLink | undefined;

  constructor(
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly packets: PacketReader,
  ) {}

  /**
   * `flow` sent `packet` at `now`. `limitedBy` is what held the flow back when the scheduler
   * last looked at it (turner-2001 sec. 5.1's RWL sample: a packet that found the window
   * open and only the port busy is "other"); both it and the queue's "from empty" mark are
   * used up by this packet.
   */
  sent(flow: Flow, packet: Packet, now: Time): void {
    const controller = flow.controller;
    if (controller !== undefined) {
      controller.onSend({
        seq: this.packets.seq(packet),
        bytes: this.packets.size(packet),
        limitedBy: flow.blockedBy,
        now,
        fromEmptyQueue: flow.fromEmpty,
      });
      this.arm(flow);
    }
    flow.blockedBy = "other";
    flow.fromEmpty = false;
  }

  /** From now on every ACK gives its controller an RTT sample (`rttSample`) of data sent on `link`. */
  measureRtt(link: OutboundLink): void {
    this.rttLink = link;
  }

  /** `ack`, covering `ack.covers` packets of `flow`, arrived. */
  acked(flow: Flow, ack: Packet): void {
    const controller = flow.controller;
    if (controller === undefined) return;
    const bits = this.packets.bits(ack);
    controller.onAck({
      // The destination sets BECN on an ACK that echoes a mark; an ECN bit a switch put
      // on the ACK itself describes the reverse path and is not this flow's feedback.
      // MVCM's MB and VB (ferrer-2012 sec. 4.1) are set on data packets only and echoed as is.
      marked: (bits & (CongestionBit.Becn | CongestionBit.Marked)) !== 0,
      validated: (bits & CongestionBit.Validated) !== 0,
      bytes: flow.packetBytes * this.packets.covers(ack),
      packets: this.packets.covers(ack),
      seq: this.packets.seq(ack),
      now: this.engine.now,
      rtt:
        this.rttLink === undefined
          ? undefined
          : rttSample(this.packets, ack, this.engine.now, this.rttLink, flow.packetBytes),
      // HPCC: the records the switches pushed onto the data packet, in path order.
      telemetry: this.packets.telemetry(ack) ?? undefined,
    });
    this.arm(flow);
  }

  /**
   * A packet of `flow`, sent at `sentAt`, was NACKed or timed out (the retransmission's
   * `LossListener`); a controller without `onLoss` hears nothing.
   */
  lost(flow: Flow, cause: "nack" | "timeout", sentAt: Time): void {
    const controller = flow.controller;
    if (controller?.onLoss === undefined) return;
    const now = this.engine.now;
    controller.onLoss({
      cause,
      bytes: flow.packetBytes,
      rtt: cause === "nack" ? now - sentAt : undefined,
      now,
    });
    this.arm(flow);
  }

  /** A congestion notification about `flow` (turner-2001's CN packet, a QCN CNM) arrived at `now`. */
  notified(flow: Flow, notification: Packet, now: Time): void {
    flow.controller!.onCnp({ feedback: this.packets.feedback(notification), seq: this.packets.seq(notification), now });
    this.arm(flow);
  }

  /** `flow`'s timer (`CONTROLLER_TIMER`) is due. */
  timer(flow: Flow): void {
    flow.timerAt = -1;
    flow.controller!.onTimer(this.engine.now);
    this.arm(flow);
  }

  /** Schedules the controller's timer when it asks for one (`wakeAt`), replacing an older request. */
  private arm(flow: Flow): void {
    const at = flow.controller!.wakeAt;
    if (at === undefined || at === flow.timerAt) return;
    if (flow.timerAt >= 0) this.engine.cancel(flow.timerId);
    flow.timerAt = Math.max(at, this.engine.now);
    flow.timerId = this.engine.at(flow.timerAt, this.handler, CONTROLLER_TIMER, flow);
  }
}
