import {
  applyPause,
  CreditAccount,
  LosslessViolation,
  type OutboundLink,
  type Packet,
  VlArbitration,
} from "@losslab/core";
import type { Engine, EventHandler, EventId, Time } from "@losslab/engine";
import { TRANSMIT_DONE, WAKE } from "./adapter-events.js";
import type { ControlQueue } from "./control-queue.js";
import type { ControllerEvents } from "./controller-events.js";
import type { Flow } from "./flow.js";
import type { FlowRoundRobin } from "./flow-round-robin.js";
import type { Flows } from "./flows.js";
import type { Pacing } from "./pacing.js";

/** `sendFrom`'s VL filter meaning "every VL" (one VL, no arbitration). */
const ANY_VL = -1;

/**
 * What port 0 sends next, and when. When the port is free it sends a waiting ACK, CN packet
 * or read request first, else a data packet: with one VL, of the next flow in round robin
 * whose window (santos-2002 sec. 4.2: fewer than `window` packets unacknowledged) and rate
 * limit (`Pacing`) allow it; with several, the VLs in weighted round robin
 * (`VlArbitration`, turner-2001 sec. 2) and the flows of the chosen VL in round robin.
 * Nothing starts without credits for all of it in the switch buffer of its VL, nor on a
 * priority a PAUSE holds; a frame already started finishes. When only the rate holds flows
 * back, a wake-up is set for the earliest time one may send.
 */
export class SendScheduler {
  private output: OutboundLink | undefined;
  private busy = false;
  /** Priorities a PAUSE from the switch holds on port 0 (bit p: priority p). */
  private pausedPriorities = 0;
  /** Per VL of port 0: the credits of the switch's buffer for it. */
  private readonly credits: CreditAccount[] = [];
  /** The bit set of all VLs: when every one is blocked, the scheduler stops looking. */
  private readonly allVls: number;
  /** Port 0's VL arbitration of data packets; undefined with one VL. */
  private readonly vlArbitration: VlArbitration | undefined;
  /** The earliest time a rate-limited flow may send, found by the last scan of the flows. */
  private nextEligible: Time = Number.POSITIVE_INFINITY;
  private wakeAt: Time = Number.POSITIVE_INFINITY;
  private wakeId: EventId = -1;

  constructor(
    private readonly name: string,
    private readonly vls: number,
    vlWeights: readonly number[] | undefined,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly control: ControlQueue,
    private readonly turns: FlowRoundRobin,
    private readonly flows: Flows,
    private readonly pacing: Pacing,
    private readonly controllers: ControllerEvents,
  ) {
    this.allVls = (1 << vls) - 1;
    if (vls > 1) this.vlArbitration = new VlArbitration(name, 1, vls, vlWeights);
    else if (vlWeights !== undefined) throw new RangeError(`${name}: vlWeights needs vls > 1`);
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
    this.pausedPriorities = applyPause(this.pausedPriorities, frame);
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
      this.wakeId = this.engine.at(nextEligible, this.handler, WAKE);
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
      const start = this.pacing.startAt(flow, flow.rateInForce(), now);
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
      this.turns.served(pointer, index);
      this.vlArbitration?.sent(0, flow.vl);
      this.sendData(flow, now, start, window);
      return -1;
    }
    return blocked;
  }

  /** Sends `flow`'s next packet now; its next gap counts from `start` (`Pacing.startAt`). */
  private sendData(flow: Flow, now: Time, start: Time, window: number): void {
    const packet = this.flows.nextPacket(flow, now, window);
    this.pacing.sent(flow, start, packet.size);
    this.transmit(packet);
    this.controllers.sent(flow, packet, now);
    this.flows.forgetIfIdle(flow, this.pacing, now);
  }

  private transmit(packet: Packet): void {
    this.credits[packet.vl]!.consume(packet.size);
    packet.injectedAt = this.engine.now;
    this.busy = true;
    this.engine.at(this.output!.transmit(packet), this.handler, TRANSMIT_DONE);
  }
}
