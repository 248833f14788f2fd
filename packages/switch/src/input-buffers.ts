import { type InboundLink, LosslessViolation, type OutboundLink, type Packet, type PacketReader } from "@losslab/core";
import type { PauseSettings } from "./flow-control.js";
import { InputHoldings } from "./input-holdings.js";
import { InputLimits } from "./input-limits.js";
import { InputPause } from "./input-pause.js";
import type { InputSide } from "./input-side.js";
import type { InputSideContext } from "./input-side-context.js";

/**
 * A switch's input buffers, one per (input port, VL) at `port * vls + vl`, all of one size:
 * what each holds (bytes, credit blocks, its packets) and the lossless checks on arrival.
 * With credits (santos-2002 sec. 1) a buffer is counted in credit blocks and returns a
 * packet's blocks upstream when its last byte has left; under PAUSE (chrysos sec. II-III,
 * 802.1Qbb) it is counted in bytes and its XOFF/XON hysteresis (`pause`) decides the PAUSE
 * frames owed upstream. A packet counts from its header's arrival until its last byte has left.
 */
export class InputBuffers implements InputSide {
  /** Of one VL's buffer. */
  readonly capacityBlocks: number;
  readonly capacityBytes: number;
  /** PAUSE settings of the inputs; undefined with credits. */
  readonly settings: PauseSettings | undefined;
  /** The XOFF/XON state of every buffer under PAUSE; undefined with credits. */
  readonly pause: InputPause | undefined;
  /** The buffers' size and flow control, checked, and the links into them. */
  private readonly limits: InputLimits;
  /** What each buffer holds. */
  readonly held: InputHoldings;
  private readonly name: string;
  private readonly vls: number;
  private readonly store: PacketReader;

  constructor(context: InputSideContext) {
    const { packets, name, ports, vls } = context;
    this.name = name;
    this.vls = vls;
    this.store = packets;
    this.limits = new InputLimits(context);
    this.capacityBlocks = this.limits.capacityBlocks;
    this.capacityBytes = this.limits.capacityBytes;
    this.settings = this.limits.settings;
    if (this.settings !== undefined) {
      this.pause = new InputPause(ports, vls, this.settings.xoffBytes, this.settings.xonBytes);
    }
    const { maxPacketBytes, creditBytes } = context;
    const inBytes = this.pause !== undefined;
    this.held = new InputHoldings(packets, name, ports, vls, this.limits, maxPacketBytes, creditBytes, inBytes);
  }

  /** The link into `port`, over which the buffers return credits. */
  connect(port: number, link: InboundLink): void {
    this.limits.connect(port, link);
  }

  /** What a sender may hold for one VL buffer: its blocks; Infinity under PAUSE (senders hold no credits, PAUSE stops them). */
  get credits(): number {
    return this.pause === undefined ? this.capacityBlocks : Number.POSITIVE_INFINITY;
  }

  /**
   * Holds `packet`, whose header has just arrived at `input`; true if its buffer now owes a
   * PAUSE frame (XOFF). Throws `LosslessViolation` if the packet has no buffer (a VL the port
   * lacks) or no room for all of it there (it would be dropped), and `RangeError` if it is
   * larger than the largest packet of the fabric. Its output does not matter here.
   */
  admit(packet: Packet, input: number, _output: number): boolean {
    const pause = this.pause;
    if (pause === undefined) {
      this.held.checkLane(packet, input);
      this.held.checkCredits(packet, input);
      this.held.hold(packet, input);
      return false;
    }
    this.held.checkLane(packet, input);
    const slot = input * this.vls + this.store.vl(packet);
    this.checkPauseRoom(packet, input, slot);
    this.held.hold(packet, input);
    return pause.rose(slot, this.held.bytes[slot]!);
  }

  /**
   * Under PAUSE the buffer of each priority is counted in bytes (thresholds and capacity
   * alike): a packet that does not fit means the headroom above XOFF was too small for what
   * was in flight on its priority.
   */
  private checkPauseRoom(packet: Packet, input: number, slot: number): void {
    const free = this.capacityBytes - this.held.bytes[slot]!;
    const size = this.store.size(packet);
    if (size > free) {
      const where = this.vls === 1 ? `input ${input}` : `input ${input} priority ${this.store.vl(packet)}`;
      throw new LosslessViolation(
        `${this.name} ${where}: packet ${this.store.id(packet)} (${size} B) arrived with ${free} B free under PAUSE (XOFF at ${this.settings!.xoffBytes} B): it would be dropped; the headroom above XOFF is too small for what was in flight`,
      );
    }
  }

  /**
   * The last byte of `packet` has left `input`: frees its space and returns its credits
   * upstream over the input's link; under PAUSE, true if its buffer now owes a PAUSE frame (XON).
   */
  remove(packet: Packet, input: number, vl: number): boolean {
    const blocks = this.held.release(packet, input, vl);
    if (this.pause === undefined) {
      this.limits.link(input)?.returnCredits(blocks, vl);
      return false;
    }
    const slot = input * this.vls + vl;
    return this.pause.fell(slot, this.held.bytes[slot]!);
  }

  /** The flow control's rule for the link into `port` (`InputLimits.checkHeadroom`). */
  checkHeadroom(port: number, outbound: OutboundLink | undefined): void {
    this.limits.checkHeadroom(port, outbound);
  }
}
