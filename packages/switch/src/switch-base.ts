import {
  applyPause,
  CreditAccount,
  createPauseFrame,
  creditsFor,
  DEFAULT_CREDIT_BYTES,
  DEFAULT_PAUSE_REACTION_DELAY,
  type InboundLink,
  isPaused,
  LosslessViolation,
  MAX_VLS,
  type MarkingPolicy,
  type OutboundLink,
  PAUSE_PRIORITIES,
  type Packet,
  type PacketFactory,
  PacketKind,
} from "@losslab/core";
import { type Engine, type EventHandler, formatTime, ns, type Time, transmissionTime } from "@losslab/engine";
import { ecmpPort } from "@losslab/topology";
import { type PauseSettings, resolveFlowControl } from "./flow-control.js";
import { InputPause } from "./input-pause.js";
import { IntStamping } from "./int-stamping.js";
import { pauseHeadroom } from "./pause-headroom.js";
import type { SwitchModel, SwitchOptions } from "./switch-model.js";

/** A PAUSE frame received on output `port`, waiting for the reaction delay. */
interface ReceivedPause {
  readonly port: number;
  readonly frame: Packet;
}

const ARBITRATE = 0;
const TAIL_ARRIVED = 1;
/** A frame the switch generated itself (PAUSE, congestion notification) has left `port`. */
const CONTROL_SENT = 2;
const PAUSE_TAKES_EFFECT = 3;
/** The first event kind a model may use for its own events. */
export const FIRST_MODEL_EVENT = 4;

const NO_PACKETS: readonly Packet[] = Object.freeze([]);

/**
 * What the switch models share: input buffers counted in credit blocks that return their
 * credits upstream when a packet's last byte has left (or, under PAUSE, send XOFF and XON
 * upstream as their occupancy crosses the thresholds), output ports with the credits of
 * the buffer downstream that honour PAUSE frames from it, routing, the marking hooks of
 * the input side, and one arbitration per instant. A model adds its queues, its
 * arbitration and its events, and starts a frame on an output only if `linkBusy` is 0 and
 * `canStart` allows it.
 */
export abstract class SwitchBase implements SwitchModel, EventHandler<unknown> {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes: number;
  protected readonly engine: Engine;
  protected readonly routes: ArrayLike<number>;
  /** ECMP groups the route entries below -1 name (empty without multipath), and the flow-hash seed. */
  private readonly ecmpGroups: Int32Array;
  private readonly ecmpSalt: number;
  readonly creditBytes: number;
  protected readonly forwardingDelay: Time;
  /** Set by the model at the end of its constructor, once the view it is built on is complete. */
  protected marking: MarkingPolicy | undefined;
  /** HPCC's INT records on departing data packets (option `telemetry`); undefined when off. */
  protected readonly intStamping: IntStamping | undefined;

  /** Virtual lanes per port: buffers and credits are per (port, VL), at index `port * vls + vl`. */
  readonly vls: number;
  /** Of one VL's input buffer. */
  private readonly capacityBlocks: number;
  private readonly capacityBytes: number;
  private readonly fullBelowBlocks: number;
  /** Per input port, all VLs, in arrival order. */
  private readonly resident: Packet[][] = [];
  /** Per input VL buffer. */
  private readonly occupiedBlocks: Int32Array;
  private readonly occupiedBytes: Float64Array;
  private readonly inputLinks: (InboundLink | undefined)[] = [];
  /** Packets that will leave on each output and have not started on its link (santos-2002 cnt1). */
  protected readonly waiting: Int32Array;
  protected readonly outputLinks: (OutboundLink | undefined)[] = [];
  /** Per output VL: the credits of the VL buffer downstream. */
  private readonly credits: (CreditAccount | undefined)[] = [];
  /** Per output: 1 while a frame (data or PAUSE) is on its link. */
  protected readonly linkBusy: Uint8Array;
  /** Per output: the priorities a PAUSE from downstream holds (bit p: priority p). */
  private readonly pausedPriorities: Uint8Array;
  /** Per output: congestion notifications waiting to leave, and how many in all. */
  private readonly notices: Packet[][] = [];
  private noticesOwing = 0;
  private readonly notificationListeners: Array<(frame: Packet) => void> = [];
  /** From a received PAUSE frame's last byte to when the output honours it. */
  private readonly reactionDelay: Time;
  /** PAUSE flow control of the inputs; undefined with credits. */
  private readonly pause: PauseSettings | undefined;
  private readonly inputPause: InputPause | undefined;
  private readonly packets: PacketFactory | undefined;
  private arbitrationScheduled = false;

  constructor(engine: Engine, options: SwitchOptions) {
    this.engine = engine;
    this.name = options.name;
    if (!Number.isInteger(options.ports) || options.ports < 1) {
      throw new RangeError(`${this.name}: ports must be a positive integer; got ${options.ports}`);
    }
    this.portCount = options.ports;
    this.routes = options.routes;
    this.ecmpGroups = options.ecmp?.groups ?? new Int32Array(0);
    this.ecmpSalt = options.ecmp?.salt ?? 0;
    this.maxPacketBytes = options.maxPacketBytes;
    this.creditBytes = options.creditBytes ?? DEFAULT_CREDIT_BYTES;
    if (!Number.isInteger(this.creditBytes) || this.creditBytes < 1) {
      throw new RangeError(`${this.name}: creditBytes must be a positive integer; got ${this.creditBytes}`);
    }
    this.forwardingDelay = options.forwardingDelay ?? ns(40);
    if (!Number.isInteger(this.forwardingDelay) || this.forwardingDelay < 0) {
      throw new RangeError(
        `${this.name}: forwardingDelay must be a whole number of picoseconds >= 0; got ${this.forwardingDelay}`,
      );
    }
    this.capacityBlocks = Math.floor(options.inputBufferBytes / this.creditBytes);
    this.capacityBytes = this.capacityBlocks * this.creditBytes;
    this.fullBelowBlocks = creditsFor(this.maxPacketBytes, this.creditBytes);
    if (!(this.capacityBlocks >= this.fullBelowBlocks)) {
      throw new RangeError(
        `${this.name}: input buffer of ${options.inputBufferBytes} B cannot hold one ${this.maxPacketBytes} B packet`,
      );
    }
    const n = this.portCount;
    this.vls = options.vls ?? 1;
    if (!Number.isInteger(this.vls) || this.vls < 1 || this.vls > MAX_VLS) {
      throw new RangeError(`${this.name}: vls must be an integer 1..${MAX_VLS}; got ${this.vls}`);
    }
    this.pause = resolveFlowControl(this.name, options.flowControl, this.capacityBytes);
    if (this.pause !== undefined && this.vls > PAUSE_PRIORITIES) {
      throw new RangeError(
        `${this.name}: flowControl "pause" (PFC, 802.1Qbb) has ${PAUSE_PRIORITIES} priorities; it cannot be used with vls ${this.vls}`,
      );
    }
    this.reactionDelay = this.pause?.reactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
    this.packets = options.packets;
    if (this.pause !== undefined) {
      if (options.packets === undefined) {
        throw new RangeError(`${this.name}: flowControl "pause" needs packets (the simulation's PacketFactory)`);
      }
      this.inputPause = new InputPause(n, this.vls, this.pause.xoffBytes, this.pause.xonBytes);
    }
    this.occupiedBlocks = new Int32Array(n * this.vls);
    this.occupiedBytes = new Float64Array(n * this.vls);
    this.waiting = new Int32Array(n);
    this.intStamping = options.telemetry === true ? new IntStamping(n) : undefined;
    this.linkBusy = new Uint8Array(n);
    this.pausedPriorities = new Uint8Array(n);
    for (let port = 0; port < n; port++) this.notices.push([]);
    for (let port = 0; port < n; port++) {
      this.resident.push([]);
      this.inputLinks.push(undefined);
      this.outputLinks.push(undefined);
    }
    for (let slot = 0; slot < n * this.vls; slot++) this.credits.push(undefined);
  }

  // --- Device ---------------------------------------------------------------------------

  connectOutput(port: number, link: OutboundLink, downstreamCredits: number): void {
    this.checkPort(port);
    this.outputLinks[port] = link;
    for (let vl = 0; vl < this.vls; vl++) {
      const label = this.vls === 1 ? `${this.name} output ${port}` : `${this.name} output ${port} VL ${vl}`;
      this.credits[port * this.vls + vl] = new CreditAccount(downstreamCredits, this.creditBytes, label);
    }
    this.checkHeadroom(port);
  }

  connectInput(port: number, link: InboundLink): void {
    this.checkPort(port);
    this.inputLinks[port] = link;
    this.checkHeadroom(port);
  }

  /** The buffer of input VL `vl` in credit blocks (all VLs alike); Infinity under PAUSE (senders hold no credits, PAUSE stops them). */
  inputCredits(port: number, vl = 0): number {
    this.checkPort(port);
    this.checkVl(vl);
    return this.pause === undefined ? this.capacityBlocks : Number.POSITIVE_INFINITY;
  }

  /** A PAUSE frame is consumed here; any other packet enters the input buffer. */
  receive(packet: Packet, input: number, tailAt: Time): void {
    if (packet.kind === PacketKind.Pause) {
      // 802.3 Annex 31B: a PAUSE acts once the whole frame is in, within the reaction delay.
      const received: ReceivedPause = { port: input, frame: packet };
      this.engine.at(tailAt + this.reactionDelay, this, PAUSE_TAKES_EFFECT, received);
    } else {
      this.accept(packet, input, tailAt);
      this.arbitrateIfNext(); // the link calls this at the end of its arrival event
    }
  }

  /** Takes a packet (not a PAUSE frame) whose header has just arrived at `input`. */
  protected abstract accept(packet: Packet, input: number, tailAt: Time): void;

  /**
   * Whether input `port` last told its upstream to stop priority `vl` (XOFF) and has not yet
   * let it go; without `vl`, any priority. False under credits.
   */
  inputPaused(port: number, vl?: number): boolean {
    this.checkPort(port);
    const pause = this.inputPause;
    if (pause === undefined) return false;
    if (vl !== undefined) {
      this.checkVl(vl);
      return pause.stopped(port * this.vls + vl);
    }
    for (let v = 0; v < this.vls; v++) if (pause.stopped(port * this.vls + v)) return true;
    return false;
  }

  creditsReturned(port: number, blocks: number, vl = 0): void {
    if (vl >= this.vls) {
      throw new LosslessViolation(`${this.name} output ${port}: credits returned for VL ${vl}, which it does not have`);
    }
    this.credits[port * this.vls + vl]!.restore(blocks);
    if (this.creditsDecide(port)) {
      this.requestArbitration();
      this.arbitrateIfNext(); // the link calls this at the end of its credit event
    }
  }

  /** Whether credits returned to output `port` may let something start: by default always (models narrow it). */
  protected creditsDecide(_port: number): boolean {
    return true;
  }

  // --- the input side -------------------------------------------------------------------

  /**
   * Takes a packet whose header has just arrived at `input` into the input buffer, counts
   * it as waiting for its output and calls `packetArrived`. Returns the output. Throws if
   * there is no room for all of it (it would be dropped) or no route.
   */
  protected admit(packet: Packet, input: number): number {
    const blocks = creditsFor(packet.size, this.creditBytes);
    const vl = packet.vl;
    const slot = input * this.vls + vl;
    if (this.inputPause === undefined) {
      if (vl >= this.vls) {
        throw new LosslessViolation(
          `${this.name} input ${input}: packet ${packet.id} arrived on VL ${vl} but the port has VLs 0..${this.vls - 1}: it would be dropped`,
        );
      }
      if (this.occupiedBlocks[slot]! + blocks > this.capacityBlocks) {
        const where = this.vls === 1 ? `input ${input}` : `input ${input} VL ${vl}`;
        throw new LosslessViolation(
          `${this.name} ${where}: packet ${packet.id} (${packet.size} B) arrived with ${this.capacityBlocks - this.occupiedBlocks[slot]!} credit blocks free: it would be dropped`,
        );
      }
    } else {
      this.checkPauseRoom(packet, input, slot);
    }
    if (packet.size > this.maxPacketBytes) {
      throw new RangeError(
        `${this.name} input ${input}: packet ${packet.id} has ${packet.size} B, more than maxPacketBytes ${this.maxPacketBytes} (the largest packet in the fabric)`,
      );
    }
    const output = this.outputOf(packet);
    if (this.outputLinks[output] === undefined) {
      throw new LosslessViolation(`${this.name}: no route to host ${packet.destination} for packet ${packet.id}`);
    }
    this.occupiedBlocks[slot]! += blocks;
    this.occupiedBytes[slot]! += packet.size;
    const occupancy = this.occupiedBytes[slot]!;
    this.resident[input]!.push(packet);
    this.waiting[output]!++;
    this.intStamping?.arrived(output, packet.size);
    if (this.inputPause?.rose(slot, occupancy)) this.requestArbitration();
    this.marking?.packetArrived?.(packet, input, output);
    return output;
  }

  /**
   * Under PAUSE the buffer of each priority is counted in bytes (thresholds and capacity
   * alike): a packet that does not fit means the headroom above XOFF was too small for what
   * was in flight on its priority.
   */
  private checkPauseRoom(packet: Packet, input: number, slot: number): void {
    if (packet.vl >= this.vls) {
      throw new LosslessViolation(
        `${this.name} input ${input}: packet ${packet.id} has priority ${packet.vl} but the port has priorities 0..${this.vls - 1}: it would be dropped`,
      );
    }
    const free = this.capacityBytes - this.occupiedBytes[slot]!;
    if (packet.size > free) {
      const where = this.vls === 1 ? `input ${input}` : `input ${input} priority ${packet.vl}`;
      throw new LosslessViolation(
        `${this.name} ${where}: packet ${packet.id} (${packet.size} B) arrived with ${free} B free under PAUSE (XOFF at ${this.pause!.xoffBytes} B): it would be dropped; the headroom above XOFF is too small for what was in flight`,
      );
    }
  }

  /**
   * Cut-through: forwarding at `rate` bytes/s may start `forwardingDelay` after the header
   * arrived (now), but never so early that it would end before the last byte has arrived.
   */
  protected earliestStart(tailAt: Time, bytes: number, rate: number): Time {
    return Math.max(this.engine.now + this.forwardingDelay, tailAt - transmissionTime(bytes, rate));
  }

  /**
   * Calls `bufferFull` when the last byte of `packet` has arrived, if its input VL buffer is
   * then left "full". Packets enter the buffer only as their headers arrive over the one
   * link of `input`, so by the time the check runs at most one more can have entered (its
   * header right behind this tail, in the same instant), and space only frees meanwhile: with
   * room for two maximum-size packets now, the buffer cannot be full then, and the check,
   * which would decide nothing, is not scheduled.
   */
  protected watchTail(packet: Packet, input: number, tailAt: Time): void {
    if (this.marking?.bufferFull !== undefined) {
      const slot = input * this.vls + packet.vl;
      if (this.mayFillBy(slot)) this.engine.at(tailAt, this, TAIL_ARRIVED, slot);
    }
  }

  /** Whether input VL buffer `slot` has less room than two maximum-size packets (so may be "full" after one more). */
  private mayFillBy(slot: number): boolean {
    if (this.inputPause === undefined) {
      return this.capacityBlocks - this.occupiedBlocks[slot]! < 2 * this.fullBelowBlocks;
    }
    return this.capacityBytes - this.occupiedBytes[slot]! < 2 * this.maxPacketBytes;
  }

  /** The last byte of `packet` has left input `input`: frees its space and returns its credits upstream. */
  protected release(packet: Packet, input: number): void {
    removePacket(this.resident[input]!, packet);
    const blocks = creditsFor(packet.size, this.creditBytes);
    const slot = input * this.vls + packet.vl;
    this.occupiedBlocks[slot]! -= blocks;
    this.occupiedBytes[slot]! -= packet.size;
    const occupancy = this.occupiedBytes[slot]!;
    if (this.inputPause === undefined) this.inputLinks[input]?.returnCredits(blocks, packet.vl);
    else if (this.inputPause.fell(slot, occupancy)) this.requestArbitration();
  }

  /**
   * Whether `packet` may start on `output` now: the buffer downstream has credits for it and
   * no PAUSE holds its priority. Models call it only when the link is free, so a lack of
   * credits here is the output VL blocking: `outputBlocked`.
   */
  protected canStart(output: number, packet: Packet): boolean {
    if (!this.credits[output * this.vls + packet.vl]!.canSend(packet.size)) {
      this.marking?.outputBlocked?.(output, packet.vl);
      return false;
    }
    return !isPaused(this.pausedPriorities[output]!, packet);
  }

  /** Takes the credits of `packet`, starting on `output` now, from its VL's account. */
  protected consumeCredits(output: number, packet: Packet): void {
    this.credits[output * this.vls + packet.vl]!.consume(packet.size);
  }

  // --- events ---------------------------------------------------------------------------

  handleEvent(kind: number, payload: unknown): void {
    if (kind === ARBITRATE) {
      this.arbitrationScheduled = false;
      this.runArbitration();
      return;
    }
    if (kind === TAIL_ARRIVED) {
      const slot = payload as number;
      if (this.isFull(slot)) {
        const vl = slot % this.vls;
        this.marking!.bufferFull!((slot - vl) / this.vls, vl);
      }
    } else if (kind === CONTROL_SENT) {
      this.linkBusy[payload as number] = 0;
      this.requestArbitration();
    } else if (kind === PAUSE_TAKES_EFFECT) {
      const { port, frame } = payload as ReceivedPause;
      const before = this.pausedPriorities[port]!;
      const after = applyPause(before, frame);
      this.pausedPriorities[port] = after;
      if (after < before) this.requestArbitration(); // a priority was let go
    } else {
      this.handleModelEvent(kind, payload);
    }
    this.arbitrateIfNext();
  }

  /**
   * At the end of an event that reached this switch (its own, or its link's arrival or credit
   * event): the arbitration the event asked for, if nothing else is due before it, at once.
   */
  private arbitrateIfNext(): void {
    while (this.arbitrationScheduled && this.engine.takeSoon(this, ARBITRATE)) {
      this.arbitrationScheduled = false;
      this.runArbitration();
    }
  }

  /** Control frames first (PAUSE ahead of data, then notifications), then the model's arbitration. */
  private runArbitration(): void {
    if (this.inputPause !== undefined && this.inputPause.owing > 0) this.sendPauseFrames();
    if (this.noticesOwing > 0) this.sendNotifications();
    this.arbitrate();
  }

  /** Input VL buffer `slot` has less than one maximum-size packet of room (santos-2002 sec. 5): in credit blocks, or in bytes under PAUSE. */
  private isFull(slot: number): boolean {
    if (this.inputPause === undefined) return this.capacityBlocks - this.occupiedBlocks[slot]! < this.fullBelowBlocks;
    return this.capacityBytes - this.occupiedBytes[slot]! < this.maxPacketBytes;
  }

  /**
   * Each input that owes a PAUSE frame sends it on the output of the same port, upstream,
   * if that link is free: ahead of any data waiting there (arbitration runs after this), but
   * never cutting into a frame on the link. The frame is not subject to credits or PAUSE.
   *
   * PFC (802.1Qbb, now IEEE 802.1Q clause 36): a real frame carries a class-enable vector and one timer per
   * priority, so one frame may change several priorities. Here each frame names one
   * priority (`vl`): an input owing changes on several priorities sends one frame per
   * priority, lowest first, back to back. That costs the link at most a 64 B frame more per
   * extra priority that changes within one frame time, which is rare.
   */
  private sendPauseFrames(): void {
    const pause = this.inputPause!;
    for (let port = 0; port < this.portCount && pause.owing > 0; port++) {
      if (this.linkBusy[port] === 1) continue;
      const priority = pause.owed(port);
      if (priority < 0) continue;
      const link = this.outputLinks[port];
      if (link === undefined) {
        throw new LosslessViolation(
          `${this.name}: input ${port} must send a PAUSE frame but port ${port} has no output link`,
        );
      }
      const quanta = pause.signal(port * this.vls + priority);
      const now = this.engine.now;
      const frame = createPauseFrame(this.packets!, priority, quanta, this.pause!.pauseFrameBytes, now);
      this.linkBusy[port] = 1;
      this.engine.at(link.transmit(frame), this, CONTROL_SENT, port);
    }
  }

  /**
   * Sends `frame`, a congestion notification this switch generated (a QCN CNM, 802.1Qau
   * sec. 32; a `PacketKind.Cnp` addressed to the culprit's source), out of the port toward its
   * destination: ahead of the data waiting there, when the link is free and the buffer
   * downstream can take it (credits and PAUSE apply, as to any frame of its priority).
   */
  sendNotification(frame: Packet): void {
    const output = this.outputOf(frame);
    if (this.outputLinks[output] === undefined) {
      throw new LosslessViolation(`${this.name}: no route to host ${frame.destination} for notification ${frame.id}`);
    }
    this.notices[output]!.push(frame);
    this.noticesOwing++;
    this.requestArbitration();
  }

  /**
   * SwitchView: a marking policy's control frame (a QCN CNM, a CN packet to turner-2001's
   * subnet manager), made with the simulation's packet factory (option `packets`) and sent by
   * `sendNotification`; listeners (`onNotification`) hear it first.
   */
  notify(destination: number, about: Packet, bytes: number, feedback?: number): void {
    const packets = this.packets;
    if (packets === undefined) {
      throw new Error(`${this.name}: a marking policy sends notifications: give the switch the simulation's packets`);
    }
    const frame = packets.create({
      kind: PacketKind.Cnp,
      flow: about.flow,
      source: -1,
      destination,
      size: bytes,
      seq: about.seq,
      createdAt: this.engine.now,
      ...(feedback === undefined ? {} : { feedback }),
    });
    for (const listener of this.notificationListeners) listener(frame);
    this.sendNotification(frame);
  }

  /** Calls `listener` with every control frame a marking policy sends from this switch (`notify`). */
  onNotification(listener: (frame: Packet) => void): void {
    this.notificationListeners.push(listener);
  }

  private sendNotifications(): void {
    for (let port = 0; port < this.portCount && this.noticesOwing > 0; port++) {
      const queue = this.notices[port]!;
      const frame = queue[0];
      if (frame === undefined || this.linkBusy[port] === 1 || !this.canStart(port, frame)) continue;
      queue.shift();
      this.noticesOwing--;
      this.consumeCredits(port, frame);
      this.linkBusy[port] = 1;
      this.engine.at(this.outputLinks[port]!.transmit(frame), this, CONTROL_SENT, port);
    }
  }

  /**
   * Arbitration runs once per instant, after the instant's arrivals and departures: as a
   * `soon` event, which this switch's own event takes back and runs at its end when it is
   * the next event anyway (`handleEvent`), so an arbitration with nothing due before it
   * costs no event.
   */
  protected requestArbitration(): void {
    if (this.arbitrationScheduled) return;
    this.arbitrationScheduled = true;
    this.engine.soon(this, ARBITRATE);
  }

  /** Whether a PAUSE frame or a congestion notification waits for the link of `port`. */
  protected controlWaits(port: number): boolean {
    return this.notices[port]!.length > 0 || (this.inputPause !== undefined && this.inputPause.owed(port) >= 0);
  }

  /** Starts whatever transfers and transmissions the model's rules allow now. */
  protected abstract arbitrate(): void;

  /** The model's own events, kinds from `FIRST_MODEL_EVENT` on. */
  protected abstract handleModelEvent(kind: number, payload: unknown): void;

  // --- SwitchView -----------------------------------------------------------------------

  /** Capacity in bytes of the buffer of VL `vl` of input `port`; without `vl`, of the whole port (all its VLs). */
  inputCapacity(port: number, vl?: number): number {
    this.checkPort(port);
    if (vl === undefined) return this.vls * this.capacityBytes;
    this.checkVl(vl);
    return this.capacityBytes;
  }

  /** Bytes held in the buffer of VL `vl` of input `port`; without `vl`, in the whole port. */
  inputOccupancy(port: number, vl?: number): number {
    if (vl !== undefined) return this.occupiedBytes[port * this.vls + vl]!;
    if (this.vls === 1) return this.occupiedBytes[port]!;
    let bytes = 0;
    for (let v = 0; v < this.vls; v++) bytes += this.occupiedBytes[port * this.vls + v]!;
    return bytes;
  }

  /** Packets held in input `port` on VL `vl`, oldest first; without `vl`, of every VL in arrival order. */
  inputPackets(port: number, vl?: number): readonly Packet[] {
    const held = this.resident[port]!;
    return vl === undefined || this.vls === 1 ? held : held.filter((packet) => packet.vl === vl);
  }

  /**
   * The route lookup: the table's port for the packet's destination, or, where the entry is
   * an ECMP group, the member the packet's flow hashes to at this switch (the same for every
   * packet of a flow, so it keeps one path and its order).
   */
  outputOf(packet: Packet): number {
    const entry = this.routes[packet.destination] ?? -1;
    if (entry >= -1) return entry;
    return ecmpPort(this.ecmpGroups, entry, this.ecmpSalt, packet.flow, packet.source, packet.destination);
  }

  waitingFor(output: number): number {
    return this.waiting[output]!;
  }

  /**
   * Credit blocks output VL `vl` (default 0) of `output` may still send downstream; 0 before
   * it is connected. With one VL per port `vl` is ignored (core's `SwitchView` contract).
   */
  outputCredits(output: number, vl = 0): number {
    if (this.vls === 1) return this.credits[output]?.credits ?? 0;
    this.checkVl(vl);
    return this.credits[output * this.vls + vl]?.credits ?? 0;
  }

  /** 0: the base models have no output buffers (CIOQ overrides; `vl` reads one VL's). */
  outputCapacity(port: number, _vl?: number): number {
    this.checkPort(port);
    return 0;
  }

  outputOccupancy(port: number, _vl?: number): number {
    this.checkPort(port);
    return 0;
  }

  outputPackets(port: number, _vl?: number): readonly Packet[] {
    this.checkPort(port);
    return NO_PACKETS;
  }

  /**
   * Under PAUSE, once both directions of `port` are connected: the input buffer of each
   * priority must have room above XOFF for everything that can still arrive
   * (`pauseHeadroom`), assuming the upstream device reacts within this switch's
   * `reactionDelay`. Every priority's buffer has the same size and thresholds, and all of
   * the link's rate may be one priority's, so one check covers them all.
   */
  private checkHeadroom(port: number): void {
    const inbound = this.inputLinks[port];
    const outbound = this.outputLinks[port];
    if (this.pause === undefined || inbound === undefined || outbound === undefined) return;
    const needed = pauseHeadroom({
      bandwidth: inbound.bandwidth,
      delay: inbound.delay,
      reverseBandwidth: outbound.bandwidth,
      reverseDelay: inbound.backDelay,
      maxPacketBytes: this.maxPacketBytes,
      overheadBytes: inbound.overheadBytes,
      pauseFrameBytes: this.pause.pauseFrameBytes,
      reactionDelay: this.pause.reactionDelay,
    });
    const headroom = this.capacityBytes - this.pause.xoffBytes;
    if (headroom < needed) {
      throw new RangeError(
        `${this.name} input ${port}: flowControl.xoffBytes ${this.pause.xoffBytes} leaves ${headroom} B of the ${this.capacityBytes} B input buffer above XOFF, but ${needed} B can still arrive after XOFF (rate ${inbound.bandwidth} B/s, propagation ${formatTime(inbound.delay)} + ${formatTime(inbound.backDelay)}, reaction ${formatTime(this.pause.reactionDelay)}, 2 x ${this.maxPacketBytes} B frames): lower xoffBytes or raise inputBufferBytes`,
      );
    }
  }

  protected checkVl(vl: number): void {
    if (!Number.isInteger(vl) || vl < 0 || vl >= this.vls) {
      throw new RangeError(`${this.name}: VL ${vl} out of range 0..${this.vls - 1}`);
    }
  }

  protected checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.portCount) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.portCount - 1}`);
    }
  }
}

/**
 * Takes `packet` out of `held`, the others keeping their order. Unlike `splice`, allocates no
 * array of the removed elements: this runs once per packet-hop.
 */
function removePacket(held: Packet[], packet: Packet): void {
  const at = held.indexOf(packet);
  if (at < 0) throw new Error(`packet ${packet.id} is not held here`);
  if (at === 0) {
    held.shift(); // the oldest, as in a FIFO: V8 moves the array's start, copying nothing
    return;
  }
  for (let i = at + 1; i < held.length; i++) held[i - 1] = held[i]!;
  held.pop();
}
