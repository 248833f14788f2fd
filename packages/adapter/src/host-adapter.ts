import {
  applyPause,
  CreditAccount,
  DEFAULT_CREDIT_BYTES,
  DEFAULT_PAUSE_REACTION_DELAY,
  type Device,
  type InboundLink,
  LosslessViolation,
  MAX_VLS,
  type OutboundLink,
  type Packet,
  type PacketFactory,
  PacketKind,
  TransportFlag,
  VlArbitration,
} from "@losslab/core";
import type { Engine, EventHandler, EventId, Time } from "@losslab/engine";
import { Acknowledger, type PendingAck } from "./acknowledger.js";
import {
  ACK_TIMEOUT,
  CONTROLLER_TIMER,
  FLOW_START,
  FLOW_STOP,
  PAUSE_TAKES_EFFECT,
  RECEIVED,
  TRANSMIT_DONE,
  WAKE,
} from "./adapter-events.js";
import { ControlQueue } from "./control-queue.js";
import { ControllerEvents } from "./controller-events.js";
import { DestinationFeedback } from "./destination-feedback.js";
import { Flow, type FlowOptions, type FlowState } from "./flow.js";
import { Pacing } from "./pacing.js";
import { ReadRequests } from "./read-requests.js";

export interface HostAdapterOptions {
  name: string;
  /** This host's index in the routing tables. */
  host: number;
  packets: PacketFactory;
  /** Size of an ACK on the wire (santos-2002 Table 1: 20 B). */
  ackBytes?: number;
  creditBytes?: number;
  /**
   * Ports (default 1). Data and ACKs always leave on port 0; packets may arrive on any port.
   * A unidirectional butterfly gives each host 2: injection into stage 0 on port 0,
   * delivery from the last stage on port 1.
   */
  ports?: number;
  /**
   * From the last byte of a PAUSE frame received on port 0 to when the adapter honours it
   * (starts no new frame of that priority; a frame on the wire finishes). Default
   * `DEFAULT_PAUSE_REACTION_DELAY` (3.072 us, 802.3 Annex 31B's bound at 10 Gb/s).
   */
  pauseReactionDelay?: Time;
  /**
   * Return an ACK for every data packet received (default true: the reliable transports of
   * santos-2002, turner-2001, ferrer-2012). False for raw lossless-Ethernet traffic
   * (chrysos): no ACKs, so this host's flows count nothing outstanding and windows never bind.
   */
  acks?: boolean;
  /**
   * How the rate limiter spaces a flow's packets: "since-start" (default; santos-2002 as
   * losslab reads it: `bytes / rate` after the previous packet's start) or "scheduled"
   * (after the previous packet's scheduled time when the port delayed it by less than one
   * gap, so flows sharing a port at a combined rate near the line rate each get their
   * rate; a longer hold restarts the schedule, so there is never a catch-up burst).
   */
  pacing?: "since-start" | "scheduled";
  /**
   * ACK coalescing at this host as a destination (turner-2001 sec. 3): one ACK may cover up
   * to this many data packets of a reliable flow (default 1: an ACK per packet). A packet
   * with a congestion bit or AckReq, and the N-th pending packet, are acknowledged at once,
   * with the ones pending before them.
   */
  ackCoalescing?: number;
  /**
   * With `ackCoalescing` > 1 (then required): the longest an unmarked packet waits for its
   * ACK, from its arrival. `Infinity` is turner's rule alone (AckReq and N), under which a
   * window cut below the packets in flight can block a flow for good (see the README).
   */
  ackCoalescingTimeout?: Time;
  /**
   * False for a CA that does not implement congestion control (turner-2001 sec. 6.2): its
   * flows take no controller and ignore marks; only their static rate (`rate`,
   * `setStaticRate`, `setStaticIpd`) limits them. As a destination it knows no congestion
   * bits: its ACKs echo none and it sends no CN packets (to sources or to a manager), so a
   * flow toward it is throttled only through the switches' CNs to the manager. Default true.
   */
  compliant?: boolean;
  /**
   * Hosts the subnet manager announced as non-compliant (sec. 6.2). A marked data packet
   * from one of them makes this host send a CN packet to `managerHost` (as well as the
   * usual ACK of a reliable flow; an unreliable flow's CN goes to the manager instead).
   */
  nonCompliantSources?: readonly number[];
  /** The subnet manager's host index: where CN packets about non-compliant sources go. */
  managerHost?: number;
  /**
   * Virtual lanes of port 0 toward the switch, 1..15 (default 1; turner-2001 sec. 2): one
   * credit account per VL, each with the credits of the switch's buffer for that VL. A flow
   * sends on `FlowOptions.vl`; a VL without credits does not hold back the others. With
   * more than one, data packets are picked by weighted round robin over the VLs (`vlWeights`).
   */
  vls?: number;
  /**
   * With `vls` > 1: the weight of each VL in port 0's VL arbitration, in data packets per
   * turn (default all 1), as a switch output's (`VlArbitration` of `@losslab/core`).
   */
  vlWeights?: readonly number[];
}

export type DeliveryListener = (packet: Packet, time: Time) => void;

/** `sendFrom`'s VL filter meaning "every VL" (one VL, no arbitration). */
const ANY_VL = -1;

/**
 * A host channel adapter sending on port 0. Send side: per-flow state with a window limit
 * (packets outstanding) and a rate limit, a round-robin scheduler over eligible flows,
 * ACKs sent before data. Receive side: delivers data and returns an ACK per data packet
 * echoing its congestion bits to the source (santos-2002 sec. 4.1), or one per up to
 * `ackCoalescing` packets, and a CN packet per marked packet of an unreliable flow
 * (turner-2001 sec. 3). The receive buffer always drains at link rate, so the host
 * advertises unlimited credits.
 *
 * Rate limit: a flow may start a packet once `bytes / rate` has passed since the start
 * of its previous packet, judged with the rate in force now (so a decrease applies at
 * once, and a flow idle for long may send at once). With rate = Rmax / (1 + ipd) this is
 * InfiniBand's inter-packet delay of ipd packet times.
 */
export class HostAdapter implements Device, EventHandler<unknown> {
  readonly name: string;
  readonly host: number;
  private readonly engine: Engine;
  private readonly packets: PacketFactory;
  private readonly creditBytes: number;
  private readonly ports: number;
  private readonly pauseReactionDelay: Time;
  private readonly acknowledges: boolean;
  private readonly pacing: Pacing;
  private readonly compliant: boolean;
  private readonly vls: number;
  /** Priorities a PAUSE from the switch holds on port 0 (bit p: priority p). */
  private pausedPriorities = 0;
  /** The flows the scheduler walks: started or not, not retired, not parked. */
  private readonly flows: Flow[] = [];
  private readonly flowById = new Map<number, Flow>();
  private readonly control: ControlQueue;
  private readonly controllers: ControllerEvents;
  private readonly acknowledger: Acknowledger;
  private readonly feedback: DestinationFeedback;
  private readonly reads: ReadRequests;
  private readonly deliveryListeners: DeliveryListener[] = [];
  private readonly notificationListeners: DeliveryListener[] = [];
  private link: OutboundLink | undefined;
  /** Per VL of port 0: the credits of the switch's buffer for it. */
  private readonly credits: CreditAccount[] = [];
  /** The bit set of all VLs: when every one is blocked, the scheduler stops looking. */
  private readonly allVls: number;
  /** Port 0's VL arbitration of data packets; undefined with one VL. */
  private readonly vlArbitration: VlArbitration | undefined;
  /** The earliest time a rate-limited flow may send, found by the last scan of the flows. */
  private nextEligible: Time = Number.POSITIVE_INFINITY;
  private busy = false;
  /** Per VL (one slot with one VL): the index in `flows` its round robin starts from. */
  private readonly nextFlow: Int32Array;
  private wakeAt: Time = Number.POSITIVE_INFINITY;
  private wakeId: EventId = -1;

  constructor(engine: Engine, options: HostAdapterOptions) {
    this.engine = engine;
    this.name = options.name;
    this.host = options.host;
    this.packets = options.packets;
    this.creditBytes = options.creditBytes ?? DEFAULT_CREDIT_BYTES;
    this.ports = options.ports ?? 1;
    if (!Number.isInteger(this.ports) || this.ports < 1) {
      throw new RangeError(`${this.name}: ports must be a positive integer, got ${this.ports}`);
    }
    this.pauseReactionDelay = options.pauseReactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
    this.acknowledges = options.acks ?? true;
    this.pacing = new Pacing(this.name, options.pacing);
    if (!Number.isInteger(this.pauseReactionDelay) || this.pauseReactionDelay < 0) {
      throw new RangeError(
        `${this.name}: pauseReactionDelay must be a whole number of picoseconds >= 0, got ${this.pauseReactionDelay}`,
      );
    }
    this.controllers = new ControllerEvents(engine, this);
    this.control = new ControlQueue(engine, options.packets, this.host, options.ackBytes ?? 20);
    this.acknowledger = new Acknowledger(
      this.name,
      options.ackCoalescing,
      options.ackCoalescingTimeout,
      engine,
      this,
      this.control,
    );
    this.compliant = options.compliant ?? true;
    this.vls = options.vls ?? 1;
    if (!Number.isInteger(this.vls) || this.vls < 1 || this.vls > MAX_VLS) {
      throw new RangeError(`${this.name}: vls must be an integer 1..${MAX_VLS}, got ${this.vls}`);
    }
    this.allVls = (1 << this.vls) - 1;
    this.nextFlow = new Int32Array(this.vls);
    if (this.vls > 1) this.vlArbitration = new VlArbitration(this.name, 1, this.vls, options.vlWeights);
    else if (options.vlWeights !== undefined) throw new RangeError(`${this.name}: vlWeights needs vls > 1`);
    this.reads = new ReadRequests(this.name, this.vls, this.control);
    this.feedback = new DestinationFeedback(
      this.name,
      this.compliant,
      options.nonCompliantSources,
      options.managerHost,
      this.acknowledges,
      this.acknowledger,
      this.control,
    );
  }

  /** Adds a flow from this host; it starts sending at `options.start`. */
  addFlow(options: FlowOptions): FlowState {
    if (this.flowById.has(options.id)) throw new RangeError(`${this.name}: duplicate flow id ${options.id}`);
    const vl = options.vl ?? 0;
    if (!Number.isInteger(vl) || vl < 0 || vl >= this.vls) {
      throw new RangeError(`${this.name}: flow ${options.id} vl must be an integer 0..${this.vls - 1}, got ${vl}`);
    }
    if (!this.compliant && options.controller !== undefined) {
      throw new RangeError(`${this.name}: a non-compliant CA has no congestion controller (flow ${options.id})`);
    }
    if (options.readResponse === true && options.reliable !== undefined) {
      throw new RangeError(
        `${this.name}: flow ${options.id} carries RDMA READ responses, which are never acknowledged: leave out reliable`,
      );
    }
    const flow = new Flow(options);
    this.flows.push(flow);
    this.flowById.set(flow.id, flow);
    // A read response flow starts with its request (`requestRead` at the requester).
    if (!flow.readResponse) this.engine.at(options.start, this, FLOW_START, flow);
    if (options.stop !== undefined) this.engine.at(options.stop, this, FLOW_STOP, flow);
    return flow;
  }

  /**
   * The flow departs now: it sends no new packet; packets in flight are still delivered and
   * their ACKs still reach its controller. Unknown or already stopped ids are ignored.
   */
  stopFlow(id: number): void {
    const flow = this.flowById.get(id);
    if (flow !== undefined) this.retire(flow);
  }

  /**
   * Adds `count` packets, generated now, to virtual output queue `id` (a flow added with
   * `queue: true`). Latency counts from now: the packets wait in the queue for the
   * window, the rate and the port (ferrer-2012 sec. 5.1).
   */
  enqueue(id: number, count: number): void {
    const flow = this.flowById.get(id);
    if (flow === undefined || !flow.queue || flow.retired) {
      throw new RangeError(`${this.name}: ${id} is not an open virtual output queue of this host`);
    }
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`${this.name}: enqueue count must be a positive integer, got ${count}`);
    flow.refill(count, this.engine.now);
    if (flow.parked) {
      flow.parked = false;
      this.flows.push(flow);
    }
    if (flow.active) this.trySend();
  }

  /**
   * Sets a flow's static rate limit (bytes per second; Infinity for none) from now on: what
   * the subnet manager does to a flow of a non-compliant CA (turner-2001 sec. 6.2: "requesting
   * the source CA to change its static IPD for the affected flow"). The next packet is
   * spaced with the new rate, judged from the previous packet's start.
   */
  setStaticRate(id: number, rate: number): void {
    const flow = this.flowById.get(id);
    if (flow === undefined) throw new RangeError(`${this.name}: no flow ${id} to set a static rate for`);
    if (!(rate > 0)) throw new RangeError(`${this.name}: a static rate must be > 0 bytes/s, got ${rate}`);
    flow.rate = rate;
    this.trySend();
  }

  /**
   * Sets a flow's static IPD: rate = R/(ipd + 1), R this host's link bandwidth (turner-2001
   * sec. 5.1). See {@link setStaticRate}.
   */
  setStaticIpd(id: number, ipd: number): void {
    if (!(Number.isInteger(ipd) && ipd >= 0))
      throw new RangeError(`${this.name}: an IPD must be an integer >= 0, got ${ipd}`);
    if (this.link === undefined) throw new Error(`${this.name}: connect port 0 before setting an IPD`);
    this.setStaticRate(id, this.link.bandwidth / (ipd + 1));
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
    this.link = link;
    for (let vl = 0; vl < this.vls; vl++) {
      const label = this.vls === 1 ? `${this.name} output` : `${this.name} output VL ${vl}`;
      this.credits[vl] = new CreditAccount(downstreamCredits, this.creditBytes, label);
    }
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
    if (packet.kind === PacketKind.Pause) {
      // A PAUSE stops the sender of its link: the adapter sends on port 0 only.
      if (port === 0) this.engine.at(tailAt + this.pauseReactionDelay, this, PAUSE_TAKES_EFFECT, packet);
      return;
    }
    if (packet.destination !== this.host) {
      throw new LosslessViolation(`${this.name}: received packet ${packet.id} addressed to host ${packet.destination}`);
    }
    if (packet.vl >= this.vls) {
      throw new RangeError(
        `${this.name}: received packet ${packet.id} on VL ${packet.vl} but has vls ${this.vls}: its ACK could not travel back on it`,
      );
    }
    this.engine.at(tailAt, this, RECEIVED, packet);
  }

  creditsReturned(_port: number, blocks: number, vl = 0): void {
    const account = this.credits[vl];
    if (account === undefined) {
      throw new LosslessViolation(`${this.name}: credits returned for VL ${vl}, which port 0 does not have`);
    }
    account.restore(blocks);
    this.trySend();
  }

  handleEvent(kind: number, payload: unknown): void {
    switch (kind) {
      case FLOW_START:
        this.startFlow(payload as Flow);
        break;
      case FLOW_STOP:
        this.retire(payload as Flow);
        break;
      case TRANSMIT_DONE:
        this.busy = false;
        this.trySend();
        break;
      case RECEIVED:
        this.received(payload as Packet);
        break;
      case WAKE:
        this.wakeAt = Number.POSITIVE_INFINITY;
        this.trySend();
        break;
      case PAUSE_TAKES_EFFECT:
        this.pausedPriorities = applyPause(this.pausedPriorities, payload as Packet);
        this.trySend();
        break;
      case ACK_TIMEOUT:
        this.acknowledger.timedOut(payload as PendingAck);
        this.trySend();
        break;
      case CONTROLLER_TIMER:
        this.controllers.timer(payload as Flow);
        this.trySend();
        break;
    }
  }

  private startFlow(flow: Flow): void {
    if (flow.retired || flow.active) return;
    flow.active = true;
    if (flow.queue && flow.remaining === 0) this.park(flow);
    else this.trySend();
  }

  /**
   * Sends an RDMA READ request for flow `flow` to `responder` now (turner-2001 sec. 3): an
   * ACK-sized `ReadRequest` packet on VL `vl`, queued with the ACKs, ahead of data. The
   * responder's adapter must hold flow `flow` added with `readResponse: true`; it starts
   * sending when the request arrives.
   */
  requestRead(flow: number, responder: number, vl = 0): void {
    this.reads.request(flow, responder, vl);
    this.trySend();
  }

  // --- receive side ---------------------------------------------------------------------

  private received(packet: Packet): void {
    const now = this.engine.now;
    if (packet.kind === PacketKind.Cnp) {
      for (const listener of this.notificationListeners) listener(packet, now);
      // A congestion notification (turner-2001's CN packet, a QCN CNM): its flow's controller
      // reacts. One for a flow that has ended, or not from here (a manager's), changes nothing.
      const flow = this.flowById.get(packet.flow);
      if (flow?.controller !== undefined) {
        this.controllers.notified(flow, packet, now);
        this.trySend();
      }
      return;
    }
    if (packet.kind === PacketKind.ReadRequest) {
      this.startFlow(this.reads.arrived(packet, this.flowById.get(packet.flow)));
      return;
    }
    if (packet.kind === PacketKind.Data) {
      for (const listener of this.deliveryListeners) listener(packet, now);
      if (this.feedback.dataArrived(packet)) this.trySend();
    } else if (packet.kind === PacketKind.Ack) {
      const flow = this.flowById.get(packet.flow);
      if (flow === undefined) throw new LosslessViolation(`${this.name}: ACK for unknown flow ${packet.flow}`);
      flow.outstanding -= packet.covers;
      flow.acked += packet.covers;
      if (flow.retired && flow.outstanding === 0) this.flowById.delete(flow.id);
      this.controllers.acked(flow, packet);
      this.trySend();
    }
  }

  // --- send side ------------------------------------------------------------------------

  /**
   * Sends the next packet if the port is free: an ACK first, else a data packet. With one VL
   * the next eligible flow in round robin; with several, the VLs in weighted round robin
   * (`VlArbitration`) and the flows of the chosen VL in round robin. Per VL: a VL held by
   * PAUSE, or whose first waiting ACK lacks credits, sends nothing (its ACKs go before its
   * data), and a flow whose VL lacks credits for its packet blocks its VL; the other VLs go
   * on. A frame already started finishes.
   */
  private trySend(): void {
    if (this.busy || this.link === undefined) return;
    const credits = this.credits;
    // VLs that may send nothing more now: paused (resumed by the XON's trySend), or out of credits.
    let blocked = this.pausedPriorities & this.allVls;
    const control = this.control.waiting;
    for (let i = 0; i < control.length && blocked !== this.allVls; i++) {
      const packet = control[i]!;
      const bit = 1 << packet.vl;
      if ((blocked & bit) !== 0) continue;
      if (credits[packet.vl]!.canSend(packet.size)) {
        this.transmit(i === 0 ? control.shift()! : control.splice(i, 1)[0]!);
        return;
      }
      blocked |= bit;
    }
    if (blocked === this.allVls) return;
    const now = this.engine.now;
    this.nextEligible = Number.POSITIVE_INFINITY;
    const arbitration = this.vlArbitration;
    if (arbitration === undefined) {
      if (this.sendFrom(ANY_VL, now, blocked) < 0) return;
    } else {
      const first = arbitration.first(0);
      for (let k = 0; k < this.vls; k++) {
        const vl = (first + k) % this.vls;
        if ((blocked & (1 << vl)) !== 0) continue;
        blocked = this.sendFrom(vl, now, blocked);
        if (blocked < 0) return;
      }
    }
    const nextEligible = this.nextEligible;
    if (nextEligible < this.wakeAt) {
      if (this.wakeAt !== Number.POSITIVE_INFINITY) this.engine.cancel(this.wakeId);
      this.wakeAt = nextEligible;
      this.wakeId = this.engine.at(nextEligible, this, WAKE);
    }
  }

  /**
   * Sends a data packet of the next eligible flow of `vl` (`ANY_VL`: of any VL) in round
   * robin and returns -1; -1 too when every VL is blocked. Otherwise returns `blocked` with
   * the VLs found out of credits added, and lowers `nextEligible` to the earliest time a
   * rate-limited flow may send.
   */
  private sendFrom(vl: number, now: Time, blocked: number): number {
    const credits = this.credits;
    const count = this.flows.length;
    const pointer = vl === ANY_VL ? 0 : vl;
    for (let k = 0; k < count; k++) {
      const index = (this.nextFlow[pointer]! + k) % count;
      const flow = this.flows[index]!;
      if (!flow.active || flow.remaining <= 0 || (blocked & (1 << flow.vl)) !== 0) continue;
      if (vl !== ANY_VL && flow.vl !== vl) continue;
      const window = flow.windowInForce();
      if (flow.outstanding >= window) {
        flow.blockedBy = "window";
        continue;
      }
      const rate = flow.rateInForce();
      const start = this.pacing.startAt(flow, rate, now);
      if (start > now) {
        if (start < this.nextEligible) this.nextEligible = start;
        flow.blockedBy = "rate";
        continue;
      }
      if (!credits[flow.vl]!.canSend(flow.packetBytes)) {
        // Credits come back with a trySend. The flows of other VLs may still go.
        blocked |= 1 << flow.vl;
        if (blocked === this.allVls) return -1;
        continue;
      }
      this.nextFlow[pointer] = (index + 1) % count;
      this.vlArbitration?.sent(0, flow.vl);
      this.sendData(flow, now, start, window);
      return -1;
    }
    return blocked;
  }

  private sendData(flow: Flow, now: Time, start: Time, window: number): void {
    const createdAt = flow.queue ? flow.dequeue() : now;
    // Without ACKs nothing is ever acknowledged: no packet stays outstanding.
    const acknowledged = flow.reliable && this.acknowledges;
    if (acknowledged) flow.outstanding++;
    flow.remaining--;
    // turner-2001 sec. 5.1: AckReq on the packet that exhausts the window, and on the last
    // one before the flow runs out of data (it would wait for coalesced ACKs as well).
    const flags = flow.readResponse
      ? TransportFlag.ReadResponse
      : !flow.reliable
        ? TransportFlag.Unreliable
        : acknowledged && (flow.outstanding >= window || flow.remaining <= 0)
          ? TransportFlag.AckRequest
          : 0;
    const packet = this.packets.create({
      kind: PacketKind.Data,
      flow: flow.id,
      source: this.host,
      destination: flow.destination,
      size: flow.packetBytes,
      seq: flow.sent,
      vl: flow.vl,
      createdAt,
      transport: flags,
    });
    flow.sent++;
    if (flow.remaining <= 0) {
      if (flow.queue) this.park(flow);
      else this.retire(flow);
    }
    this.pacing.sent(flow, start, packet.size);
    this.transmit(packet);
    this.controllers.sent(flow, packet, now);
  }

  /** Takes an empty queue out of the scheduler until `enqueue` refills it. */
  private park(flow: Flow): void {
    flow.parked = true;
    this.unschedule(flow);
  }

  /**
   * Takes a flow out of the scheduler for good (stopped, or all its packets sent): dynamic
   * traffic creates many short flows, and the scheduler only walks the live ones. Its
   * state stays reachable by ACKs until the last outstanding packet is acknowledged.
   */
  private retire(flow: Flow): void {
    if (flow.retired) return;
    flow.active = false;
    flow.retired = true;
    if (!flow.parked) this.unschedule(flow);
    if (flow.outstanding === 0) this.flowById.delete(flow.id);
  }

  private unschedule(flow: Flow): void {
    const index = this.flows.indexOf(flow);
    this.flows.splice(index, 1);
    const next = this.nextFlow;
    for (let vl = 0; vl < next.length; vl++) {
      if (next[vl]! > index) next[vl]!--;
      if (next[vl]! >= this.flows.length) next[vl] = 0;
    }
  }

  private transmit(packet: Packet): void {
    this.credits[packet.vl]!.consume(packet.size);
    packet.injectedAt = this.engine.now;
    this.busy = true;
    this.engine.at(this.link!.transmit(packet), this, TRANSMIT_DONE);
  }

  private checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.ports) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.ports - 1}`);
    }
  }
}
