import {
  applyPause,
  CongestionBit,
  CreditAccount,
  DEFAULT_CREDIT_BYTES,
  DEFAULT_PAUSE_REACTION_DELAY,
  type Device,
  type InboundLink,
  isPaused,
  LosslessViolation,
  type OutboundLink,
  type Packet,
  type PacketFactory,
  PacketKind,
} from "@losslab/core";
import { type Engine, type EventHandler, type EventId, PS_PER_S, type Time } from "@losslab/engine";
import type { Controller, LimitingFactor } from "@losslab/response";

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
}

export interface FlowOptions {
  /** Unique flow id within the simulation. */
  id: number;
  /** Destination host index. */
  destination: number;
  /** Bytes of each data packet on the wire. */
  packetBytes: number;
  /** When the flow starts sending. */
  start: Time;
  /** When it stops (default: never). */
  stop?: Time;
  /** Packets to send (default Infinity: greedy). */
  packets?: number;
  /**
   * A virtual output queue (ferrer-2012 sec. 5.1) instead of a flow that ends: it starts
   * empty (unless `packets` is given), `enqueue` adds generated packets, and it waits,
   * keeping its controller, whenever it runs dry. Packets carry their generation time.
   */
  queue?: boolean;
  /** Fixed window in packets (default Infinity). */
  window?: number;
  /** Fixed rate limit in bytes per second (default Infinity). */
  rate?: number;
  /**
   * Congestion controller (`@losslab/response`); its window and rate apply on top of the
   * fixed ones. It hears every send and ACK, and its timer requests (`wakeAt`) are honoured.
   */
  controller?: Controller;
}

/** A flow's send state, readable for tests and metrics. */
export interface FlowState {
  readonly id: number;
  readonly destination: number;
  readonly packetBytes: number;
  readonly sent: number;
  readonly acked: number;
  readonly outstanding: number;
  readonly active: boolean;
}

class Flow implements FlowState {
  sent = 0;
  acked = 0;
  outstanding = 0;
  active = false;
  /** Stopped or done: out of the scheduler, kept only until its last ACK. */
  retired = false;
  /** The rate limiter's reference: the previous packet's start, or its scheduled time (`pacing`). */
  lastStart: Time = -1;
  lastBytes = 0;
  /** What held the flow back last time the scheduler looked (turner-2001 sec. 5.1 RWL). */
  blockedBy: LimitingFactor = "other";
  timerId: EventId = -1;
  timerAt: Time = -1;
  remaining: number;
  /** A virtual output queue: waits when empty instead of retiring. */
  readonly queue: boolean;
  /** Out of the scheduler because its queue is empty (queues only). */
  parked = false;
  /** The next packet leaves a queue that was empty when it was generated (MVCM's reset, ferrer-2012 sec. 4.2.2). */
  fromEmpty = false;
  /** Generation times of the queued packets, oldest first from `head` (queues only). */
  readonly generated: Time[] = [];
  head = 0;
  readonly id: number;
  readonly destination: number;
  readonly packetBytes: number;
  readonly window: number;
  readonly rate: number;
  readonly controller: Controller | undefined;

  constructor(options: FlowOptions) {
    this.id = options.id;
    this.destination = options.destination;
    this.packetBytes = options.packetBytes;
    this.queue = options.queue ?? false;
    this.remaining = options.packets ?? (this.queue ? 0 : Number.POSITIVE_INFINITY);
    if (this.queue) for (let i = 0; i < this.remaining; i++) this.generated.push(options.start);
    this.window = options.window ?? Number.POSITIVE_INFINITY;
    this.rate = options.rate ?? Number.POSITIVE_INFINITY;
    this.controller = options.controller;
  }
}

export type DeliveryListener = (packet: Packet, time: Time) => void;

const FLOW_START = 0;
const FLOW_STOP = 1;
const TRANSMIT_DONE = 2;
const RECEIVED = 3;
const WAKE = 4;
const CONTROLLER_TIMER = 5;
const PAUSE_TAKES_EFFECT = 6;
/** Data packets are created with priority (`vl`) 0. */
const DATA_PAUSED = 1 << 0;

/**
 * A host channel adapter sending on port 0. Send side: per-flow state with a window limit
 * (packets outstanding) and a rate limit, a round-robin scheduler over eligible flows,
 * ACKs sent before data. Receive side: delivers data and returns one ACK per data packet
 * echoing its congestion bits to the source (santos-2002 sec. 4.1). The receive buffer
 * always drains at link rate, so the host advertises unlimited credits.
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
  private readonly ackBytes: number;
  private readonly creditBytes: number;
  private readonly ports: number;
  private readonly pauseReactionDelay: Time;
  private readonly acknowledges: boolean;
  private readonly scheduledPacing: boolean;
  /** Priorities a PAUSE from the switch holds on port 0 (bit p: priority p). */
  private pausedPriorities = 0;
  /** The flows the scheduler walks: started or not, not retired, not parked. */
  private readonly flows: Flow[] = [];
  private readonly flowById = new Map<number, Flow>();
  private readonly acks: Packet[] = [];
  private readonly deliveryListeners: DeliveryListener[] = [];
  private link: OutboundLink | undefined;
  private credits: CreditAccount | undefined;
  private busy = false;
  private nextFlow = 0;
  private wakeAt: Time = Number.POSITIVE_INFINITY;
  private wakeId: EventId = -1;

  constructor(engine: Engine, options: HostAdapterOptions) {
    this.engine = engine;
    this.name = options.name;
    this.host = options.host;
    this.packets = options.packets;
    this.ackBytes = options.ackBytes ?? 20;
    this.creditBytes = options.creditBytes ?? DEFAULT_CREDIT_BYTES;
    this.ports = options.ports ?? 1;
    if (!Number.isInteger(this.ports) || this.ports < 1) {
      throw new RangeError(`${this.name}: ports must be a positive integer, got ${this.ports}`);
    }
    this.pauseReactionDelay = options.pauseReactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
    this.acknowledges = options.acks ?? true;
    const pacing = options.pacing ?? "since-start";
    if (pacing !== "since-start" && pacing !== "scheduled") {
      throw new RangeError(`${this.name}: pacing must be "since-start" or "scheduled", got ${JSON.stringify(pacing)}`);
    }
    this.scheduledPacing = pacing === "scheduled";
    if (!Number.isInteger(this.pauseReactionDelay) || this.pauseReactionDelay < 0) {
      throw new RangeError(
        `${this.name}: pauseReactionDelay must be a whole number of picoseconds >= 0, got ${this.pauseReactionDelay}`,
      );
    }
  }

  /** Adds a flow from this host; it starts sending at `options.start`. */
  addFlow(options: FlowOptions): FlowState {
    if (this.flowById.has(options.id)) throw new RangeError(`${this.name}: duplicate flow id ${options.id}`);
    const flow = new Flow(options);
    this.flows.push(flow);
    this.flowById.set(flow.id, flow);
    this.engine.at(options.start, this, FLOW_START, flow);
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
    const now = this.engine.now;
    // ferrer-2012 sec. 5.1: a queue holds its unacknowledged packets too, so it is empty
    // only when nothing waits and nothing is outstanding.
    if (flow.remaining === 0 && flow.outstanding === 0) flow.fromEmpty = true;
    for (let i = 0; i < count; i++) flow.generated.push(now);
    flow.remaining += count;
    if (flow.parked) {
      flow.parked = false;
      this.flows.push(flow);
    }
    if (flow.active) this.trySend();
  }

  /** Calls `listener` when a data packet's last byte has arrived here. */
  onDeliver(listener: DeliveryListener): void {
    this.deliveryListeners.push(listener);
  }

  // --- Device ---------------------------------------------------------------------------

  connectOutput(port: number, link: OutboundLink, downstreamCredits: number): void {
    this.checkPort(port);
    if (port !== 0) return; // the adapter sends on port 0 only
    this.link = link;
    this.credits = new CreditAccount(downstreamCredits, this.creditBytes, `${this.name} output`);
  }

  connectInput(port: number, _link: InboundLink): void {
    this.checkPort(port);
  }

  inputCredits(port: number): number {
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
    this.engine.at(tailAt, this, RECEIVED, packet);
  }

  creditsReturned(_port: number, blocks: number): void {
    this.credits!.restore(blocks);
    this.trySend();
  }

  handleEvent(kind: number, payload: unknown): void {
    switch (kind) {
      case FLOW_START: {
        const flow = payload as Flow;
        if (!flow.retired) {
          flow.active = true;
          if (flow.queue && flow.remaining === 0) this.park(flow);
          else this.trySend();
        }
        break;
      }
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
      case CONTROLLER_TIMER: {
        const flow = payload as Flow;
        flow.timerAt = -1;
        flow.controller!.onTimer(this.engine.now);
        this.armTimer(flow);
        this.trySend();
        break;
      }
    }
  }

  // --- receive side ---------------------------------------------------------------------

  private received(packet: Packet): void {
    const now = this.engine.now;
    if (packet.kind === PacketKind.Cnp) {
      // A congestion notification (QCN CNM, 802.1Qau): its flow's controller reacts. One for
      // a flow that has ended changes nothing.
      const controller = this.flowById.get(packet.flow)?.controller;
      if (controller !== undefined) {
        controller.onCnp({ feedback: packet.feedback, seq: packet.seq, now });
        this.armTimer(this.flowById.get(packet.flow)!);
        this.trySend();
      }
      return;
    }
    if (packet.kind === PacketKind.Data) {
      for (const listener of this.deliveryListeners) listener(packet, now);
      if (!this.acknowledges) return;
      this.acks.push(
        this.packets.create({
          kind: PacketKind.Ack,
          flow: packet.flow,
          source: this.host,
          destination: packet.source,
          size: this.ackBytes,
          seq: packet.seq,
          vl: packet.vl,
          createdAt: now,
          bits: packet.bits & CongestionBit.Ecn ? packet.bits | CongestionBit.Becn : packet.bits,
        }),
      );
      this.trySend();
    } else if (packet.kind === PacketKind.Ack) {
      const flow = this.flowById.get(packet.flow);
      if (flow === undefined) throw new LosslessViolation(`${this.name}: ACK for unknown flow ${packet.flow}`);
      flow.outstanding -= packet.covers;
      flow.acked += packet.covers;
      if (flow.retired && flow.outstanding === 0) this.flowById.delete(flow.id);
      const controller = flow.controller;
      if (controller !== undefined) {
        const bits = packet.bits;
        controller.onAck({
          // The destination sets BECN on an ACK that echoes a mark; an ECN bit a switch put
          // on the ACK itself describes the reverse path and is not this flow's feedback.
          // MVCM's MB and VB (ferrer-2012 sec. 4.1) are set on data packets only and echoed as is.
          marked: (bits & (CongestionBit.Becn | CongestionBit.Marked)) !== 0,
          validated: (bits & CongestionBit.Validated) !== 0,
          bytes: flow.packetBytes * packet.covers,
          packets: packet.covers,
          seq: packet.seq,
          now: this.engine.now,
        });
        this.armTimer(flow);
      }
      this.trySend();
    }
  }

  // --- send side ------------------------------------------------------------------------

  /**
   * Sends the next packet if the port is free: an ACK first, else the next eligible flow in
   * round robin. A priority held by PAUSE starts nothing; a frame already started finishes.
   */
  private trySend(): void {
    if (this.busy || this.link === undefined) return;
    const credits = this.credits!;
    const ack = this.acks[0];
    if (ack !== undefined && !isPaused(this.pausedPriorities, ack)) {
      if (credits.canSend(ack.size)) this.transmit(this.acks.shift()!);
      return;
    }
    if ((this.pausedPriorities & DATA_PAUSED) !== 0) return; // resumed by the XON's trySend
    const now = this.engine.now;
    const count = this.flows.length;
    let nextEligible = Number.POSITIVE_INFINITY;
    for (let k = 0; k < count; k++) {
      const index = (this.nextFlow + k) % count;
      const flow = this.flows[index]!;
      if (!flow.active || flow.remaining <= 0) continue;
      const controller = flow.controller;
      const window = controller === undefined ? flow.window : Math.min(flow.window, controller.window);
      if (flow.outstanding >= window) {
        flow.blockedBy = "window";
        continue;
      }
      const rate = controller === undefined ? flow.rate : Math.min(flow.rate, controller.rate);
      let anchor = now;
      if (flow.lastStart >= 0 && rate !== Number.POSITIVE_INFINITY) {
        const gap = Math.round((flow.lastBytes * PS_PER_S) / rate);
        const eligible = flow.lastStart + gap;
        if (eligible > now) {
          if (eligible < nextEligible) nextEligible = eligible;
          flow.blockedBy = "rate";
          continue;
        }
        // "scheduled" pacing keeps the packet's schedule when the port held it back less
        // than one gap (another flow's frame), so the flow still gets its rate; a longer
        // hold (PAUSE, an idle flow) restarts the schedule from now: no catch-up burst.
        if (this.scheduledPacing && now - eligible <= gap) anchor = eligible;
      }
      if (!credits.canSend(flow.packetBytes)) return; // credits come back with a trySend
      this.nextFlow = (index + 1) % count;
      this.sendData(flow, now, anchor);
      return;
    }
    if (nextEligible < this.wakeAt) {
      if (this.wakeAt !== Number.POSITIVE_INFINITY) this.engine.cancel(this.wakeId);
      this.wakeAt = nextEligible;
      this.wakeId = this.engine.at(nextEligible, this, WAKE);
    }
  }

  private sendData(flow: Flow, now: Time, anchor: Time): void {
    const createdAt = flow.queue ? this.dequeue(flow) : now;
    const packet = this.packets.create({
      kind: PacketKind.Data,
      flow: flow.id,
      source: this.host,
      destination: flow.destination,
      size: flow.packetBytes,
      seq: flow.sent,
      createdAt,
    });
    flow.sent++;
    // Without ACKs in the network nothing is ever acknowledged: no packet stays outstanding.
    if (this.acknowledges) flow.outstanding++;
    flow.remaining--;
    if (flow.remaining <= 0) {
      if (flow.queue) this.park(flow);
      else this.retire(flow);
    }
    flow.lastStart = anchor;
    flow.lastBytes = packet.size;
    this.transmit(packet);
    const controller = flow.controller;
    if (controller !== undefined) {
      controller.onSend({
        seq: packet.seq,
        bytes: packet.size,
        limitedBy: flow.blockedBy,
        now,
        fromEmptyQueue: flow.fromEmpty,
      });
      this.armTimer(flow);
    }
    flow.blockedBy = "other";
    flow.fromEmpty = false;
  }

  /** The generation time of a queue's oldest packet, removed from the queue. */
  private dequeue(flow: Flow): Time {
    const times = flow.generated;
    const at = times[flow.head++]!;
    if (flow.head === times.length) {
      times.length = 0;
      flow.head = 0;
    } else if (flow.head >= 1024 && flow.head * 2 >= times.length) {
      times.splice(0, flow.head);
      flow.head = 0;
    }
    return at;
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
    if (this.nextFlow > index) this.nextFlow--;
    if (this.nextFlow >= this.flows.length) this.nextFlow = 0;
  }

  /** Schedules the controller's timer when it asks for one (`wakeAt`), replacing an older request. */
  private armTimer(flow: Flow): void {
    const at = flow.controller!.wakeAt;
    if (at === undefined || at === flow.timerAt) return;
    if (flow.timerAt >= 0) this.engine.cancel(flow.timerId);
    flow.timerAt = Math.max(at, this.engine.now);
    flow.timerId = this.engine.at(flow.timerAt, this, CONTROLLER_TIMER, flow);
  }

  private transmit(packet: Packet): void {
    this.credits!.consume(packet.size);
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
