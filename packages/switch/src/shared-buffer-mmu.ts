import { type InboundLink, LosslessViolation, type OutboundLink, type Packet, type PacketReader } from "@losslab/core";
import type { PauseSettings } from "./flow-control.js";
import { checkHeldBytes } from "./held-bytes.js";
import { InputHoldings } from "./input-holdings.js";
import { InputLimits } from "./input-limits.js";
import { InputPause } from "./input-pause.js";
import type { InputSide } from "./input-side.js";
import type { InputSideContext } from "./input-side-context.js";
import type { TrimmingRoom } from "./packet-trimming.js";
import { checkSharedBuffer, type SharedBufferOptions, type SharedBufferSettings } from "./shared-buffer-options.js";

/**
 * The memory management of an output-queued switch over one shared buffer (the MMU of
 * Broadcom-class datacenter switches; the rules of ns-3's RDMA switch in the HPCC artifact,
 * `switch-mmu.cc`), counted in bytes:
 *
 * - **Ingress accounting** per (input, priority) at `input * vls + vl`: the bytes that
 *   entered by that input and are still in the switch, split into those drawn from the
 *   shared pool and those in the input priority's **headroom**, `inputBufferBytes -
 *   xoffBytes`, reserved apart from the pool for what is in flight after an XOFF. A packet
 *   is drawn from the pool if its input stays within its PFC threshold (static `xoffBytes`,
 *   or dynamic: `pfcAlpha` x the free pool, at most `xoffBytes`), the pool has room and its
 *   egress queue admits it; otherwise it goes into the headroom, and a packet the headroom
 *   cannot hold throws `LosslessViolation`. As a packet leaves, its bytes come off the
 *   headroom first (switch-mmu.cc's rule, so a paused input's count falls back below its
 *   threshold as soon as its in-flight bytes have drained). XOFF once the headroom is in use
 *   or the pool part reaches the threshold; XON once the headroom is empty and the pool part
 *   is below the threshold minus (`xoffBytes` - `xonBytes`), or empty. Under credits the
 *   pool is not drawn on: each (input, VL) holds its `inputBufferBytes` of credits, returned
 *   as its bytes leave the switch.
 * - **Egress admission** per (output, priority) by a dynamic threshold (Choudhury and Hahne,
 *   IEEE/ACM ToN 6(2), 1998, sec. III): a queue may grow while it holds less than
 *   `reserveBytes` + alpha of its priority x the free pool. A lossless packet it refuses is
 *   never dropped: it goes into its input's headroom, so the input is paused (PFC stands in
 *   for the drop).
 * - **Lossy priorities** (`lossyPriorities`): never paused and never in the headroom. The
 *   switch's `PacketTrimming` has judged each such packet against the pool and its egress
 *   queue (`fits`) before it is admitted, trimming or dropping it; what is admitted is drawn
 *   from the pool.
 *
 * Pool + headroom of every input priority is the whole memory: the pool is never drawn on
 * beyond its size and no headroom beyond its own, so the buffer cannot overflow.
 */
export class SharedBufferMmu implements InputSide, TrimmingRoom {
  readonly capacityBytes: number;
  readonly settings: PauseSettings | undefined;
  readonly pause: InputPause | undefined;
  /** The shared pool, bytes, and what is drawn from it. */
  readonly poolBytes: number;
  poolUsed = 0;
  /** Per input priority: headroom bytes reserved (0 under credits). */
  readonly headroomBytes: number;
  private readonly limits: InputLimits;
  /** What each (input, VL) holds: its packets, bytes and credit blocks. */
  readonly held: InputHoldings;
  private readonly name: string;
  private readonly vls: number;
  private readonly store: PacketReader;
  /** Per (input, VL): bytes drawn from the pool, and bytes in its headroom (PAUSE). */
  private readonly pooled: Float64Array;
  private readonly headroom: Float64Array;
  /** Per (output, VL): bytes of the packets in its egress queue (`watchEgress`). */
  egress: Float64Array = new Float64Array(0);
  /** The options checked, with their defaults (lossy priorities and trimming among them). */
  readonly checked: SharedBufferSettings;
  /** Per VL, 1 if lossy (`checked.lossy`); undefined when none is, so lossless admission reads nothing of it. */
  private readonly lossy: Uint8Array | undefined;
  private readonly alphas: Float64Array;
  private readonly reserveBytes: number;
  private readonly dynamicPfc: boolean;
  private readonly pfcAlpha: number;
  private readonly xoffBytes: number;
  /** XON this far below the threshold: xoffBytes - xonBytes. */
  private readonly resumeOffset: number;

  constructor(context: InputSideContext, options: SharedBufferOptions) {
    const { packets, name, ports, vls, maxPacketBytes } = context;
    this.name = name;
    this.vls = vls;
    this.store = packets;
    this.limits = new InputLimits(context);
    this.capacityBytes = this.limits.capacityBytes;
    this.settings = this.limits.settings;
    const checked = checkSharedBuffer(options, {
      name,
      capacityBytes: this.capacityBytes,
      vls,
      maxPacketBytes,
      settings: this.settings,
    });
    this.checked = checked;
    this.lossy = checked.lossy.includes(1) ? checked.lossy : undefined;
    this.poolBytes = checked.sharedBufferBytes;
    this.alphas = Float64Array.from(checked.alphas);
    this.reserveBytes = checked.reserveBytes;
    this.dynamicPfc = checked.dynamicPfc;
    this.pfcAlpha = checked.pfcAlpha;
    const settings = this.settings;
    this.xoffBytes = settings?.xoffBytes ?? 0;
    this.resumeOffset = settings === undefined ? 0 : settings.xoffBytes - settings.xonBytes;
    this.headroomBytes = settings === undefined ? 0 : this.capacityBytes - settings.xoffBytes;
    if (settings !== undefined) this.pause = new InputPause(ports, vls, settings.xoffBytes, settings.xonBytes);
    this.pooled = new Float64Array(ports * vls);
    this.headroom = new Float64Array(ports * vls);
    const inBytes = settings !== undefined;
    this.held = new InputHoldings(packets, name, ports, vls, this.limits, maxPacketBytes, context.creditBytes, inBytes);
  }

  get credits(): number {
    return this.pause === undefined ? this.limits.capacityBlocks : Number.POSITIVE_INFINITY;
  }

  connect(port: number, link: InboundLink): void {
    this.limits.connect(port, link);
  }

  checkHeadroom(port: number, outbound: OutboundLink | undefined): void {
    this.limits.checkHeadroom(port, outbound);
  }

  /** The free pool, bytes (negative never: nothing is drawn beyond it). */
  get poolFree(): number {
    return this.poolBytes - this.poolUsed;
  }

  /**
   * The PFC threshold of an input priority's pool part: `xoffBytes`, or with the dynamic
   * threshold `pfcAlpha` x the free pool, at most `xoffBytes` (switch-mmu.cc's
   * `GetPfcThreshold`: the free shared buffer shifted right by `pfc_a_shift`).
   */
  private threshold(): number {
    return this.dynamicPfc ? Math.min(this.xoffBytes, this.pfcAlpha * this.poolFree) : this.xoffBytes;
  }

  /** Choudhury and Hahne's rule: egress queue `queue` admits while below reserve + alpha x free pool. */
  private egressAdmits(queue: number): boolean {
    return this.egress[queue]! < this.reserveBytes + this.alphas[queue % this.vls]! * this.poolFree;
  }

  /** `TrimmingRoom`: the pool has `bytes` free and egress queue `queue` (none if negative) admits more. */
  fits(queue: number, bytes: number): boolean {
    return bytes <= this.poolFree && (queue < 0 || this.egressAdmits(queue));
  }

  admit(packet: Packet, input: number, output: number): boolean {
    const held = this.held;
    held.checkLane(packet, input);
    const pause = this.pause;
    if (pause === undefined) {
      held.checkCredits(packet, input);
      held.hold(packet, input);
      return false;
    }
    const vl = this.store.vl(packet);
    const slot = input * this.vls + vl;
    const size = this.store.size(packet);
    const pooled = this.pooled[slot]!;
    if (this.lossy !== undefined && this.lossy[vl] === 1) {
      // Judged (trimmed, or dropped before this) against the pool by `PacketTrimming`: no PFC.
      this.pooled[slot] = pooled + size;
      this.poolUsed += size;
      held.hold(packet, input);
      return false;
    }
    if (pooled + size <= this.threshold() && size <= this.poolFree && this.egressAdmits(output * this.vls + vl)) {
      this.pooled[slot] = pooled + size;
      this.poolUsed += size;
    } else if (this.headroom[slot]! + size <= this.headroomBytes) {
      this.headroom[slot]! += size;
    } else {
      throw this.noHeadroom(packet, input, slot);
    }
    held.hold(packet, input);
    // switch-mmu.cc `CheckShouldPause`: headroom in use, or the pool part at its threshold.
    if (this.headroom[slot]! > 0 || this.pooled[slot]! >= this.threshold()) return pause.want(slot, 1);
    return false;
  }

  remove(packet: Packet, input: number, vl: number): boolean {
    const blocks = this.held.release(packet, input, vl);
    const pause = this.pause;
    if (pause === undefined) {
      this.limits.link(input)?.returnCredits(blocks, vl);
      return false;
    }
    const slot = input * this.vls + vl;
    const size = this.store.size(packet);
    const fromHeadroom = Math.min(this.headroom[slot]!, size);
    this.headroom[slot]! -= fromHeadroom;
    this.pooled[slot]! -= size - fromHeadroom;
    this.poolUsed -= size - fromHeadroom;
    // Every byte the input priority holds is in its pool part or its headroom.
    const held = this.pooled[slot]! + this.headroom[slot]!;
    checkHeldBytes(held, this.held.counts[slot] === 0, this.name, "ingress count (input * vls + VL)", slot);
    if (this.lossy !== undefined && this.lossy[vl] === 1) return false;
    // switch-mmu.cc `CheckShouldResume`: the headroom empty, the pool part empty or an offset below the threshold.
    if (this.headroom[slot]! > 0) return false;
    const pooled = this.pooled[slot]!;
    if (pooled === 0 || pooled < this.threshold() - this.resumeOffset) return pause.want(slot, 0);
    return false;
  }

  /** The error of a lossless packet that finds its headroom full (built apart from `admit`, which every packet runs). */
  private noHeadroom(packet: Packet, input: number, slot: number): LosslessViolation {
    const vl = slot % this.vls;
    const size = this.store.size(packet);
    return new LosslessViolation(
      `${this.name} input ${input} priority ${vl}: packet ${this.store.id(packet)} (${size} B) arrived with ${this.headroomBytes - this.headroom[slot]!} B free in its ${this.headroomBytes} B headroom above XOFF: it would be dropped; the headroom is too small for what was in flight`,
    );
  }

  /**
   * The bytes of each egress queue (output * vls + vl) that admission judges, kept by the
   * switch's queues (`OutputQueues.bytes`): a packet counts there from joining its queue
   * until its last byte has left.
   */
  watchEgress(bytes: Float64Array): void {
    this.egress = bytes;
  }

  /** Headroom bytes in use at (input, VL) `slot`. */
  headroomUsed(slot: number): number {
    return this.headroom[slot]!;
  }
}
