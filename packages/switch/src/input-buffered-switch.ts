import {
  CreditAccount,
  creditsFor,
  DEFAULT_CREDIT_BYTES,
  type Device,
  type InboundLink,
  LosslessViolation,
  type MarkingPolicy,
  type MarkingPolicyFactory,
  type OutboundLink,
  type Packet,
  type SwitchView,
} from "@losslab/core";
import { type Engine, type EventHandler, ns, type Time, transmissionTime } from "@losslab/engine";

export interface InputBufferedSwitchOptions {
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
  /** How many times the head of an output's FIFO may be bypassed (santos-2002 Table 1: 4). */
  maxBypass?: number;
  marking?: MarkingPolicyFactory;
}

/** A packet waiting in an output's FIFO. */
interface Waiting {
  readonly packet: Packet;
  readonly input: number;
  readonly output: number;
  /** Times this packet, at the head of its FIFO, was bypassed. */
  bypassed: number;
}

const ELIGIBLE = 0;
const TAIL_ARRIVED = 1;
const DEPARTED = 2;
const ARBITRATE = 3;

/**
 * The input-buffered switch of santos-2002 Table 1. Each input port has a buffer; each
 * output keeps a FIFO of the packets waiting for it. The crossbar lets each input send
 * one packet at a time and each output carry one. An output serves its FIFO's head unless
 * the head's input is busy sending to another output, in which case a newer packet whose
 * input is free may go first, at most `maxBypass` times per head (sec. 3). Cut-through:
 * forwarding may start `forwardingDelay` after the header arrives. A packet's buffer
 * space is freed, and its credits sent back upstream, when its last byte has left.
 */
export class InputBufferedSwitch implements Device, SwitchView, EventHandler<unknown> {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes: number;
  private readonly engine: Engine;
  private readonly routes: ArrayLike<number>;
  private readonly creditBytes: number;
  private readonly forwardingDelay: Time;
  private readonly maxBypass: number;
  private readonly capacityBlocks: number;
  private readonly fullBelowBlocks: number;
  private readonly marking: MarkingPolicy | undefined;

  private readonly resident: Packet[][] = [];
  private readonly occupiedBlocks: Int32Array;
  private readonly occupiedBytes: Float64Array;
  private readonly inputBusy: Uint8Array;
  private readonly inputLinks: (InboundLink | undefined)[] = [];

  private readonly fifo: Waiting[][] = [];
  private readonly waiting: Int32Array;
  private readonly outputBusy: Uint8Array;
  private readonly outputLinks: (OutboundLink | undefined)[] = [];
  private readonly credits: (CreditAccount | undefined)[] = [];

  private arbitrationScheduled = false;
  private roundRobin = 0;

  constructor(engine: Engine, options: InputBufferedSwitchOptions) {
    this.engine = engine;
    this.name = options.name;
    this.portCount = options.ports;
    this.routes = options.routes;
    this.maxPacketBytes = options.maxPacketBytes;
    this.creditBytes = options.creditBytes ?? DEFAULT_CREDIT_BYTES;
    this.forwardingDelay = options.forwardingDelay ?? ns(40);
    this.maxBypass = options.maxBypass ?? 4;
    this.capacityBlocks = Math.floor(options.inputBufferBytes / this.creditBytes);
    this.fullBelowBlocks = creditsFor(this.maxPacketBytes, this.creditBytes);
    if (this.capacityBlocks < this.fullBelowBlocks) {
      throw new RangeError(
        `${this.name}: input buffer of ${options.inputBufferBytes} B cannot hold one ${this.maxPacketBytes} B packet`,
      );
    }
    const n = this.portCount;
    this.occupiedBlocks = new Int32Array(n);
    this.occupiedBytes = new Float64Array(n);
    this.inputBusy = new Uint8Array(n);
    this.waiting = new Int32Array(n);
    this.outputBusy = new Uint8Array(n);
    for (let port = 0; port < n; port++) {
      this.resident.push([]);
      this.fifo.push([]);
      this.inputLinks.push(undefined);
      this.outputLinks.push(undefined);
      this.credits.push(undefined);
    }
    this.marking = options.marking?.(this);
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

  receive(packet: Packet, input: number, tailAt: Time): void {
    const blocks = creditsFor(packet.size, this.creditBytes);
    if (this.occupiedBlocks[input]! + blocks > this.capacityBlocks) {
      throw new LosslessViolation(
        `${this.name} input ${input}: packet ${packet.id} (${packet.size} B) arrived with ${this.capacityBlocks - this.occupiedBlocks[input]!} credit blocks free: it would be dropped`,
      );
    }
    const output = this.routes[packet.destination] ?? -1;
    const link = this.outputLinks[output];
    if (link === undefined) {
      throw new LosslessViolation(`${this.name}: no route to host ${packet.destination} for packet ${packet.id}`);
    }
    this.occupiedBlocks[input]! += blocks;
    this.occupiedBytes[input]! += packet.size;
    this.resident[input]!.push(packet);
    this.waiting[output]!++;
    this.marking?.packetArrived?.(packet, input, output);
    // Cut-through, but never finish sending before the last byte has arrived.
    const now = this.engine.now;
    const earliest = Math.max(now + this.forwardingDelay, tailAt - transmissionTime(packet.size, link.bandwidth));
    this.engine.at(earliest, this, ELIGIBLE, {
      packet,
      input,
      output,
      bypassed: 0,
    } satisfies Waiting);
    if (this.marking?.bufferFull !== undefined) this.engine.at(tailAt, this, TAIL_ARRIVED, input);
  }

  creditsReturned(port: number, blocks: number): void {
    this.credits[port]!.restore(blocks);
    this.requestArbitration();
  }

  // --- events ---------------------------------------------------------------------------

  handleEvent(kind: number, payload: unknown): void {
    switch (kind) {
      case ELIGIBLE: {
        const entry = payload as Waiting;
        this.fifo[entry.output]!.push(entry);
        this.requestArbitration();
        break;
      }
      case TAIL_ARRIVED: {
        const input = payload as number;
        if (this.capacityBlocks - this.occupiedBlocks[input]! < this.fullBelowBlocks) this.marking!.bufferFull!(input);
        break;
      }
      case DEPARTED:
        this.departed(payload as Waiting);
        break;
      case ARBITRATE:
        this.arbitrate();
        break;
    }
  }

  /** Arbitration runs once per instant, after the instant's arrivals and departures. */
  private requestArbitration(): void {
    if (this.arbitrationScheduled) return;
    this.arbitrationScheduled = true;
    this.engine.at(this.engine.now, this, ARBITRATE);
  }

  /** Offers each free output a packet, starting from a rotating output for fairness among outputs. */
  private arbitrate(): void {
    this.arbitrationScheduled = false;
    const n = this.portCount;
    for (let k = 0; k < n; k++) {
      const output = (this.roundRobin + k) % n;
      if (this.outputBusy[output] === 0 && this.fifo[output]!.length > 0) this.serve(output);
    }
    this.roundRobin = (this.roundRobin + 1) % n;
  }

  /** Per-output FIFO with bounded bypass of a head whose input is busy (santos-2002 sec. 3, Table 1). */
  private serve(output: number): void {
    const queue = this.fifo[output]!;
    const head = queue[0]!;
    let chosen = -1;
    if (this.inputBusy[head.input] === 0) chosen = 0;
    else if (head.bypassed < this.maxBypass) {
      for (let i = 1; i < queue.length; i++) {
        if (this.inputBusy[queue[i]!.input] === 0) {
          chosen = i;
          break;
        }
      }
    }
    if (chosen < 0) return;
    const entry = queue[chosen]!;
    const credits = this.credits[output]!;
    if (!credits.canSend(entry.packet.size)) return;
    if (chosen > 0) head.bypassed++;
    queue.splice(chosen, 1);
    this.outputBusy[output] = 1;
    this.inputBusy[entry.input] = 1;
    this.waiting[output]!--;
    this.marking?.packetDeparting?.(entry.packet, entry.input, output);
    credits.consume(entry.packet.size);
    const end = this.outputLinks[output]!.transmit(entry.packet);
    this.engine.at(end, this, DEPARTED, entry);
  }

  private departed(entry: Waiting): void {
    const { packet, input, output } = entry;
    this.outputBusy[output] = 0;
    this.inputBusy[input] = 0;
    const held = this.resident[input]!;
    held.splice(held.indexOf(packet), 1);
    const blocks = creditsFor(packet.size, this.creditBytes);
    this.occupiedBlocks[input]! -= blocks;
    this.occupiedBytes[input]! -= packet.size;
    this.inputLinks[input]?.returnCredits(blocks);
    this.requestArbitration();
  }

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

  private checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.portCount) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.portCount - 1}`);
    }
  }
}
