import {
  applyPause,
  ClassScheduler,
  type ClassScheduling,
  type ClassServer,
  CreditAccount,
  LosslessViolation,
  type OutboundLink,
  type Packet,
} from "@losslab/core";
import type { Engine, EventHandler, EventId, Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { TRANSMIT_DONE, WAKE } from "./adapter-events.js";
import type { ControlQueue } from "./control-queue.js";
import type { ControllerEvents } from "./controller-events.js";
import type { Flow } from "./flow.js";
import type { FlowRoundRobin } from "./flow-round-robin.js";
import type { Flows } from "./flows.js";
import type { Pacing } from "./pacing.js";
import type { SenderCredit } from "./sender-credit.js";

/** `sendFrom`'s VL filter meaning "every VL" (one VL, no arbitration). */
const ANY_VL = -1;

/** How port 0 picks among its VLs (`ClassScheduler`'s options). */
export interface VlSchedulingOptions {
  scheduling?: ClassScheduling | undefined;
  weights?: readonly number[] | undefined;
  quanta?: readonly number[] | undefined;
  defaultQuantum?: number | undefined;
}

/**
 * What port 0 sends next, and when. When the port is free it sends a waiting ACK, CN packet
 * or read request first, else a data packet: with one VL, of the next flow in round robin
 * whose window (santos-2002 sec. 4.2: fewer than `window` packets unacknowledged), receiver
 * credit (`SenderCredit`) and rate limit (`Pacing`) allow it; with several, the VLs by the port's `ClassScheduler` (weighted
 * round robin by default, turner-2001 sec. 2; strict priority or DWRR) and the flows of the
 * chosen VL in round robin.
 * Nothing starts without credits for all of it in the switch buffer of its VL, nor on a
 * priority a PAUSE holds; a frame already started finishes. When only the rate holds flows
 * back, a wake-up is set for the earliest time one may send.
 */
export class SendScheduler implements ClassServer {
  private output: OutboundLink | undefined;
  private busy = false;
  /** Priorities a PAUSE from the switch holds on port 0 (bit p: priority p). */
  private pausedPriorities = 0;
  /** Per VL of port 0: the credits of the switch's buffer for it. */
  private readonly credits: CreditAccount[] = [];
  /** The bit set of all VLs: when every one is blocked, the scheduler stops looking. */
  private readonly allVls: number;
  /** Port 0's VL scheduler of data packets; undefined with one VL. */
  private readonly vlScheduler: ClassScheduler | undefined;
  /** During `trySend`: the VLs found blocked so far, and the time. */
  private blocked = 0;
  private now: Time = 0;
  /** The earliest time a rate-limited flow may send, found by the last scan of the flows. */
  private nextEligible: Time = Number.POSITIVE_INFINITY;
  private wakeAt: Time = Number.POSITIVE_INFINITY;
  private wakeId: EventId = -1;

  constructor(
    private readonly name: string,
    private readonly vls: number,
    scheduling: VlSchedulingOptions,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly control: ControlQueue,
    private readonly turns: FlowRoundRobin,
    private readonly flows: Flows,
    private readonly pacing: Pacing,
    private readonly controllers: ControllerEvents,
    /** Receiver credits (RCCC), when the host has them: a flow also needs credit. */
    private readonly credit: SenderCredit | undefined,
  ) {
    this.allVls = (1 << vls) - 1;
    if (vls > 1) this.vlScheduler = new ClassScheduler(name, 1, vls, scheduling);
    else if (scheduling.weights !== undefined) throw OptionError.of(name, "vlWeights", "needs vls > 1");
    else if (scheduling.quanta !== undefined) throw OptionError.of(name, "vlQuantaBytes", "needs vls > 1");
  }

  /** Port 0's link; undefined until connected. */
  get link(): OutboundLink | undefined {
    return this.output;
  }

  /** Port 0 sends on `link` into a switch buffer of `downstreamCredits` credits of `creditBytes` per VL. */
  connect(link: OutboundLink, downstreamCredits: number, creditBytes: number): void {
    this.output = link;
    for (let vl = 0; vl < this.vls; vl++) {
      const label = this.vls === 1 ? `${this.name} output` : `${this.name} output VL ${vl}`;
      this.credits[vl] = new CreditAccount(downstreamCredits, creditBytes, label);
    }
  }

  creditsReturned(blocks: number, vl: number): void {
    const account = this.credits[vl];
    if (account === undefined) {
      throw new LosslessViolation(`${this.name}: credits returned for VL ${vl}, which port 0 does not have`);
    }
    account.restore(blocks);
    this.trySend();
  }

  /** A PAUSE frame takes effect (`PAUSE_TAKES_EFFECT`): its priority stops or resumes. */
  paused(frame: Packet): void {
    this.pausedPriorities = applyPause(this.pausedPriorities, this.control.packets, frame);
    this.trySend();
  }

  /** The frame on the wire has left (`TRANSMIT_DONE`). */
  transmitted(): void {
    this.busy = false;
    this.trySend();
  }

  /** The wake-up for rate-limited flows is due (`WAKE`). */
  woken(): void {
    this.wakeAt = Number.POSITIVE_INFINITY;
    this.trySend();
  }

  /**
   * Sends the next packet if the port is free: an ACK first, else a data packet. Per VL: a
   * VL held by PAUSE, or whose first waiting ACK lacks credits, sends nothing (its ACKs go
   * before its data), and a flow whose VL lacks credits for its packet blocks its VL; the
   * other VLs go on.
   */
  trySend(): void {
    if (this.busy || this.output === undefined) return;
    const credits = this.credits;
    // VLs that may send nothing more now: paused (resumed by the XON's trySend), or out of credits.
    let blocked = this.pausedPriorities & this.allVls;
    const control = this.control.waiting;
    for (let i = 0; i < control.length && blocked !== this.allVls; i++) {
      const packet = control[i]!;
      const bit = 1 << this.control.packets.vl(packet);
      if ((blocked & bit) !== 0) continue;
      if (credits[this.control.packets.vl(packet)]!.canSend(this.control.packets.size(packet))) {
        this.transmit(i === 0 ? control.shift()! : control.splice(i, 1)[0]!);
        return;
      }
      blocked |= bit;
    }
    if (blocked === this.allVls) return;
    this.now = this.engine.now;
    this.blocked = blocked;
    this.nextEligible = Number.POSITIVE_INFINITY;
    const scheduler = this.vlScheduler;
    const sent =
      scheduler === undefined ? this.sendFrom(ANY_VL, Number.POSITIVE_INFINITY) > 0 : scheduler.serve(0, this);
    if (sent || this.blocked === this.allVls) return;
    const nextEligible = this.nextEligible;
    if (nextEligible < this.wakeAt) {
      if (this.wakeAt !== Number.POSITIVE_INFINITY) this.engine.cancel(this.wakeId);
      this.wakeAt = nextEligible;
      this.wakeId = this.engine.at(nextEligible, this.handler, WAKE);
    }
  }

  /** ClassServer: VL `vl` sends a data packet if it is not blocked and one of its flows may send one of at most `maxBytes`. */
  serveClass(_output: number, vl: number, maxBytes: number): number {
    if ((this.blocked & (1 << vl)) !== 0) return 0;
    return this.sendFrom(vl, maxBytes);
  }

  /**
   * Sends a data packet of the next eligible flow of `vl` (`ANY_VL`: of any VL) in round
   * robin and returns its size. Otherwise adds the VLs found out of credits to `blocked`,
   * lowers `nextEligible` to the earliest time a rate-limited flow may send, and returns 0,
   * or -1 if the next eligible flow's packet is larger than `maxBytes` (a DWRR deficit).
   */
  private sendFrom(vl: number, maxBytes: number): number {
    const now = this.now;
    let blocked = this.blocked;
    const credits = this.credits;
    const flows = this.turns.flows;
    const next = this.turns.next;
    const count = flows.length;
    const pointer = vl === ANY_VL ? 0 : vl;
    for (let k = 0; k < count; k++) {
      const index = (next[pointer]! + k) % count;
      const flow = flows[index]!;
      if (!flow.active || flow.remaining <= 0 || (blocked & (1 << flow.vl)) !== 0) continue;
      if (vl !== ANY_VL && flow.vl !== vl) continue;
      const window = flow.windowInForce();
      if (flow.outstanding >= window) {
        flow.blockedBy = "window";
        continue;
      }
      // RCCC: no credit, no packet (a flow without receiver credits holds unlimited credit).
      if (flow.credit <= 0) {
        flow.blockedBy = "window";
        continue;
      }
      const start = this.pacing.startAt(flow, flow.rateInForce(), now);
      if (start > now) {
        if (start < this.nextEligible) this.nextEligible = start;
        flow.blockedBy = "rate";
        continue;
      }
      if (!credits[flow.vl]!.canSend(flow.packetBytes)) {
        // Credits come back with a trySend. The flows of other VLs may still go.
        blocked |= 1 << flow.vl;
        this.blocked = blocked;
        if (blocked === this.allVls) return 0;
        continue;
      }
      if (flow.packetBytes > maxBytes) return -1;
      this.turns.served(pointer, index);
      this.sendData(flow, now, start, window);
      return flow.packetBytes;
    }
    return 0;
  }

  /** Sends `flow`'s next packet now; its next gap counts from `start` (`Pacing.startAt`). */
  private sendData(flow: Flow, now: Time, start: Time, window: number): void {
    const pullTarget = this.credit === undefined || !flow.reliable ? 0 : this.credit.spend(flow, window);
    const packet = this.flows.nextPacket(flow, now, window, pullTarget);
    this.pacing.sent(flow, start, this.control.packets.size(packet));
    this.transmit(packet);
    this.controllers.sent(flow, packet, now);
    this.flows.forgetIfIdle(flow, this.pacing, now);
  }

  private transmit(packet: Packet): void {
    const packets = this.control.packets;
    this.credits[packets.vl(packet)]!.consume(packets.size(packet));
    packets.setInjectedAt(packet, this.engine.now);
    this.busy = true;
    this.engine.at(this.output!.transmit(packet), this.handler, TRANSMIT_DONE);
  }
}
