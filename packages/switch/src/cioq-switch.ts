import { CreditAccount, creditsFor, type Packet } from "@losslab/core";
import { type Engine, type Time, transmissionTime } from "@losslab/engine";
import { createInputQueues } from "./create-input-queues.js";
import type { CrossbarOutputs, InputQueues } from "./input-queues.js";
import { FIRST_MODEL_EVENT, SwitchBase } from "./switch-base.js";
import type { SwitchOptions } from "./switch-model.js";

export interface CioqSwitchOptions extends SwitchOptions {
  /** Capacity of each output buffer in bytes (rounded down to whole credit blocks); at least one max packet. */
  outputBufferBytes: number;
  /** Crossbar speedup: an input-to-output transfer runs at `speedup` x the output link's rate. Default 2. */
  speedup?: number;
  /** "fifo" (default): strict FIFO inputs, ferrer-2012; "voq": VOQs with iSLIP, chrysos sec. II. */
  inputQueues?: "fifo" | "voq";
  /** iSLIP iterations per arbitration (`inputQueues: "voq"` only). Default 1. */
  islipIterations?: number;
}

const ELIGIBLE = FIRST_MODEL_EVENT;
const TRANSFERRED = FIRST_MODEL_EVENT + 1;
const DEPARTED = FIRST_MODEL_EVENT + 2;

/**
 * A combined input-output queued switch (ferrer-2012 sec. 2 and 5.1; chrysos sec. II): input
 * buffers (strict FIFOs or VOQs), a crossbar with speedup S that moves a packet into its
 * output buffer at S x the link rate, and one output buffer per port that sends FIFO onto
 * its link when the buffer downstream has credits for the whole packet. A packet crosses
 * the crossbar only if its output buffer has room for all of it (internal credits).
 *
 * Cut-through with speedup: a transfer lasts bytes / (S x rate) and starts no earlier than
 * `forwardingDelay` after the header arrived, nor so early that it would end before the
 * last byte has arrived at the input. The link may start the packet as soon as its
 * transfer has started (the transfer is at least as fast as the link). Input space is
 * freed, and credits go upstream, when the transfer ends; output space when the last byte
 * has left onto the link.
 */
export class CioqSwitch extends SwitchBase {
  readonly speedup: number;
  readonly inputQueues: "fifo" | "voq";
  private readonly queues: InputQueues;
  private readonly outputCapacityBlocks: number;
  /** Room in each output buffer, as the crossbar's credits. */
  private readonly room: CreditAccount[] = [];
  private readonly outputBytes: Float64Array;
  /** Per output: packets in its buffer in FIFO order (the first is on the link while it is busy), and their inputs. */
  private readonly outputResident: Packet[][] = [];
  private readonly outputFrom: number[][] = [];
  /** Per output: packets in its buffer (the lengths of `outputResident`, read by every arbitration). */
  private readonly outputCount: Int32Array;
  /** Per output: the input whose transfer it receives (-1: none), and the packet. */
  private readonly receivingFrom: Int32Array;
  private readonly receivingPacket: (Packet | undefined)[] = [];
  private readonly outputs: CrossbarOutputs = {
    accepts: (output, packet) => this.receivingFrom[output] === -1 && this.room[output]!.canSend(packet.size),
    start: (input, output, packet) => this.transfer(input, output, packet),
    headWaits: (input, output, eligibleAt) => {
      if (this.queues.maximal) this.wakeAt(input, output, eligibleAt);
    },
  };
  /** Per input, and per output: when the transfer it sends (receives) ends, or the last one ended; its end arbitrates. */
  private readonly inputBusyUntil: Float64Array;
  private readonly receivingUntil: Float64Array;
  /** Per output: packets in the input queues that will cross to it. */
  private readonly queuedFor: Int32Array;
  /** Per input: 1 while it sends a transfer. */
  private readonly inputSending: Uint8Array;

  constructor(engine: Engine, options: CioqSwitchOptions) {
    super(engine, options);
    if (this.vls > 1 || options.vlWeights !== undefined) {
      throw new RangeError(
        `${this.name}: vls > 1 and vlWeights are implemented for organisation "input-buffered" only`,
      );
    }
    this.speedup = options.speedup ?? 2;
    if (!(this.speedup >= 1 && Number.isFinite(this.speedup))) {
      throw new RangeError(`${this.name}: speedup must be a finite number >= 1; got ${this.speedup}`);
    }
    this.outputCapacityBlocks = Math.floor(options.outputBufferBytes / this.creditBytes);
    if (!(this.outputCapacityBlocks >= creditsFor(this.maxPacketBytes, this.creditBytes))) {
      throw new RangeError(
        `${this.name}: outputBufferBytes ${options.outputBufferBytes} cannot hold one ${this.maxPacketBytes} B packet`,
      );
    }
    this.inputQueues = options.inputQueues ?? "fifo";
    this.queues = createInputQueues(this.name, this.portCount, this.inputQueues, options.islipIterations);
    const n = this.portCount;
    this.outputBytes = new Float64Array(n);
    this.outputCount = new Int32Array(n);
    this.receivingFrom = new Int32Array(n).fill(-1);
    this.inputBusyUntil = new Float64Array(n);
    this.receivingUntil = new Float64Array(n);
    this.queuedFor = new Int32Array(n);
    this.inputSending = new Uint8Array(n);
    for (let port = 0; port < n; port++) {
      this.room.push(
        new CreditAccount(this.outputCapacityBlocks, this.creditBytes, `${this.name} output buffer ${port}`),
      );
      this.outputResident.push([]);
      this.outputFrom.push([]);
      this.receivingPacket.push(undefined);
    }
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, tailAt: Time): void {
    const output = this.admit(packet, input);
    const eligibleAt = this.earliestStart(tailAt, packet.size, this.crossbarRate(output));
    this.queuedFor[output]!++;
    const heads = this.queues.add(input, output, packet, eligibleAt);
    if (!this.queues.maximal) this.engine.at(eligibleAt, this, ELIGIBLE, input * this.portCount + output);
    else if (heads) this.wakeAt(input, output, eligibleAt);
    this.watchTail(packet, input, tailAt);
  }

  /**
   * A queue head at `input` for `output` may cross from `eligibleAt` on: arbitrate then
   * (ELIGIBLE), unless the transfer that keeps `input` busy, or the one `output` receives,
   * ends no earlier: that end arbitrates anyway, and the head cannot cross before it. A
   * packet behind others in its queue gets no event of its own: it can only cross after
   * them, and the transfer of the one ahead exposes it (`headWaits`). So arbitration runs
   * when a packet that could cross becomes eligible, never as a poll for one that cannot.
   * With strict FIFO inputs only (`maximal`): with iSLIP every packet keeps its event (see
   * `InputQueues.maximal`), handled by `eligible`.
   */
  private wakeAt(input: number, output: number, eligibleAt: Time): void {
    if (eligibleAt > this.inputBusyUntil[input]! && eligibleAt > this.receivingUntil[output]!) {
      this.engine.at(eligibleAt, this, ELIGIBLE, input * this.portCount + output);
    }
  }

  /**
   * A packet at `input` for `output` has become eligible: that decides something if its
   * queue's head can cross now (if not, the transfer or departure that frees the input or
   * the output arbitrates, as the head waits for it), or if the last match may have left
   * pairs. A packet behind others (with VOQs, every packet has this event) decides nothing.
   */
  private eligible(pair: number): void {
    const output = pair % this.portCount;
    const input = (pair - output) / this.portCount;
    const head = this.queues.head(input, output);
    if (
      (head !== undefined && this.inputSending[input] === 0 && this.outputs.accepts(output, head)) ||
      this.queues.mayMatchMore()
    ) {
      this.requestArbitration();
    }
  }

  /** Credits matter to a free link with packets in its output buffer or a notification to send. */
  protected override creditsDecide(port: number): boolean {
    return (
      (this.linkBusy[port] === 0 && (this.outputCount[port]! > 0 || this.controlWaits(port))) ||
      this.queues.mayMatchMore()
    );
  }

  /** Crossbar transfers first, so a packet entering an idle output's buffer may start on its link at once. */
  protected arbitrate(): void {
    this.queues.match(this.engine.now, this.outputs);
    const linkBusy = this.linkBusy;
    const count = this.outputCount;
    for (let output = 0; output < this.portCount; output++) {
      if (linkBusy[output] === 0 && count[output]! > 0) this.sendHead(output);
    }
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === ELIGIBLE) this.eligible(payload as number);
    else if (kind === TRANSFERRED) this.transferred(payload as number);
    else if (kind === DEPARTED) this.departed(payload as number);
  }

  private crossbarRate(output: number): number {
    return this.speedup * this.outputLinks[output]!.bandwidth;
  }

  private transfer(input: number, output: number, packet: Packet): void {
    this.queuedFor[output]!--;
    this.room[output]!.consume(packet.size);
    this.outputBytes[output]! += packet.size;
    this.outputResident[output]!.push(packet);
    this.outputFrom[output]!.push(input);
    this.outputCount[output]!++;
    this.receivingFrom[output] = input;
    this.receivingPacket[output] = packet;
    this.inputSending[input] = 1;
    this.marking?.packetEnteredOutput?.(packet, input, output);
    const end = this.engine.now + transmissionTime(packet.size, this.crossbarRate(output));
    this.inputBusyUntil[input] = end;
    this.receivingUntil[output] = end;
    this.engine.at(end, this, TRANSFERRED, output);
  }

  private transferred(output: number): void {
    const input = this.receivingFrom[output]!;
    const packet = this.receivingPacket[output]!;
    this.receivingFrom[output] = -1;
    this.receivingPacket[output] = undefined;
    this.inputSending[input] = 0;
    this.queues.inputFreed(input);
    this.release(packet, input);
    // The input and the output's side of the crossbar are free: that decides something only
    // if a packet waits at the input or for the output (release asks itself if XON is due).
    if (this.queues.queuedAt(input) > 0 || this.queuedFor[output]! > 0) this.requestArbitration();
    else this.requestArbitrationIfUnsettled();
  }

  /** A match that stopped at its iteration limit may have left pairs: any change rematches them. */
  private requestArbitrationIfUnsettled(): void {
    if (this.queues.mayMatchMore()) this.requestArbitration();
  }

  /** The output buffer's head starts on the link if the buffer downstream has credits for all of it and no PAUSE holds it. */
  private sendHead(output: number): void {
    const packet = this.outputResident[output]![0]!;
    if (!this.canStart(output, packet)) return;
    this.linkBusy[output] = 1;
    this.waiting[output]!--;
    this.marking?.packetDeparting?.(packet, this.outputFrom[output]![0]!, output);
    this.intStamping?.departing(packet, output, this.outputLinks[output]!, this.engine.now);
    this.consumeCredits(output, packet);
    const end = this.outputLinks[output]!.transmit(packet);
    this.engine.at(end, this, DEPARTED, output);
  }

  private departed(output: number): void {
    const packet = this.outputResident[output]!.shift()!;
    this.outputFrom[output]!.shift();
    this.outputCount[output]!--;
    this.outputBytes[output]! -= packet.size;
    this.room[output]!.restore(creditsFor(packet.size, this.creditBytes));
    this.linkBusy[output] = 0;
    // The link is free and the buffer has room: that decides something only if a packet or a
    // control frame waits for the link, or a packet at an input for the room.
    if (this.outputCount[output]! > 0 || this.queuedFor[output]! > 0 || this.controlWaits(output)) {
      this.requestArbitration();
    } else this.requestArbitrationIfUnsettled();
  }

  // --- SwitchView: the output buffers -----------------------------------------------------

  override outputCapacity(port: number): number {
    this.checkPort(port);
    return this.outputCapacityBlocks * this.creditBytes;
  }

  override outputOccupancy(port: number): number {
    this.checkPort(port);
    return this.outputBytes[port]!;
  }

  override outputPackets(port: number): readonly Packet[] {
    this.checkPort(port);
    return this.outputResident[port]!;
  }
}
