import {
  CreditAccount,
  creditsFor,
  DEFAULT_CREDIT_BYTES,
  type InboundLink,
  LosslessViolation,
  type MarkingPolicy,
  type MarkingPolicyFactory,
  type OutboundLink,
  type Packet,
} from "@losslab/core";
import { type Engine, type EventHandler, ns, type Time, transmissionTime } from "@losslab/engine";
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
}

const ARBITRATE = 0;
const TAIL_ARRIVED = 1;
/** The first event kind a model may use for its own events. */
export const FIRST_MODEL_EVENT = 2;

const NO_PACKETS: readonly Packet[] = Object.freeze([]);

/**
 * What the switch models share: input buffers counted in credit blocks that return their
 * credits upstream when a packet's last byte has left, output ports with the credits of
 * the buffer downstream, routing, the marking hooks of the input side, and one
 * arbitration per instant. A model adds its queues, its arbitration and its events.
 */
export abstract class SwitchBase implements SwitchModel, EventHandler<unknown> {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes: number;
  protected readonly engine: Engine;
  protected readonly routes: ArrayLike<number>;
  protected readonly creditBytes: number;
  protected readonly forwardingDelay: Time;
  /** Set by the model at the end of its constructor, once the view it is built on is complete. */
  protected marking: MarkingPolicy | undefined;

  private readonly capacityBlocks: number;
  private readonly fullBelowBlocks: number;
  private readonly resident: Packet[][] = [];
  private readonly occupiedBlocks: Int32Array;
  private readonly occupiedBytes: Float64Array;
  private readonly inputLinks: (InboundLink | undefined)[] = [];
  /** Packets that will leave on each output and have not started on its link (santos-2002 cnt1). */
  protected readonly waiting: Int32Array;
  protected readonly outputLinks: (OutboundLink | undefined)[] = [];
  protected readonly credits: (CreditAccount | undefined)[] = [];
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
    this.fullBelowBlocks = creditsFor(this.maxPacketBytes, this.creditBytes);
    if (!(this.capacityBlocks >= this.fullBelowBlocks)) {
      throw new RangeError(
        `${this.name}: input buffer of ${options.inputBufferBytes} B cannot hold one ${this.maxPacketBytes} B packet`,
      );
    }
    const n = this.portCount;
    this.occupiedBlocks = new Int32Array(n);
    this.occupiedBytes = new Float64Array(n);
    this.waiting = new Int32Array(n);
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
  }

  connectInput(port: number, link: InboundLink): void {
    this.checkPort(port);
    this.inputLinks[port] = link;
  }

  inputCredits(port: number): number {
    this.checkPort(port);
    return this.capacityBlocks;
  }

  abstract receive(packet: Packet, input: number, tailAt: Time): void;

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
    if (this.occupiedBlocks[input]! + blocks > this.capacityBlocks) {
      throw new LosslessViolation(
        `${this.name} input ${input}: packet ${packet.id} (${packet.size} B) arrived with ${this.capacityBlocks - this.occupiedBlocks[input]!} credit blocks free: it would be dropped`,
      );
    }
    const output = this.routes[packet.destination] ?? -1;
    if (this.outputLinks[output] === undefined) {
      throw new LosslessViolation(`${this.name}: no route to host ${packet.destination} for packet ${packet.id}`);
    }
    this.occupiedBlocks[input]! += blocks;
    this.occupiedBytes[input]! += packet.size;
    this.resident[input]!.push(packet);
    this.waiting[output]!++;
    this.marking?.packetArrived?.(packet, input, output);
    return output;
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
    this.inputLinks[input]?.returnCredits(blocks);
  }

  // --- events ---------------------------------------------------------------------------

  handleEvent(kind: number, payload: unknown): void {
    if (kind === ARBITRATE) {
      this.arbitrationScheduled = false;
      this.arbitrate();
    } else if (kind === TAIL_ARRIVED) {
      const input = payload as number;
      if (this.capacityBlocks - this.occupiedBlocks[input]! < this.fullBelowBlocks) this.marking!.bufferFull!(input);
    } else {
      this.handleModelEvent(kind, payload);
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

  protected checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.portCount) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.portCount - 1}`);
    }
  }
}
