import {
  CongestionBit,
  CreditUpdateCounters,
  DEFAULT_CREDIT_BYTES,
  DEFAULT_PAUSE_REACTION_DELAY,
  type Device,
  type InboundLink,
  LosslessViolation,
  MAX_VLS,
  type OutboundLink,
  type Packet,
  PacketKind,
  type PacketReader,
  type PacketStore,
  TransportFlag,
} from "@losslab/core";
import type { Engine, EventHandler, Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { Acknowledger, type PendingAck } from "./acknowledger.js";
import {
  ACK_TIMEOUT,
  CONTROLLER_TIMER,
  CREDIT_UPDATE_ARRIVED,
  FLOW_START,
  FLOW_STOP,
  OVERSUBSCRIBED_CC_TICK,
  PAUSE_TAKES_EFFECT,
  PULL_DUE,
  RECEIVED,
  RETRANSMIT_TIMEOUT,
  TRANSMIT_DONE,
  WAKE,
} from "./adapter-events.js";
import { ControlQueue } from "./control-queue.js";
import { ControllerEvents } from "./controller-events.js";
import { DestinationFeedback } from "./destination-feedback.js";
import type { Flow, FlowOptions, FlowState } from "./flow.js";
import { FlowRoundRobin } from "./flow-round-robin.js";
import { Flows } from "./flows.js";
import type { HostAdapterOptions } from "./host-adapter-options.js";
import { OversubscribedCc } from "./oversubscribed-cc.js";
import { Pacing } from "./pacing.js";
import { PullPacer } from "./pull-pacer.js";
import { ReadRequests } from "./read-requests.js";
import { ReceivedSequences } from "./received-sequences.js";
import { checkReceiverCredits } from "./receiver-credit-options.js";
import { type RecoveryCounts, Retransmission } from "./retransmission.js";
import { SendScheduler } from "./send-scheduler.js";
import { SenderCredit } from "./sender-credit.js";

export type DeliveryListener = (packets: PacketReader, packet: Packet, time: Time) => void;

/**
 * A host channel adapter sending on port 0, composed of its parts: the flows it sends
 * (`Flows`), the scheduler that picks what port 0 sends next (`SendScheduler`, with
 * `Pacing` as the rate limiter), what each flow's controller hears (`ControllerEvents`), and
 * at the destination the ACKs (`Acknowledger`) and other feedback (`DestinationFeedback`)
 * it returns, and RDMA READ requests (`ReadRequests`); with receiver credits (RCCC) a flow's
 * credit (`SenderCredit`) and, as a destination, the pulls it paces (`PullPacer`). It is the engine's handler for all
 * their events and hands each to its part. The receive buffer always drains at link rate,
 * so the host advertises unlimited credits.
 */
export class HostAdapter implements Device, EventHandler<unknown> {
  readonly name: string;
  readonly host: number;
  /** Its engine device (`Engine.device` while it is built), whose events and fingerprint steps are its own. */
  readonly device: number;
  private readonly engine: Engine;
  private readonly creditBytes: number;
  private readonly ports: number;
  private readonly pauseReactionDelay: Time;
  private readonly rttSamples: boolean;
  private readonly vls: number;
  private readonly flows: Flows;
  private readonly pacing: Pacing;
  private readonly scheduler: SendScheduler;
  private readonly controllers: ControllerEvents;
  private readonly acknowledger: Acknowledger;
  private readonly feedback: DestinationFeedback;
  private readonly reads: ReadRequests;
  private readonly credit: SenderCredit | undefined;
  private readonly pulls: PullPacer | undefined;
  /** RCCC's OversubscribedCC at this destination, when on. */
  private readonly oversubscribed: OversubscribedCc | undefined;
  private readonly control: ControlQueue;
  /** With a retransmitting transport: the sender's recovery, and what the destination has delivered. */
  private readonly retransmission: Retransmission | undefined;
  private readonly receivedSequences: ReceivedSequences | undefined;
  /** As a destination: NACKs sent for trimmed packets, and duplicates ACKed but not delivered. */
  nacksSent = 0;
  duplicates = 0;
  /** As a source with receiver credits: RTS sent, asking for credit after a timeout; undefined without receiver credits. */
  rtsSent: number | undefined;
  private readonly deliveryListeners: DeliveryListener[] = [];
  private readonly notificationListeners: DeliveryListener[] = [];
  /** Under CBFC, once a credit update arrived: the counts heard per priority on port 0. */
  private creditUpdates: CreditUpdateCounters | undefined;
  /** Takes back every packet this adapter consumes (core `Packet`: packets are recycled). */
  /** The simulation's packets: this adapter's, and every packet it receives, are slots of it. */
  readonly packets: PacketStore;

  constructor(engine: Engine, options: HostAdapterOptions) {
    this.engine = engine;
    this.device = engine.device;
    this.packets = options.packets;
    this.name = options.name;
    this.host = options.host;
    this.creditBytes = options.creditBytes ?? DEFAULT_CREDIT_BYTES;
    this.ports = options.ports ?? 1;
    if (!Number.isInteger(this.ports) || this.ports < 1) {
      throw OptionError.of(this.name, "ports", "must be a positive integer", { value: this.ports, limit: 1 });
    }
    this.pauseReactionDelay = options.pauseReactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
    const acknowledges = options.acks ?? true;
    this.rttSamples = options.rttSamples === true;
    const pacing = new Pacing(this.name, options.pacing);
    this.pacing = pacing;
    if (!Number.isInteger(this.pauseReactionDelay) || this.pauseReactionDelay < 0) {
      throw OptionError.of(this.name, "pauseReactionDelay", "must be a whole number of picoseconds >= 0", {
        value: this.pauseReactionDelay,
        limit: 0,
      });
    }
    const cnpInterval = options.cnpInterval;
    if (cnpInterval !== undefined && !(Number.isInteger(cnpInterval) && cnpInterval > 0)) {
      throw OptionError.of(this.name, "cnpInterval", "must be a whole number of picoseconds > 0", {
        value: cnpInterval,
      });
    }
    const compliant = options.compliant ?? true;
    this.vls = options.vls ?? 1;
    if (!Number.isInteger(this.vls) || this.vls < 1 || this.vls > MAX_VLS) {
      throw OptionError.of(this.name, "vls", `must be an integer 1..${MAX_VLS}`, { value: this.vls, limit: MAX_VLS });
    }
    const controlVl = options.controlVl;
    if (controlVl !== undefined && !(Number.isInteger(controlVl) && controlVl >= 0 && controlVl < this.vls)) {
      throw OptionError.of(this.name, "controlVl", `must be an integer 0..${this.vls - 1} (below vls)`, {
        value: controlVl,
        limit: this.vls - 1,
      });
    }
    const control = new ControlQueue(engine, options.packets, this.host, options.ackBytes ?? 20, controlVl);
    this.control = control;
    if (options.retransmitTimeout !== undefined) {
      if ((options.ackCoalescing ?? 1) !== 1) {
        throw OptionError.of(this.name, "ackCoalescing", "must be 1 with retransmitTimeout (an ACK names one packet)");
      }
      this.retransmission = new Retransmission(
        this.name,
        options.retransmitTimeout,
        engine,
        this,
        options.packets,
        (flow, cause, sentAt) => this.controllers.lost(flow, cause, sentAt),
      );
      this.receivedSequences = new ReceivedSequences();
    }
    this.acknowledger = new Acknowledger(
      this.name,
      options.ackCoalescing,
      options.ackCoalescingTimeout,
      engine,
      this,
      control,
    );
    const credits = options.receiverCredits && checkReceiverCredits(this.name, options.receiverCredits);
    this.credit = credits && new SenderCredit(credits);
    this.pulls = credits && new PullPacer(credits, engine, this, control);
    if (credits) this.rtsSent = 0;
    this.oversubscribed =
      credits?.oversubscribed &&
      new OversubscribedCc(
        credits.oversubscribed,
        engine,
        this,
        this.pulls!,
        engine.rng.stream(`${this.name}/oversubscribed-cc`),
      );
    const turns = new FlowRoundRobin(this.vls);
    this.flows = new Flows(
      this.name,
      this.host,
      this.vls,
      compliant,
      acknowledges,
      engine,
      this,
      options.packets,
      turns,
      options.telemetry === true,
      this.retransmission,
      options.retransmitPriorities,
      options.entropy === undefined
        ? undefined
        : { policies: options.entropy, stream: engine.rng.stream(`${this.name}/multipath`) },
    );
    this.controllers = new ControllerEvents(engine, this, options.packets);
    this.scheduler = new SendScheduler(
      this.name,
      this.vls,
      { scheduling: options.vlScheduling, weights: options.vlWeights, quanta: options.vlQuantaBytes },
      engine,
      this,
      control,
      turns,
      this.flows,
      pacing,
      this.controllers,
      this.credit,
    );
    this.reads = new ReadRequests(this.name, this.vls, control);
    this.feedback = new DestinationFeedback(
      this.name,
      compliant,
      options.nonCompliantSources,
      options.managerHost,
      acknowledges,
      this.acknowledger,
      control,
      options.cnpInterval === undefined ? undefined : { interval: options.cnpInterval, engine },
    );
  }

  /** Adds a flow from this host; it starts sending at `options.start`. */
  addFlow(options: FlowOptions): FlowState {
    const flow = this.flows.add(options);
    if (flow.reliable) this.credit?.open(flow);
    return flow;
  }

  /**
   * The flow departs now: it sends no new packet; packets in flight are still delivered and
   * their ACKs still reach its controller. Unknown or already stopped ids are ignored.
   */
  stopFlow(id: number): void {
    this.flows.stop(id);
  }

  /**
   * Adds `count` packets, generated now, to virtual output queue `id` (a flow added with
   * `queue: true`). Latency counts from now: the packets wait in the queue for the
   * window, the rate and the port (ferrer-2012 sec. 5.1).
   */
  enqueue(id: number, count: number): void {
    if (this.flows.enqueue(id, count)) this.scheduler.trySend();
  }

  /** Whether flow `id` is open: added and not yet gone (retired and acknowledged, or a queue forgotten while idle). */
  hasFlow(id: number): boolean {
    return this.flows.get(id) !== undefined;
  }

  /**
   * Adds back a virtual output queue forgotten while idle (`FlowOptions.forgetWhenIdle`), with
   * `options.packets` generated now: what `enqueue` on the empty queue would have done. Give
   * it a new controller from the factory of the first (one at rest is as good as new).
   */
  reopenQueue(options: FlowOptions): void {
    const flow = this.flows.reopen(options);
    if (flow.reliable) this.credit?.open(flow);
    this.scheduler.trySend();
  }

  /**
   * Sets a flow's static rate limit (bytes per second; Infinity for none) from now on: what
   * the subnet manager does to a flow of a non-compliant CA (turner-2001 sec. 6.2: "requesting
   * the source CA to change its static IPD for the affected flow"). The next packet is
   * spaced with the new rate, judged from the previous packet's start.
   */
  setStaticRate(id: number, rate: number): void {
    this.flows.setStaticRate(id, rate);
    this.scheduler.trySend();
  }

  /**
   * Sets a flow's static IPD: rate = R/(ipd + 1), R this host's link bandwidth (turner-2001
   * sec. 5.1). See {@link setStaticRate}.
   */
  setStaticIpd(id: number, ipd: number): void {
    if (!(Number.isInteger(ipd) && ipd >= 0))
      throw new RangeError(`${this.name}: an IPD must be an integer >= 0, got ${ipd}`);
    const link = this.scheduler.link;
    if (link === undefined) throw new Error(`${this.name}: connect port 0 before setting an IPD`);
    this.setStaticRate(id, link.bandwidth / (ipd + 1));
  }

  /**
   * Sends an RDMA READ request for flow `flow` to `responder` now (turner-2001 sec. 3): an
   * ACK-sized `ReadRequest` packet on VL `vl`, queued with the ACKs, ahead of data. The
   * responder's adapter must hold flow `flow` added with `readResponse: true`; it starts
   * sending when the request arrives.
   */
  requestRead(flow: number, responder: number, vl = 0): void {
    this.reads.request(flow, responder, vl);
    this.scheduler.trySend();
  }

  /** What this host's flows recovered (NACKs, retransmissions, timeouts), in all and per flow id; undefined without retransmission. */
  recovery(): { readonly total: RecoveryCounts; readonly byFlow: ReadonlyMap<number, RecoveryCounts> } | undefined {
    return this.retransmission;
  }

  /** Calls `listener` when a data packet's last byte has arrived here. */
  onDeliver(listener: DeliveryListener): void {
    this.deliveryListeners.push(listener);
  }

  /**
   * Calls `listener` with every congestion notification (CN packet, CNM) arriving here, for
   * any flow, before the flow's controller hears it: a subnet manager's host listens here.
   */
  onNotification(listener: DeliveryListener): void {
    this.notificationListeners.push(listener);
  }

  // --- Device ---------------------------------------------------------------------------

  connectOutput(port: number, link: OutboundLink, downstreamCredits: number): void {
    this.checkPort(port);
    if (port !== 0) return; // the adapter sends on port 0 only
    this.scheduler.connect(link, downstreamCredits, this.creditBytes);
    if (this.rttSamples) this.controllers.measureRtt(link);
  }

  connectInput(port: number, _link: InboundLink): void {
    this.checkPort(port);
  }

  /** Every VL of every port drains at link rate: unlimited credits. */
  inputCredits(port: number, _vl = 0): number {
    this.checkPort(port);
    return Number.POSITIVE_INFINITY;
  }

  receive(packet: Packet, port: number, tailAt: Time): void {
    const kind = this.packets.kind(packet);
    if (kind === PacketKind.CreditUpdate) {
      // CBFC: credits for the buffer at the far end of port 0's link, counted once the whole frame is in.
      if (port === 0) this.engine.at(tailAt, this, CREDIT_UPDATE_ARRIVED, packet);
      else this.packets.release(packet);
      return;
    }
    if (kind === PacketKind.Pause) {
      // A PAUSE stops the sender of its link: the adapter sends on port 0 only.
      if (port === 0) this.engine.at(tailAt + this.pauseReactionDelay, this, PAUSE_TAKES_EFFECT, packet);
      else this.packets.release(packet);
      return;
    }
    if (this.packets.destination(packet) !== this.host) {
      throw new LosslessViolation(
        `${this.name}: received packet ${this.packets.id(packet)} addressed to host ${this.packets.destination(packet)}`,
      );
    }
    if (this.packets.vl(packet) >= this.vls) {
      throw new RangeError(
        `${this.name}: received packet ${this.packets.id(packet)} on VL ${this.packets.vl(packet)} but has vls ${this.vls}: its ACK could not travel back on it`,
      );
    }
    this.engine.at(tailAt, this, RECEIVED, packet);
  }

  creditsReturned(_port: number, blocks: number, vl = 0): void {
    this.scheduler.creditsReturned(blocks, vl);
  }

  handleEvent(kind: number, payload: unknown): void {
    switch (kind) {
      case FLOW_START:
        this.startFlow(payload as Flow);
        break;
      case FLOW_STOP:
        this.flows.retire(payload as Flow);
        break;
      case TRANSMIT_DONE:
        this.scheduler.transmitted();
        break;
      case RECEIVED:
        this.received(payload as Packet);
        break;
      case WAKE:
        this.scheduler.woken();
        break;
      case PAUSE_TAKES_EFFECT:
        this.scheduler.paused(payload as Packet);
        this.packets.release(payload as Packet);
        break;
      case OVERSUBSCRIBED_CC_TICK:
        this.oversubscribed!.tick();
        break;
      case PULL_DUE:
        if (this.pulls!.pull()) this.scheduler.trySend();
        break;
      case CREDIT_UPDATE_ARRIVED:
        this.creditUpdateArrived(payload as Packet);
        break;
      case ACK_TIMEOUT:
        this.acknowledger.timedOut(payload as PendingAck);
        this.scheduler.trySend();
        break;
      case RETRANSMIT_TIMEOUT:
        this.timedOut(payload as Flow);
        break;
      case CONTROLLER_TIMER:
        this.controllers.timer(payload as Flow);
        this.flows.forgetIfIdle(payload as Flow, this.pacing, this.engine.now);
        this.scheduler.trySend();
        break;
    }
  }

  /**
   * `flow`'s retransmission timer fired: its expired packets are queued again. With receiver
   * credits, a flow that cannot send them asks for credit with an RTS (`SenderCredit.asksToSend`),
   * and keeps a timer until the RTS is answered: uet-htsim times an RTS like a packet
   * (`uec.cpp:2189`, `2202`), so a lost RTS is followed by another (`SenderCredit.rtsExpired`).
   */
  private timedOut(flow: Flow): void {
    const waiting = flow.resend.length > 0;
    const queued = this.flows.timedOut(flow);
    const credit = this.credit;
    let asks = false;
    if (credit !== undefined && flow.reliable) {
      const now = this.engine.now;
      const retransmission = this.retransmission!;
      asks = (queued && credit.asksToSend(flow, waiting, now)) || credit.rtsExpired(flow, now, retransmission.timeout);
      if (asks) {
        this.control.add(PacketKind.Rts, flow.id, flow.destination, flow.pullTarget, flow.vl, 0, 0);
        this.rtsSent!++;
      }
      if (flow.rtsUnanswered) retransmission.watch(flow, flow.lastRts);
    }
    if (queued || asks) this.scheduler.trySend();
  }

  /** A credit update's blocks (those freed since the previous one) go back to the send scheduler. */
  private creditUpdateArrived(frame: Packet): void {
    this.creditUpdates ??= new CreditUpdateCounters(this.name, this.vls);
    const { vl, blocks } = this.creditUpdates.received(this.packets, frame);
    this.packets.release(frame);
    if (blocks > 0) this.scheduler.creditsReturned(blocks, vl);
  }

  private startFlow(flow: Flow): void {
    if (this.flows.start(flow)) this.scheduler.trySend();
  }

  /** A packet's last byte has arrived (`RECEIVED`): it is consumed, and recycled. */
  private received(packet: Packet): void {
    this.consume(packet);
    this.packets.release(packet);
  }

  private consume(packet: Packet): void {
    const now = this.engine.now;
    const kind = this.packets.kind(packet);
    if (kind === PacketKind.Cnp) {
      for (const listener of this.notificationListeners) listener(this.packets, packet, now);
      // A congestion notification (turner-2001's CN packet, a QCN CNM): its flow's controller
      // reacts. One for a flow that has ended, or not from here (a manager's), changes nothing.
      const flow = this.flows.get(this.packets.flow(packet));
      if (flow?.controller !== undefined) {
        this.controllers.notified(flow, packet, now);
        this.scheduler.trySend();
      }
      return;
    }
    if (kind === PacketKind.ReadRequest) {
      this.startFlow(this.reads.arrived(packet, this.flows.get(this.packets.flow(packet))));
      return;
    }
    if (kind === PacketKind.Pull) {
      // RCCC: credit for a flow of this host; one for a flow already gone changes nothing.
      const flow = this.flows.get(this.packets.flow(packet));
      if (flow !== undefined && this.credit !== undefined) {
        this.credit.pulled(flow, this.packets.seq(packet));
        this.scheduler.trySend();
      }
      return;
    }
    if (kind === PacketKind.Rts) {
      const packets = this.packets;
      if (packets.covers(packet) === 1) {
        // The answer to an RTS of a flow of this host.
        const flow = this.flows.get(packets.flow(packet));
        if (flow !== undefined) flow.rtsUnanswered = false;
        return;
      }
      // RCCC: a source timed out without credit; it joins the pacer's active list, and hears back.
      this.oversubscribed?.arrived(false, undefined);
      this.pulls?.asked(packet);
      this.control.add(
        PacketKind.Rts,
        packets.flow(packet),
        packets.source(packet),
        packets.seq(packet),
        packets.vl(packet),
        0,
        1,
      );
      this.scheduler.trySend();
      return;
    }
    if (kind === PacketKind.Data) {
      const received = this.receivedSequences;
      const transport = this.packets.transport(packet);
      if ((transport & TransportFlag.Trimmed) !== 0) {
        this.oversubscribed?.arrived(false, (transport & TransportFlag.TrimmedLastHop) !== 0 ? "last-hop" : "other");
        this.pulls?.asked(packet);
        this.nack(packet);
        return;
      }
      // A retransmitting transport delivers each packet once; a duplicate is ACKed again only.
      if (received === undefined || received.add(this.packets.flow(packet), this.packets.seq(packet))) {
        for (const listener of this.deliveryListeners) listener(this.packets, packet, now);
      } else this.duplicates++;
      this.oversubscribed?.arrived((this.packets.bits(packet) & CongestionBit.Ecn) !== 0, undefined);
      this.pulls?.dataArrived(packet);
      if (this.feedback.dataArrived(packet)) this.scheduler.trySend();
    } else if (kind === PacketKind.Ack) {
      const flow = this.flows.acked(packet);
      if (flow === undefined) return; // a duplicate's ACK
      this.credit?.heard(flow);
      this.controllers.acked(flow, packet);
      this.flows.forgetIfIdle(flow, this.pacing, now);
      this.scheduler.trySend();
    } else if (kind === PacketKind.Nack) {
      if (this.retransmission === undefined) {
        throw new LosslessViolation(`${this.name}: NACK for flow ${this.packets.flow(packet)} without retransmission`);
      }
      if (this.flows.nacked(packet) !== undefined) this.scheduler.trySend();
    }
  }

  /**
   * A trimmed packet's header arrived: its payload was cut on a lossy priority, so its source
   * must send it again: a NACK naming it, echoing its marks and entropy (uet-htsim `uec.cpp:2741-2793`).
   */
  private nack(packet: Packet): void {
    const packets = this.packets;
    if (this.retransmission === undefined) {
      throw new LosslessViolation(
        `${this.name}: trimmed packet ${packets.id(packet)} of flow ${packets.flow(packet)} arrived, but hosts do not retransmit (set a retransmit timeout)`,
      );
    }
    this.nacksSent++;
    this.control.add(
      PacketKind.Nack,
      packets.flow(packet),
      packets.source(packet),
      packets.seq(packet),
      packets.vl(packet),
      packets.bits(packet),
      1,
      undefined,
      undefined,
      packets.entropy(packet),
    );
    this.scheduler.trySend();
  }

  private checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.ports) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.ports - 1}`);
    }
  }
}
