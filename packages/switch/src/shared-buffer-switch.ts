import type { Packet } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { OutputQueues } from "./output-queues.js";
import { PacketFifos } from "./packet-fifos.js";
import { SharedBufferMmu } from "./shared-buffer-mmu.js";
import { checkSharedBuffer, type SharedBufferOptions, sharedBufferParameters } from "./shared-buffer-options.js";
import { FIRST_MODEL_EVENT, SwitchBase } from "./switch-base.js";
import type { SwitchOptions } from "./switch-model.js";
import { defineSwitchOrganisation } from "./switch-organisation.js";
import { vlLanes, vlParameters } from "./vl-parameters.js";
import { createVlScheduler } from "./vl-scheduler.js";

export interface SharedBufferSwitchOptions extends SwitchOptions, SharedBufferOptions {}

const JOINED = FIRST_MODEL_EVENT;
const DEPARTED = FIRST_MODEL_EVENT + 1;

/**
 * An output-queued switch over one shared buffer, the switch DCQCN, HPCC, TIMELY and Ultra
 * Ethernet are deployed on and htsim and ns-3's RDMA model simulate: egress queues per
 * (output, priority) drawing on one shared pool, admitted by a dynamic threshold, with PFC
 * decided by ingress accounting per (input, priority) and headroom reserved for what is in
 * flight (`SharedBufferMmu`; the switch README's "The shared-buffer switch").
 *
 * A packet has two decision instants per hop. Its header's arrival admits it (the pool or
 * its input's headroom; XOFF) and it joins its egress queue at its earliest cut-through
 * start, `forwardingDelay` after the header but not so early that it would finish before its
 * last byte arrives; joining is in that order, and an input's packets join in their arrival
 * order (each is eligible before the next one's header is in). It then departs when its
 * link is free, FIFO per queue, the VLs of an output picked by `vlScheduling`, when the
 * buffer downstream has credits and no PAUSE holds its priority. Its bytes are freed, and
 * credits or an XON go to its input's upstream, when its last byte has left.
 */
export class SharedBufferSwitch extends SwitchBase {
  private readonly mmu: SharedBufferMmu;
  private readonly queues: OutputQueues;
  /** Per input: its admitted packets that have not joined their egress queue yet, in arrival (= join) order, each tagged with its output. */
  private readonly pending: PacketFifos;

  constructor(engine: Engine, options: SharedBufferSwitchOptions) {
    let mmu: SharedBufferMmu | undefined;
    super(engine, options, (context) => {
      mmu = new SharedBufferMmu(context, options);
      return mmu;
    });
    this.mmu = mmu!;
    const n = this.portCount;
    this.queues = new OutputQueues(this.packets, n, this.vls, createVlScheduler(n, options), {
      canStart: (output, packet) => this.canStart(output, packet),
      start: (output, packet, input) => this.engine.at(this.startOnLink(packet, input, output), this, DEPARTED, output),
    });
    this.outputQueues = this.queues;
    this.mmu.watchEgress(this.queues.bytes);
    this.pending = new PacketFifos(n);
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, output: number, tailAt: Time): void {
    this.pending.push(input, packet, output);
    const joinAt = this.earliestStart(tailAt, this.packets.size(packet), this.linkRates[output]!);
    this.engine.at(joinAt, this, JOINED, input);
  }

  /** The oldest pending packet of `input` joins its egress queue (`packetEnteredOutput`); a free link may start it. */
  private joined(input: number): void {
    const output = this.pending.headTag(input);
    const packet = this.pending.shift(input);
    this.queues.push(output, packet, input);
    this.marking?.packetEnteredOutput?.(packet, input, output);
    if (this.linkBusy[output] === 0) this.requestArbitration();
  }

  /** Credits matter to a free link with packets queued or a control frame to send. */
  protected override creditsDecide(port: number): boolean {
    return this.linkBusy[port] === 0 && (this.queues.count[port]! > 0 || this.controlWaits(port));
  }

  /** Each free link sends the head of its egress queue (or the VL its scheduler picks), if it can. */
  protected arbitrate(): void {
    this.queues.serveFree(this.linkBusy);
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === JOINED) this.joined(payload as number);
    else if (kind === DEPARTED) this.departed(payload as number);
  }

  /** The last byte on the link of `output` has left: its bytes are freed, credits or XON owed upstream. */
  private departed(output: number): void {
    const packet = this.queues.departed(output);
    this.linkBusy[output] = 0;
    this.release(packet, this.queues.lastInput);
    if (this.queues.count[output]! > 0 || this.controlWaits(output)) this.requestArbitration();
  }

  // --- SwitchView: the egress queues and the shared pool ---------------------------------

  /** Of the pool every egress queue at `port` draws on (with or without `vl`): no queue holds more. */
  override outputCapacity(port: number, vl?: number): number {
    this.checkPort(port);
    if (vl !== undefined) this.checkVl(vl);
    return this.mmu.poolBytes;
  }

  /** Bytes drawn from the shared pool now (the inputs' headroom apart). */
  sharedOccupancy(): number {
    return this.mmu.poolUsed;
  }

  /** Headroom bytes in use at VL `vl` of input `port`. */
  headroomOccupancy(port: number, vl = 0): number {
    this.checkPort(port);
    this.checkVl(vl);
    return this.mmu.headroomUsed(port * this.vls + vl);
  }
}

/** The shared-buffer switch as scenario files name it (`switch.kind: "shared-buffer"`). */
export const sharedBufferDefinition = defineSwitchOrganisation({
  kind: "shared-buffer",
  description:
    "output queues over one shared buffer: dynamic-threshold admission, PFC by ingress accounting with headroom (the datacenter switch)",
  parameters: { ...sharedBufferParameters, ...vlParameters },
  lanes: vlLanes,
  outputBufferParameter: "sharedBufferBytes",
  checkBuffers: (values, inputs) => {
    checkSharedBuffer(values as SharedBufferOptions, inputs);
  },
  create: (values, { engine, options }) => new SharedBufferSwitch(engine, { ...options, ...values }),
});
