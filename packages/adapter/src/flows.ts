import {
  CongestionBit,
  LosslessViolation,
  type Packet,
  PacketKind,
  type PacketStore,
  TransportFlag,
} from "@losslab/core";
import type { Engine, EventHandler, RandomStream, Time } from "@losslab/engine";
import { FLOW_START, FLOW_STOP } from "./adapter-events.js";
import type { EntropyPolicyFactory } from "./entropy-policy.js";
import { Flow, type FlowOptions } from "./flow.js";
import type { FlowRoundRobin } from "./flow-round-robin.js";
import type { Pacing } from "./pacing.js";
import type { Retransmission } from "./retransmission.js";

/**
 * A host's flows, from `addFlow` to their last ACK: when each starts and stops, the data
 * packets it sends (sequence numbers, what counts as outstanding, the AckReq bit), the ACKs
 * that come back, and a virtual output queue's refills. A flow joins the scheduler's round
 * robin when added and leaves it when it retires (stopped, or all its packets sent) or its
 * queue runs dry; a retired flow stays reachable by its ACKs until the last one.
 */
export class Flows {
  private readonly byId = new Map<number, Flow>();
  /**
   * The host's device (`Engine.device` while the adapter is built): a flow a traffic
   * generator adds starts and stops as an event of the host, whichever device added it.
   */
  private readonly device: number;

  constructor(
    private readonly name: string,
    private readonly host: number,
    private readonly vls: number,
    /** False for a CA without congestion control (turner-2001 sec. 6.2): its flows take no controller. */
    private readonly compliant: boolean,
    /** Whether destinations acknowledge data (false: raw traffic without ACKs). */
    private readonly acknowledges: boolean,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly packets: PacketStore,
    private readonly turns: FlowRoundRobin,
    /** Whether data packets ask the switches for INT records (`HostAdapterOptions.telemetry`). */
    private readonly telemetry: boolean,
    /** The transport's retransmission (`HostAdapterOptions.retransmitTimeout`); undefined: none. */
    private readonly retransmission: Retransmission | undefined,
    /** The VLs whose flows retransmit (`retransmitPriorities`); undefined: all. */
    private readonly retransmitVls: readonly number[] | undefined,
    /** Multipath (`HostAdapterOptions.entropy`): each flow's entropy policy and the host's stream they draw from. */
    private readonly entropy?: { readonly policies: EntropyPolicyFactory; readonly stream: RandomStream },
  ) {
    this.device = engine.device;
  }

  /** Whether a flow on `vl` retransmits. */
  private retransmits(vl: number | undefined): boolean {
    return this.retransmission !== undefined && (this.retransmitVls?.includes(vl ?? 0) ?? true);
  }

  /** Adds a flow; it starts at `options.start` (a read response flow: when its request arrives). */
  add(options: FlowOptions): Flow {
    if (this.byId.has(options.id)) throw new RangeError(`${this.name}: duplicate flow id ${options.id}`);
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
    if (options.forgetWhenIdle === true && (options.queue !== true || options.stop !== undefined)) {
      throw new RangeError(`${this.name}: flow ${options.id}: only a queue without stop may be forgotten when idle`);
    }
    const flow = new Flow(options, options.start, this.retransmits(options.vl));
    if (this.entropy !== undefined) flow.entropy = this.entropy.policies(this.entropy.stream);
    this.turns.add(flow);
    this.byId.set(flow.id, flow);
    // A read response flow starts with its request (`requestRead` at the requester).
    if (!flow.readResponse) this.engine.at(options.start, this.handler, FLOW_START, flow, this.device);
    if (options.stop !== undefined) this.engine.at(options.stop, this.handler, FLOW_STOP, flow, this.device);
    return flow;
  }

  /** The flow of id `id`, while it lives (not retired, or with packets still unacknowledged). */
  get(id: number): Flow | undefined {
    return this.byId.get(id);
  }

  /** `flow` starts now (`FLOW_START`, or its read request arrived); true if it has a packet to send. */
  start(flow: Flow): boolean {
    if (flow.retired || flow.active) return false;
    flow.active = true;
    if (flow.queue && flow.remaining === 0) {
      this.park(flow);
      return false;
    }
    return true;
  }

  /** Flow `id` departs now; unknown or already stopped ids are ignored. */
  stop(id: number): void {
    const flow = this.byId.get(id);
    if (flow !== undefined) this.retire(flow);
  }

  /**
   * Takes a flow out of the scheduler for good (stopped, or all its packets sent). Its state
   * stays reachable by ACKs until the last outstanding packet is acknowledged.
   */
  retire(flow: Flow): void {
    if (flow.retired) return;
    flow.active = false;
    flow.retired = true;
    if (!flow.parked) this.turns.remove(flow);
    if (flow.outstanding === 0) this.byId.delete(flow.id);
  }

  /**
   * Adds back a queue forgotten while idle (`forgetWhenIdle`) with `options.packets`
   * generated now: exactly what `enqueue` on the empty queue would have done. It is started,
   * its first packet leaves an empty queue (`fromEmpty`), and it joins the round robin last.
   */
  reopen(options: FlowOptions): Flow {
    if (this.byId.has(options.id)) throw new RangeError(`${this.name}: queue ${options.id} is still open`);
    if (options.forgetWhenIdle !== true || !(Number.isInteger(options.packets) && options.packets! >= 1)) {
      throw new RangeError(`${this.name}: reopen takes a queue to forget when idle, with packets >= 1`);
    }
    const flow = new Flow(options, this.engine.now, this.retransmits(options.vl));
    if (this.entropy !== undefined) flow.entropy = this.entropy.policies(this.entropy.stream);
    flow.fromEmpty = true;
    flow.active = true;
    this.turns.add(flow);
    this.byId.set(flow.id, flow);
    return flow;
  }

  /**
   * Forgets `flow` if it is an idle queue that may be forgotten (`forgetWhenIdle`): empty,
   * nothing outstanding, no controller timer set, its controller at rest, and its last
   * packet no longer spacing its next (`Pacing.spaces`).
   */
  forgetIfIdle(flow: Flow, pacing: Pacing, now: Time): void {
    if (!flow.forgetWhenIdle || !flow.parked || flow.outstanding !== 0 || flow.timerAt >= 0) return;
    if (flow.controller !== undefined && flow.controller.atRest !== true) return;
    if (!pacing.spaces(flow, flow.rateInForce(), now)) this.byId.delete(flow.id);
  }

  /** Adds `count` packets, generated now, to queue `id`; true if the queue is sending (started). */
  enqueue(id: number, count: number): boolean {
    const flow = this.byId.get(id);
    if (flow === undefined || !flow.queue || flow.retired) {
      throw new RangeError(`${this.name}: ${id} is not an open virtual output queue of this host`);
    }
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`${this.name}: enqueue count must be a positive integer, got ${count}`);
    flow.refill(count, this.engine.now);
    if (flow.parked) {
      flow.parked = false;
      this.turns.add(flow);
    }
    return flow.active;
  }

  /** Sets flow `id`'s static rate limit, bytes per second. */
  setStaticRate(id: number, rate: number): void {
    const flow = this.byId.get(id);
    if (flow === undefined) throw new RangeError(`${this.name}: no flow ${id} to set a static rate for`);
    if (flow.forgetWhenIdle)
      throw new RangeError(`${this.name}: flow ${id} may be forgotten when idle: it keeps no static rate`);
    if (!(rate > 0)) throw new RangeError(`${this.name}: a static rate must be > 0 bytes/s, got ${rate}`);
    flow.rate = rate;
  }

  /**
   * An ACK arrived: the packets it covers are no longer outstanding. Returns their flow;
   * undefined for a duplicate ACK of a retransmitting transport (its packet was ACKed already).
   */
  acked(ack: Packet): Flow | undefined {
    const flow = this.byId.get(this.packets.flow(ack));
    // A duplicate's ACK may come after its flow is gone.
    if (this.retransmission !== undefined && (flow === undefined || flow.sentAt !== undefined)) {
      return this.recoveryAcked(this.retransmission, flow, ack);
    }
    if (flow === undefined) throw new LosslessViolation(`${this.name}: ACK for unknown flow ${this.packets.flow(ack)}`);
    flow.outstanding -= this.packets.covers(ack);
    flow.acked += this.packets.covers(ack);
    this.pathFeedback(flow, ack);
    if (flow.retired && flow.outstanding === 0) this.byId.delete(flow.id);
    return flow;
  }

  /** `acked` of a flow that retransmits (apart, so that flows without retransmission run a small `acked`). */
  private recoveryAcked(retransmission: Retransmission, flow: Flow | undefined, ack: Packet): Flow | undefined {
    if (flow === undefined || !retransmission.acked(flow, ack)) return undefined;
    flow.acked++;
    this.pathFeedback(flow, ack);
    if (flow.retired && flow.outstanding === 0 && flow.remaining <= 0) this.byId.delete(flow.id);
    return flow;
  }

  /**
   * A NACK of a retransmitting transport arrived: its packet is queued to be sent again, and
   * its flow, if it had run out, rejoins the scheduler. Returns the flow if it has a packet to
   * send now.
   */
  nacked(nack: Packet): Flow | undefined {
    const flow = this.byId.get(this.packets.flow(nack));
    if (flow === undefined) return undefined;
    if (flow.sentAt === undefined) {
      throw new LosslessViolation(
        `${this.name}: NACK for flow ${flow.id}, on priority ${flow.vl}, which does not retransmit`,
      );
    }
    if (!this.retransmission!.nacked(flow, nack)) return undefined;
    // uet-htsim reports a last-hop trim as GOOD/ECN (uec.cpp:1604-1607); losslab's NACK does
    // not say where the trim was, so every NACK is PATH_NACK.
    flow.entropy?.nacked?.(this.packets.entropy(nack));
    return this.rejoin(flow);
  }

  /** The entropy `ack` echoes, and its ECN echo, to `flow`'s multipath policy. */
  private pathFeedback(flow: Flow, ack: Packet): void {
    flow.entropy?.acked(this.packets.entropy(ack), (this.packets.bits(ack) & CongestionBit.Becn) !== 0);
  }

  /** `flow`'s retransmission timer fired (`RETRANSMIT_TIMEOUT`); true if it has a packet to send again. */
  timedOut(flow: Flow): boolean {
    return this.retransmission!.timedOut(flow) && this.rejoin(flow) !== undefined;
  }

  /** A flow with packets queued again goes back into the scheduler if it ran out (a stopped flow stays out). */
  private rejoin(flow: Flow): Flow | undefined {
    if (flow.retired) {
      if (!flow.ranOut) return undefined;
      flow.retired = false;
      flow.active = true;
      this.turns.add(flow);
    } else if (flow.parked) {
      flow.parked = false;
      this.turns.add(flow);
    }
    return flow.active ? flow : undefined;
  }

  /**
   * The data packet `flow` sends now, under window `window` (the one in force): counted as
   * sent and outstanding; a flow that runs out of packets leaves the scheduler. `pullTarget`:
   * its RCCC pull target (quanta), 0 for none. With retransmission a packet queued again goes
   * first, with its own sequence number.
   */
  nextPacket(flow: Flow, now: Time, window: number, pullTarget: number): Packet {
    const resend = flow.sentAt === undefined ? -1 : this.retransmission!.nextResend(flow);
    const createdAt = resend >= 0 || !flow.queue ? now : flow.dequeue();
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
      seq: resend >= 0 ? resend : flow.sent,
      vl: flow.vl,
      createdAt,
      transport: flags,
      feedback: pullTarget,
      telemetry: this.telemetry ? [] : undefined,
      entropy: flow.entropy?.next(),
    });
    if (resend < 0) flow.sent++;
    if (acknowledged && flow.sentAt !== undefined) this.retransmission!.sent(flow, this.packets.seq(packet));
    if (flow.remaining <= 0) {
      if (flow.queue) this.park(flow);
      else {
        flow.ranOut = true;
        this.retire(flow);
      }
    }
    return packet;
  }

  /** Takes an empty queue out of the scheduler until `enqueue` refills it. */
  private park(flow: Flow): void {
    flow.parked = true;
    this.turns.remove(flow);
  }
}
