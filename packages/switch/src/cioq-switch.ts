import { CreditAccount, creditsFor, type Packet } from "@losslab/core";
import { type Engine, type Time, transmissionTime } from "@losslab/engine";
import { MAX_BUFFER_BYTES, MAX_SPEEDUP, OptionError } from "@losslab/kinds";
import { createInputQueues, islipIterations } from "./create-input-queues.js";
import { CrossbarInputs } from "./crossbar-inputs.js";
import type { CrossbarOutputs } from "./input-queues.js";
import { OutputQueues } from "./output-queues.js";
import { FIRST_MODEL_EVENT, SwitchBase } from "./switch-base.js";
import type { SwitchOptions } from "./switch-model.js";
import { defineSwitchOrganisation } from "./switch-organisation.js";
import { vlLanes, vlParameters } from "./vl-parameters.js";
import { createVlScheduler } from "./vl-scheduler.js";

export interface CioqSwitchOptions extends SwitchOptions {
  /**
   * Capacity of each output buffer in bytes (rounded down to whole credit blocks), of each
   * VL's with several; at least one max packet. Default the input buffer's (`inputBufferBytes`).
   */
  outputBufferBytes?: number;
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
 *
 * With several VLs (`vls`) every input VL and every output VL has its own buffer (each of
 * its size option) and credits: the crossbar's internal credits are per output VL, and an
 * output link picks among its VL buffers' heads that can start with its `vlScheduling`, as
 * the input-buffered switch's outputs do; the crossbar's allocator picks the VL crossing to
 * an output with a scheduler of the same kind (`LaneQueues`). A VL out of room, credits or
 * paused (PFC) holds back only its own packets (turner-2001 sec. 2).
 */
export class CioqSwitch extends SwitchBase {
  readonly speedup: number;
  readonly inputQueues: "fifo" | "voq";
  private readonly crossbar: CrossbarInputs;
  private readonly outputCapacityBlocks: number;
  /** Room in each output VL buffer (at `output * vls + vl`), as the crossbar's credits. */
  private readonly room: CreditAccount[] = [];
  /** The output buffers' packets, FIFO per output VL, and what each free link sends next. */
  private readonly buffers: OutputQueues;
  /** Per output: the input whose transfer it receives (-1: none), and the packet. */
  private readonly receivingFrom: Int32Array;
  private readonly receivingPacket: (Packet | undefined)[] = [];
  private readonly outputs: CrossbarOutputs = {
    accepts: (output, packet) =>
      this.receivingFrom[output] === -1 &&
      this.room[output * this.vls + this.packets.vl(packet)]!.canSend(this.packets.size(packet)),
    start: (input, output, packet) => this.transfer(input, output, packet),
    headWaits: (input, output, vl, eligibleAt) => this.crossbar.headWaits(input, output, vl, eligibleAt),
  };

  constructor(engine: Engine, options: CioqSwitchOptions) {
    super(engine, options);
    this.speedup = options.speedup ?? 2;
    if (!(this.speedup >= 1 && Number.isFinite(this.speedup))) {
      throw OptionError.of(this.name, "speedup", "must be a finite number >= 1", { value: this.speedup, limit: 1 });
    }
    const outputBufferBytes = options.outputBufferBytes ?? options.inputBufferBytes;
    this.outputCapacityBlocks = Math.floor(outputBufferBytes / this.creditBytes);
    const packetBlocks = creditsFor(this.maxPacketBytes, this.creditBytes);
    if (!(this.outputCapacityBlocks >= packetBlocks)) {
      throw OptionError.of(
        this.name,
        "outputBufferBytes",
        `cannot hold one ${this.maxPacketBytes} B packet: it is ${this.outputCapacityBlocks} credit blocks of ${this.creditBytes} B, the packet needs ${packetBlocks}`,
        { value: outputBufferBytes, limit: packetBlocks * this.creditBytes },
      );
    }
    this.inputQueues = options.inputQueues ?? "fifo";
    const n = this.portCount;
    // Two schedulers of the same kind: the crossbar's (which VL crosses to an output) and the links'.
    const queues = createInputQueues(
      this.name,
      n,
      this.inputQueues,
      options.islipIterations,
      this.vls,
      createVlScheduler(n, options),
      this.packets,
    );
    this.crossbar = new CrossbarInputs(this.packets, n, queues, engine, this, ELIGIBLE);
    this.buffers = new OutputQueues(this.name, this.packets, n, this.vls, createVlScheduler(n, options), {
      canStart: (output, packet) => this.canStart(output, packet),
      start: (output, packet, input) => this.engine.at(this.startOnLink(packet, input, output), this, DEPARTED, output),
    });
    this.outputQueues = this.buffers;
    this.receivingFrom = new Int32Array(n).fill(-1);
    for (let slot = 0; slot < n * this.vls; slot++) {
      const vl = slot % this.vls;
      const port = (slot - vl) / this.vls;
      const label = this.vls === 1 ? `output buffer ${port}` : `output buffer ${port} VL ${vl}`;
      this.room.push(new CreditAccount(this.outputCapacityBlocks, this.creditBytes, `${this.name} ${label}`));
    }
    for (let port = 0; port < n; port++) this.receivingPacket.push(undefined);
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, output: number, tailAt: Time): void {
    this.crossbar.add(
      input,
      output,
      packet,
      this.earliestStart(tailAt, this.packets.size(packet), this.crossbarRate(output)),
    );
  }

  /**
   * A packet has become eligible to cross: that decides something if it heads its queue, its
   * input is free and its output would take it (if not, the transfer or departure that frees
   * them arbitrates, as the head waits for it), or if the last match may have left pairs.
   */
  private eligible(key: number): void {
    const crossbar = this.crossbar;
    const head = crossbar.eligibleHead(key);
    if ((head !== undefined && this.outputs.accepts(crossbar.output, head)) || crossbar.queues.mayMatchMore()) {
      this.requestArbitration();
    }
  }

  /** Credits matter to a free link with packets in its output buffer or a notification to send. */
  protected override creditsDecide(port: number): boolean {
    return (
      (this.linkBusy[port] === 0 && (this.buffers.count[port]! > 0 || this.controlWaits(port))) ||
      this.crossbar.queues.mayMatchMore()
    );
  }

  /** Crossbar transfers first, so a packet entering an idle output's buffer may start on its link at once. */
  protected arbitrate(): void {
    this.crossbar.queues.match(this.engine.now, this.outputs);
    this.buffers.serveFree(this.linkBusy);
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === ELIGIBLE) this.eligible(payload as number);
    else if (kind === TRANSFERRED) this.transferred(payload as number);
    else if (kind === DEPARTED) this.departed(payload as number);
  }

  private crossbarRate(output: number): number {
    return this.speedup * this.linkRates[output]!;
  }

  private transfer(input: number, output: number, packet: Packet): void {
    const slot = output * this.vls + this.packets.vl(packet);
    this.room[slot]!.consume(this.packets.size(packet));
    this.buffers.push(output, packet, input);
    this.receivingFrom[output] = input;
    this.receivingPacket[output] = packet;
    this.marking?.packetEnteredOutput?.(packet, input, output);
    const end = this.engine.now + transmissionTime(this.packets.size(packet), this.crossbarRate(output));
    this.crossbar.started(input, output, end);
    this.engine.at(end, this, TRANSFERRED, output);
  }

  private transferred(output: number): void {
    const input = this.receivingFrom[output]!;
    const packet = this.receivingPacket[output]!;
    this.receivingFrom[output] = -1;
    this.receivingPacket[output] = undefined;
    this.crossbar.freed(input);
    this.release(packet, input);
    // The input and the output's side of the crossbar are free: that decides something only
    // if a packet waits at the input or for the output (release asks itself if XON is due),
    // or if the last match stopped at its iteration limit and may have left pairs.
    if (this.crossbar.mayStart(input, output)) this.requestArbitration();
  }

  private departed(output: number): void {
    const packet = this.buffers.departed(output);
    const slot = output * this.vls + this.packets.vl(packet);
    this.room[slot]!.restore(creditsFor(this.packets.size(packet), this.creditBytes));
    this.linkBusy[output] = 0;
    // The link is free and the buffer has room: that decides something only if a packet or a
    // control frame waits for the link, or a packet at an input for the room, or if the last
    // match may have left pairs.
    if (
      this.buffers.count[output]! > 0 ||
      this.crossbar.queuedFor[output]! > 0 ||
      this.controlWaits(output) ||
      this.crossbar.queues.mayMatchMore()
    ) {
      this.requestArbitration();
    }
  }

  // --- SwitchView: the output buffers -----------------------------------------------------

  /** Of VL `vl`'s output buffer at `port`; without `vl`, of all the port's. */
  override outputCapacity(port: number, vl?: number): number {
    this.checkPort(port);
    const bytes = this.outputCapacityBlocks * this.creditBytes;
    if (vl === undefined) return this.vls * bytes;
    this.checkVl(vl);
    return bytes;
  }
}

/** The CIOQ switch as scenario files name it (`switch.kind: "cioq"`). */
export const cioqDefinition = defineSwitchOrganisation({
  kind: "cioq",
  description: "combined input-output queued, crossbar speedup, output buffers",
  parameters: {
    speedup: {
      type: "number",
      min: 1,
      max: MAX_SPEEDUP,
      default: 2,
      description: "crossbar speedup (ferrer-2012 sec. 5.1: 2)",
    },
    outputBufferBytes: {
      type: "integer",
      min: 1,
      max: MAX_BUFFER_BYTES,
      optional: true,
      description: "output buffer per port (per VL with several vls), bytes; default the input buffer's size",
    },
    inputQueues: {
      type: "choice",
      values: ["fifo", "voq"],
      default: "fifo",
      description: "input buffer organisation: strict FIFO (ferrer-2012) or VOQs with iSLIP (chrysos)",
    },
    islipIterations: {
      ...islipIterations,
      optional: true,
      description: 'iSLIP iterations per arbitration, with inputQueues "voq" only (default 1)',
    },
    ...vlParameters,
  },
  lanes: vlLanes,
  pairQueues: (values) => values.inputQueues === "voq",
  outputBufferParameter: "outputBufferBytes",
  forwardingRate: (values) => values.speedup as number,
  create: (values, { engine, options }) => new CioqSwitch(engine, { ...options, ...values }),
});
