import { creditsFor, type InboundLink, LosslessViolation, type OutboundLink, type Packet } from "@losslab/core";
import type { PauseSettings } from "./flow-control.js";
import { InputLimits } from "./input-limits.js";
import { InputPause } from "./input-pause.js";
import type { InputSide, InputSideContext } from "./input-side.js";
import { removePacket } from "./remove-packet.js";

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
  /** The buffers' size and flow control, checked, and the links into them. */
  private readonly limits: InputLimits;
  /** The XOFF/XON state of every buffer under PAUSE; undefined with credits. */
  readonly pause: InputPause | undefined;
  /** "Full" below this many free blocks (one maximum-size packet). */
  private readonly fullBelowBlocks: number;
  /** Per input port, all VLs, in arrival order. */
  private readonly resident: Packet[][] = [];
  private readonly occupiedBlocks: Int32Array;
  private readonly occupiedBytes: Float64Array;

  private readonly name: string;
  private readonly vls: number;
  private readonly maxPacketBytes: number;
  private readonly creditBytes: number;

  constructor(context: InputSideContext) {
    const { name, ports, vls } = context;
    this.name = name;
    this.vls = vls;
    this.maxPacketBytes = context.maxPacketBytes;
    this.creditBytes = context.creditBytes;
    this.limits = new InputLimits(context);
    this.capacityBlocks = this.limits.capacityBlocks;
    this.capacityBytes = this.limits.capacityBytes;
    this.fullBelowBlocks = this.limits.packetBlocks;
    this.settings = this.limits.settings;
    if (this.settings !== undefined) {
      this.pause = new InputPause(ports, vls, this.settings.xoffBytes, this.settings.xonBytes);
    }
    this.occupiedBlocks = new Int32Array(ports * vls);
    this.occupiedBytes = new Float64Array(ports * vls);
    for (let port = 0; port < ports; port++) this.resident.push([]);
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
    const vl = packet.vl;
    const slot = input * this.vls + vl;
    const blocks = creditsFor(packet.size, this.creditBytes);
    const pause = this.pause;
    if (pause === undefined) {
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
    this.occupiedBlocks[slot]! += blocks;
    this.occupiedBytes[slot]! += packet.size;
    this.resident[input]!.push(packet);
    return pause === undefined ? false : pause.rose(slot, this.occupiedBytes[slot]!);
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
        `${this.name} ${where}: packet ${packet.id} (${packet.size} B) arrived with ${free} B free under PAUSE (XOFF at ${this.settings!.xoffBytes} B): it would be dropped; the headroom above XOFF is too small for what was in flight`,
      );
    }
  }

  /**
   * The last byte of `packet` has left `input`: frees its space and returns its credits
   * upstream over the input's link; under PAUSE, true if its buffer now owes a PAUSE frame (XON).
   */
  remove(packet: Packet, input: number): boolean {
    removePacket(this.resident[input]!, packet);
    const blocks = creditsFor(packet.size, this.creditBytes);
    const slot = input * this.vls + packet.vl;
    this.occupiedBlocks[slot]! -= blocks;
    this.occupiedBytes[slot]! -= packet.size;
    if (this.pause === undefined) {
      this.limits.link(input)?.returnCredits(blocks, packet.vl);
      return false;
    }
    return this.pause.fell(slot, this.occupiedBytes[slot]!);
  }

  /** Buffer `slot` has less than one maximum-size packet of room (santos-2002 sec. 5): in credit blocks, or in bytes under PAUSE. */
  isFull(slot: number): boolean {
    if (this.pause === undefined) return this.capacityBlocks - this.occupiedBlocks[slot]! < this.fullBelowBlocks;
    return this.capacityBytes - this.occupiedBytes[slot]! < this.maxPacketBytes;
  }

  /** Whether buffer `slot` has less room than two maximum-size packets (so may be "full" after one more). */
  mayFillBy(slot: number): boolean {
    if (this.pause === undefined) return this.capacityBlocks - this.occupiedBlocks[slot]! < 2 * this.fullBelowBlocks;
    return this.capacityBytes - this.occupiedBytes[slot]! < 2 * this.maxPacketBytes;
  }

  /** Whether input `port` last signalled XOFF for priority `vl`; without `vl`, for any. False with credits. */
  stopped(port: number, vl: number | undefined): boolean {
    const pause = this.pause;
    if (pause === undefined) return false;
    if (vl !== undefined) return pause.stopped(port * this.vls + vl);
    for (let v = 0; v < this.vls; v++) if (pause.stopped(port * this.vls + v)) return true;
    return false;
  }

  /** Bytes held in the buffer of VL `vl` of `port`; without `vl`, in all the port's. */
  occupancy(port: number, vl: number | undefined): number {
    if (vl !== undefined) return this.occupiedBytes[port * this.vls + vl]!;
    if (this.vls === 1) return this.occupiedBytes[port]!;
    let bytes = 0;
    for (let v = 0; v < this.vls; v++) bytes += this.occupiedBytes[port * this.vls + v]!;
    return bytes;
  }

  /** Packets held at `port` on VL `vl`, oldest first; without `vl`, of every VL in arrival order. */
  packets(port: number, vl: number | undefined): readonly Packet[] {
    const held = this.resident[port]!;
    return vl === undefined || this.vls === 1 ? held : held.filter((packet) => packet.vl === vl);
  }

  /** The flow control's rule for the link into `port` (`InputLimits.checkHeadroom`). */
  checkHeadroom(port: number, outbound: OutboundLink | undefined): void {
    this.limits.checkHeadroom(port, outbound);
  }
}
