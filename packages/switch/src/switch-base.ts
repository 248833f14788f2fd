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
  type MarkingPolicy,
  type MarkingPolicyFactory,
  type OutboundLink,
  type Packet,
  type PacketFactory,
  PacketKind,
} from "@losslab/core";
import { type Engine, type EventHandler, formatTime, ns, type Time, transmissionTime } from "@losslab/engine";
import { type FlowControl, type PauseSettings, resolveFlowControl } from "./flow-control.js";
import { InputPause } from "./input-pause.js";
import { pauseHeadroom } from "./pause-headroom.js";
import type { SwitchModel } from "./switch-model.js";

/** What every switch model is built from. */
export interface SwitchOptions {
  name: string;
  ports: number;
  /** Output port for each destination host index (-1: unreachable from here). */
  routes: ArrayLike<number>;
  /** Capacity of each input buffer in bytes (rounded down to whole credit blocks). */
  inputBufferBytes: number;
  /** The largest packet in the fabric; a buffer with less room than this is "full". */
  maxPacketBytes: number;
  creditBytes?: number;
  /** Minimum delay from a header's arrival to the start of its forwarding (cut-through). Default 40 ns. */
  forwardingDelay?: Time;
  marking?: MarkingPolicyFactory;
  /** Link-level flow control of the input buffers: `{ kind: "credits" }` (default) or PAUSE. */
  flowControl?: FlowControl;
  /** The simulation's packet factory: required with PAUSE flow control (PAUSE frames are packets). */
  packets?: PacketFactory;
}

/** The one priority PAUSE covers until ports have several buffers: every packet's `vl` is 0. */
const PAUSE_PRIORITY = 0;

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
  readonly creditBytes: number;
  protected readonly forwardingDelay: Time;
  /** Set by the model at the end of its constructor, once the view it is built on is complete. */
  protected marking: MarkingPolicy | undefined;

  private readonly capacityBlocks: number;
  private readonly capacityBytes: number;
  private readonly fullBelowBlocks: number;
  private readonly resident: Packet[][] = [];
  private readonly occupiedBlocks: Int32Array;
  private readonly occupiedBytes: Float64Array;
  private readonly inputLinks: (InboundLink | undefined)[] = [];
  /** Packets that will leave on each output and have not started on its link (santos-2002 cnt1). */
  protected readonly waiting: Int32Array;
  protected readonly outputLinks: (OutboundLink | undefined)[] = [];
  protected readonly credits: (CreditAccount | undefined)[] = [];
  /** Per output: 1 while a frame (data or PAUSE) is on its link. */
  protected readonly linkBusy: Uint8Array;
  /** Per output: the priorities a PAUSE from downstream holds (bit p: priority p). */
  private readonly pausedPriorities: Uint8Array;
  /** Per output: congestion notifications waiting to leave, and how many in all. */
  private readonly notices: Packet[][] = [];
  private noticesOwing = 0;
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
    this.pause = resolveFlowControl(this.name, options.flowControl, this.capacityBytes);
    this.reactionDelay = this.pause?.reactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY;
    if (this.pause !== undefined) {
      if (options.packets === undefined) {
        throw new RangeError(`${this.name}: flowControl "pause" needs packets (the simulation's PacketFactory)`);
      }
      this.packets = options.packets;
      this.inputPause = new InputPause(n, this.pause.xoffBytes, this.pause.xonBytes);
    }
    this.occupiedBlocks = new Int32Array(n);
    this.occupiedBytes = new Float64Array(n);
    this.waiting = new Int32Array(n);
    this.linkBusy = new Uint8Array(n);
    this.pausedPriorities = new Uint8Array(n);
    for (let port = 0; port < n; port++) this.notices.push([]);
    for (let port = 0; port < n; port++) {
      this.resident.push([]);
      this.inputLinks.push(undefined);
      this.outputLinks.push(undefined);
      this.credits.push(undefined);
    }
  }

  // --- Device ---------------------------------------------------------------------------

  connectOutput(port: number, link: OutboundLink, downstreamCredits: number): void {
    this.checkPort(port);
    this.outputLinks[port] = link;
    this.credits[port] = new CreditAccount(downstreamCredits, this.creditBytes, `${this.name} output ${port}`);
    this.checkHeadroom(port);
  }

  connectInput(port: number, link: InboundLink): void {
    this.checkPort(port);
    this.inputLinks[port] = link;
    this.checkHeadroom(port);
  }

  /** The input buffer in credit blocks; Infinity under PAUSE (senders hold no credits, PAUSE stops them). */
  inputCredits(port: number): number {
    this.checkPort(port);
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
    }
  }

  /** Takes a packet (not a PAUSE frame) whose header has just arrived at `input`. */
  protected abstract accept(packet: Packet, input: number, tailAt: Time): void;

  /** Whether input `port` last told its upstream to stop (XOFF) and has not yet let it go; false under credits. */
  inputPaused(port: number): boolean {
    this.checkPort(port);
    return this.inputPause?.stopped(port) ?? false;
  }

  creditsReturned(port: number, blocks: number): void {
    this.credits[port]!.restore(blocks);
    this.requestArbitration();
  }

  // --- the input side -------------------------------------------------------------------

  /**
   * Takes a packet whose header has just arrived at `input` into the input buffer, counts
   * it as waiting for its output and calls `packetArrived`. Returns the output. Throws if
   * there is no room for all of it (it would be dropped) or no route.
   */
  protected admit(packet: Packet, input: number): number {
    const blocks = creditsFor(packet.size, this.creditBytes);
    if (this.inputPause === undefined) {
      if (this.occupiedBlocks[input]! + blocks > this.capacityBlocks) {
        throw new LosslessViolation(
          `${this.name} input ${input}: packet ${packet.id} (${packet.size} B) arrived with ${this.capacityBlocks - this.occupiedBlocks[input]!} credit blocks free: it would be dropped`,
        );
      }
    } else {
      this.checkPauseRoom(packet, input);
    }
    const output = this.routes[packet.destination] ?? -1;
    if (this.outputLinks[output] === undefined) {
      throw new LosslessViolation(`${this.name}: no route to host ${packet.destination} for packet ${packet.id}`);
    }
    this.occupiedBlocks[input]! += blocks;
    this.occupiedBytes[input]! += packet.size;
    const occupancy = this.occupiedBytes[input]!;
    this.resident[input]!.push(packet);
    this.waiting[output]!++;
    if (this.inputPause?.rose(input, occupancy)) this.requestArbitration();
    this.marking?.packetArrived?.(packet, input, output);
    return output;
  }

  /**
   * Under PAUSE the buffer is counted in bytes (thresholds and capacity alike): a packet
   * that does not fit means the headroom above XOFF was too small for what was in flight.
   */
  private checkPauseRoom(packet: Packet, input: number): void {
    if (packet.vl !== PAUSE_PRIORITY) {
      throw new RangeError(
        `${this.name} input ${input}: packet ${packet.id} has priority ${packet.vl}; PAUSE flow control covers priority ${PAUSE_PRIORITY} only`,
      );
    }
    const free = this.capacityBytes - this.occupiedBytes[input]!;
    if (packet.size > free) {
      throw new LosslessViolation(
        `${this.name} input ${input}: packet ${packet.id} (${packet.size} B) arrived with ${free} B free under PAUSE (XOFF at ${this.pause!.xoffBytes} B): it would be dropped; the headroom above XOFF is too small for what was in flight`,
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

  /** Calls `bufferFull` when the last byte has arrived, if the input is then left "full". */
  protected watchTail(input: number, tailAt: Time): void {
    if (this.marking?.bufferFull !== undefined) this.engine.at(tailAt, this, TAIL_ARRIVED, input);
  }

  /** The last byte of `packet` has left input `input`: frees its space and returns its credits upstream. */
  protected release(packet: Packet, input: number): void {
    const held = this.resident[input]!;
    held.splice(held.indexOf(packet), 1);
    const blocks = creditsFor(packet.size, this.creditBytes);
    this.occupiedBlocks[input]! -= blocks;
    this.occupiedBytes[input]! -= packet.size;
    const occupancy = this.occupiedBytes[input]!;
    if (this.inputPause === undefined) this.inputLinks[input]?.returnCredits(blocks);
    else if (this.inputPause.fell(input, occupancy)) this.requestArbitration();
  }

  /**
   * Whether `packet` may start on `output` now: the buffer downstream has credits for it and
   * no PAUSE holds its priority. Models call it only when the link is free, so a lack of
   * credits here is the output VL blocking: `outputBlocked`.
   */
  protected canStart(output: number, packet: Packet): boolean {
    if (!this.credits[output]!.canSend(packet.size)) {
      this.marking?.outputBlocked?.(output, packet.vl);
      return false;
    }
    return !isPaused(this.pausedPriorities[output]!, packet);
  }

  // --- events ---------------------------------------------------------------------------

  handleEvent(kind: number, payload: unknown): void {
    if (kind === ARBITRATE) {
      this.arbitrationScheduled = false;
      if (this.inputPause !== undefined && this.inputPause.owing > 0) this.sendPauseFrames();
      if (this.noticesOwing > 0) this.sendNotifications();
      this.arbitrate();
    } else if (kind === TAIL_ARRIVED) {
      const input = payload as number;
      if (this.isFull(input)) this.marking!.bufferFull!(input);
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
  }

  /** Less than one maximum-size packet of room (santos-2002 sec. 5): in credit blocks, or in bytes under PAUSE. */
  private isFull(input: number): boolean {
    if (this.inputPause === undefined) return this.capacityBlocks - this.occupiedBlocks[input]! < this.fullBelowBlocks;
    return this.capacityBytes - this.occupiedBytes[input]! < this.maxPacketBytes;
  }

  /**
   * Each input that owes a PAUSE frame sends it on the output of the same port, upstream,
   * if that link is free: ahead of any data waiting there (arbitration runs after this), but
   * never cutting into a frame on the link. The frame is not subject to credits or PAUSE.
   */
  private sendPauseFrames(): void {
    const pause = this.inputPause!;
    for (let port = 0; port < this.portCount && pause.owing > 0; port++) {
      if (!pause.owes(port) || this.linkBusy[port] === 1) continue;
      const link = this.outputLinks[port];
      if (link === undefined) {
        throw new LosslessViolation(
          `${this.name}: input ${port} must send a PAUSE frame but port ${port} has no output link`,
        );
      }
      const quanta = pause.signal(port);
      const now = this.engine.now;
      const frame = createPauseFrame(this.packets!, PAUSE_PRIORITY, quanta, this.pause!.pauseFrameBytes, now);
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
    const output = this.routes[frame.destination] ?? -1;
    if (this.outputLinks[output] === undefined) {
      throw new LosslessViolation(`${this.name}: no route to host ${frame.destination} for notification ${frame.id}`);
    }
    this.notices[output]!.push(frame);
    this.noticesOwing++;
    this.requestArbitration();
  }

  private sendNotifications(): void {
    for (let port = 0; port < this.portCount && this.noticesOwing > 0; port++) {
      const queue = this.notices[port]!;
      const frame = queue[0];
      if (frame === undefined || this.linkBusy[port] === 1 || !this.canStart(port, frame)) continue;
      queue.shift();
      this.noticesOwing--;
      this.credits[port]!.consume(frame.size);
      this.linkBusy[port] = 1;
      this.engine.at(this.outputLinks[port]!.transmit(frame), this, CONTROL_SENT, port);
    }
  }

  /** Arbitration runs once per instant, after the instant's arrivals and departures. */
  protected requestArbitration(): void {
    if (this.arbitrationScheduled) return;
    this.arbitrationScheduled = true;
    this.engine.at(this.engine.now, this, ARBITRATE);
  }

  /** Starts whatever transfers and transmissions the model's rules allow now. */
  protected abstract arbitrate(): void;

  /** The model's own events, kinds from `FIRST_MODEL_EVENT` on. */
  protected abstract handleModelEvent(kind: number, payload: unknown): void;

  // --- SwitchView -----------------------------------------------------------------------

  inputCapacity(port: number): number {
    this.checkPort(port);
    return this.capacityBlocks * this.creditBytes;
  }

  inputOccupancy(port: number): number {
    return this.occupiedBytes[port]!;
  }

  inputPackets(port: number): readonly Packet[] {
    return this.resident[port]!;
  }

  outputOf(packet: Packet): number {
    return this.routes[packet.destination] ?? -1;
  }

  waitingFor(output: number): number {
    return this.waiting[output]!;
  }

  outputCredits(output: number): number {
    return this.credits[output]?.credits ?? 0;
  }

  /** 0: the base models have no output buffers (CIOQ overrides). */
  outputCapacity(port: number): number {
    this.checkPort(port);
    return 0;
  }

  outputOccupancy(port: number): number {
    this.checkPort(port);
    return 0;
  }

  outputPackets(port: number): readonly Packet[] {
    this.checkPort(port);
    return NO_PACKETS;
  }

  /**
   * Under PAUSE, once both directions of `port` are connected: the input buffer must have
   * room above XOFF for everything that can still arrive (`pauseHeadroom`), assuming the
   * upstream device reacts within this switch's `reactionDelay`.
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

  protected checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.portCount) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.portCount - 1}`);
    }
  }
}
