import { creditsFor, LosslessViolation, type Packet, type PacketReader } from "@losslab/core";
import { checkHeldBytes } from "./held-bytes.js";
import type { InputLimits } from "./input-limits.js";
import { laneSum, onLane } from "./port-lanes.js";
import { removePacket } from "./remove-packet.js";

/**
 * What each (input, VL) of a switch holds, at `input * vls + vl`: its packets (per input, in
 * arrival order), bytes and credit blocks, a packet counting from its header's arrival until
 * its last byte has left; and whether it is "full" (santos-2002 sec. 5: less than one
 * maximum-size packet of room, in credit blocks, or in bytes under PAUSE). The input sides
 * (`InputBuffers`, `SharedBufferMmu`) keep their rules on top of it.
 */
export class InputHoldings {
  readonly blocks: Int32Array;
  readonly bytes: Float64Array;
  /** Per (input, VL): the packets it holds. */
  readonly counts: Int32Array;
  private readonly resident: Packet[][] = [];

  constructor(
    private readonly store: PacketReader,
    private readonly name: string,
    ports: number,
    private readonly vls: number,
    private readonly limits: InputLimits,
    private readonly maxPacketBytes: number,
    private readonly creditBytes: number,
    /** Counted in bytes (PAUSE) rather than credit blocks. */
    private readonly inBytes: boolean,
  ) {
    this.blocks = new Int32Array(ports * vls);
    this.bytes = new Float64Array(ports * vls);
    this.counts = new Int32Array(ports * vls);
    for (let port = 0; port < ports; port++) this.resident.push([]);
  }

  /**
   * Throws if `packet`, arriving at `input`, cannot be held at all: `LosslessViolation` on a VL
   * (priority) the port lacks, `RangeError` above the fabric's largest packet.
   */
  checkLane(packet: Packet, input: number): void {
    const vl = this.store.vl(packet);
    if (vl >= this.vls) {
      const what = this.inBytes
        ? `has priority ${vl} but the port has priorities`
        : `arrived on VL ${vl} but the port has VLs`;
      throw new LosslessViolation(
        `${this.name} input ${input}: packet ${this.store.id(packet)} ${what} 0..${this.vls - 1}: it would be dropped`,
      );
    }
    const size = this.store.size(packet);
    if (size > this.maxPacketBytes) {
      throw new RangeError(
        `${this.name} input ${input}: packet ${this.store.id(packet)} has ${size} B, more than maxPacketBytes ${this.maxPacketBytes} (the largest packet in the fabric)`,
      );
    }
  }

  /** Under credits: throws `LosslessViolation` if `packet` has no room at `input` in credit blocks (it would be dropped). */
  checkCredits(packet: Packet, input: number): void {
    const vl = this.store.vl(packet);
    const size = this.store.size(packet);
    const free = this.limits.capacityBlocks - this.blocks[input * this.vls + vl]!;
    if (creditsFor(size, this.creditBytes) <= free) return;
    const where = this.vls === 1 ? `input ${input}` : `input ${input} VL ${vl}`;
    throw new LosslessViolation(
      `${this.name} ${where}: packet ${this.store.id(packet)} (${size} B) arrived with ${free} credit blocks free: it would be dropped`,
    );
  }

  /** Holds `packet`, whose header has just arrived at `input`. */
  hold(packet: Packet, input: number): void {
    const slot = input * this.vls + this.store.vl(packet);
    const size = this.store.size(packet);
    this.blocks[slot]! += creditsFor(size, this.creditBytes);
    this.bytes[slot]! += size;
    this.counts[slot]!++;
    this.resident[input]!.push(packet);
  }

  /** The last byte of `packet` has left: frees it at VL `vl` of `input`; returns its credit blocks. */
  release(packet: Packet, input: number, vl: number): number {
    removePacket(this.resident[input]!, packet);
    const slot = input * this.vls + vl;
    const size = this.store.size(packet);
    const blocks = creditsFor(size, this.creditBytes);
    this.blocks[slot]! -= blocks;
    this.bytes[slot]! -= size;
    this.counts[slot]!--;
    checkHeldBytes(this.bytes[slot]!, this.counts[slot] === 0, this.name, "input buffer (input * vls + VL)", slot);
    return blocks;
  }

  /** Less than one maximum-size packet of room at `slot`. */
  isFull(slot: number): boolean {
    return this.room(slot) < 1;
  }

  /** Less room at `slot` than two maximum-size packets (so it may be "full" after one more). */
  mayFillBy(slot: number): boolean {
    return this.room(slot) < 2;
  }

  /** Room at `slot` in maximum-size packets: in credit blocks, or in bytes. */
  private room(slot: number): number {
    const limits = this.limits;
    if (!this.inBytes) return (limits.capacityBlocks - this.blocks[slot]!) / limits.packetBlocks;
    return (limits.capacityBytes - this.bytes[slot]!) / this.maxPacketBytes;
  }

  /** Bytes held at VL `vl` of `port`; without `vl`, at all its VLs. */
  occupancy(port: number, vl: number | undefined): number {
    return laneSum(this.bytes, port, this.vls, vl);
  }

  /** Packets held at `port` on VL `vl`, oldest first; without `vl`, of every VL in arrival order. */
  packets(port: number, vl: number | undefined): readonly Packet[] {
    return onLane(this.store, this.resident[port]!, this.vls, vl);
  }
}
