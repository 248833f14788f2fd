import { type Packet, PacketKind, TransportFlag } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { OutputQueues } from "./output-queues.js";
import { PacketFifos } from "./packet-fifos.js";
import { PacketTrimming, type TrimmingCounts } from "./packet-trimming.js";
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
/** A header (trimmed packet, lossy priority's control frame) has left its output's header queue. */
const HEADER_DEPARTED = FIRST_MODEL_EVENT + 2;

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
 *
 * Priorities listed in `lossyPriorities` trim instead of pausing (`PacketTrimming`): their
 * headers wait in a header queue per output, which a free link serves before its egress
 * queues (uet-htsim's 100 000 : 1 weighting, strict in effect, `compositequeue.cpp:17-18`).
 * Headers are not in the view's output occupancy and the marking policy's `packetEnteredOutput`
 * does not see them.
 */
export class SharedBufferSwitch extends SwitchBase {
  private readonly mmu: SharedBufferMmu;
  private readonly queues: OutputQueues;
  /** Per input: its admitted packets that have not joined their egress queue yet, in arrival (= join) order, each tagged with its output. */
  private readonly pending: PacketFifos;
  /** With lossy priorities: the trimming, and per output its header queue (tagged with inputs). */
  private readonly trimming: PacketTrimming | undefined;
  private readonly headers: PacketFifos;
  private headerCount = 0;

  constructor(engine: Engine, options: SharedBufferSwitchOptions) {
    let mmu: SharedBufferMmu | undefined;
    super(engine, options, (context) => {
      mmu = new SharedBufferMmu(context, options);
      return mmu;
    });
    this.mmu = mmu!;
    const n = this.portCount;
    this.queues = new OutputQueues(this.name, this.packets, n, this.vls, createVlScheduler(n, options), {
      canStart: (output, packet) => this.canStart(output, packet),
      start: (output, packet, input) => this.engine.at(this.startOnLink(packet, input, output), this, DEPARTED, output),
    });
    this.outputQueues = this.queues;
    this.mmu.watchEgress(this.queues.bytes);
    this.pending = new PacketFifos(n);
    const settings = this.mmu.checked;
    this.trimming = settings.lossy.includes(1)
      ? new PacketTrimming(
          this.name,
          engine,
          options.packets,
          this.vls,
          n,
          settings,
          options.hostOutputs ?? [],
          options.degradedOutputs,
        )
      : undefined;
    this.headers = new PacketFifos(this.trimming === undefined ? 0 : n);
    this.marking = options.marking?.(this);
  }

  /** On a lossy priority: trims or drops the packet if it must (`PacketTrimming.judge`). */
  protected override arriving(packet: Packet, input: number, output: number, tailAt: Time): Packet {
    const trimming = this.trimming;
    if (trimming === undefined || !trimming.lossy(this.packets.vl(packet))) return packet;
    return trimming.judge(packet, output, this.mmu, this.senderHolds(input, tailAt));
  }

  /** Whether `packet` goes to its output's header queue: a trimmed packet or a control frame of a lossy priority. */
  private isHeader(trimming: PacketTrimming, packet: Packet): boolean {
    if (!trimming.lossy(this.packets.vl(packet))) return false;
    return (
      this.packets.kind(packet) !== PacketKind.Data || (this.packets.transport(packet) & TransportFlag.Trimmed) !== 0
    );
  }

  /** What the trimming cut and dropped here; undefined without lossy priorities. */
  trimmingCounts(): TrimmingCounts | undefined {
    return this.trimming;
  }

  protected accept(packet: Packet, input: number, output: number, tailAt: Time): void {
    // A header's tag is its output + ports: it joins the header queue.
    const trimming = this.trimming;
    const header = trimming !== undefined && this.isHeader(trimming, packet);
    this.pending.push(input, packet, header ? output + this.portCount : output);
    const joinAt = this.earliestStart(tailAt, this.packets.size(packet), this.linkRates[output]!);
    this.engine.at(joinAt, this, JOINED, input);
  }

  /** The oldest pending packet of `input` joins its egress queue (`packetEnteredOutput`); a free link may start it. */
  private joined(input: number): void {
    const tag = this.pending.headTag(input);
    const packet = this.pending.shift(input);
    if (tag >= this.portCount) {
      this.headerJoined(tag - this.portCount, packet, input);
      return;
    }
    const output = tag;
    this.queues.push(output, packet, input);
    this.marking?.packetEnteredOutput?.(packet, input, output);
    if (this.linkBusy[output] === 0) this.requestArbitration();
  }

  /** A header (`isHeader`) joins the header queue of `output`. */
  private headerJoined(output: number, packet: Packet, input: number): void {
    this.headers.push(output, packet, input);
    this.headerCount++;
    if (this.linkBusy[output] === 0) this.requestArbitration();
  }

  /** Credits matter to a free link with packets queued or a control frame to send. */
  protected override creditsDecide(port: number): boolean {
    return (
      this.linkBusy[port] === 0 && (this.queues.count[port]! > 0 || this.controlWaits(port) || this.headerWaits(port))
    );
  }

  private headerWaits(port: number): boolean {
    return this.headerCount > 0 && this.headers.length(port) > 0;
  }

  /** Each free link sends the head of its header queue if any can start, else of its egress queue (or the VL its scheduler picks). */
  protected arbitrate(): void {
    if (this.headerCount > 0) this.serveHeaders();
    this.queues.serveFree(this.linkBusy);
  }

  /** Each free link with a header queued starts its head if it can. */
  private serveHeaders(): void {
    const headers = this.headers;
    for (let output = 0; output < this.portCount; output++) {
      if (this.linkBusy[output] !== 0 || headers.length(output) === 0) continue;
      const packet = headers.head(output);
      if (!this.canStart(output, packet)) continue;
      this.engine.at(this.startOnLink(packet, headers.headTag(output), output), this, HEADER_DEPARTED, output);
    }
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === JOINED) this.joined(payload as number);
    else if (kind === DEPARTED) this.departed(payload as number);
    else if (kind === HEADER_DEPARTED) this.headerDeparted(payload as number);
  }

  /** The last byte of the header at the head of `output`'s header queue has left. */
  private headerDeparted(output: number): void {
    const input = this.headers.headTag(output);
    const packet = this.headers.shift(output);
    this.headerCount--;
    this.trimming!.departed(output, packet);
    this.linkBusy[output] = 0;
    this.release(packet, input);
    if (this.queues.count[output]! > 0 || this.controlWaits(output) || this.headerWaits(output))
      this.requestArbitration();
  }

  /** The last byte on the link of `output` has left: its bytes are freed, credits or XON owed upstream. */
  private departed(output: number): void {
    const packet = this.queues.departed(output);
    this.linkBusy[output] = 0;
    this.release(packet, this.queues.lastInput);
    if (this.queues.count[output]! > 0 || this.controlWaits(output) || this.headerWaits(output))
      this.requestArbitration();
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
