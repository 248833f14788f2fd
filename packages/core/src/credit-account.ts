import { LosslessViolation } from "./lossless-violation.js";

/** Default credit block of InfiniBand-style link-level flow control, in bytes. */
export const DEFAULT_CREDIT_BYTES = 64;

/** Credit blocks a packet of `bytes` needs (rounded up to whole blocks). */
export const creditsFor = (bytes: number, blockBytes: number): number => Math.ceil(bytes / blockBytes);

/**
 * The sender's view of one receiving buffer under credit-based flow control: it may send
 * a packet only if the buffer has room for all of it (santos-2002 sec. 1; DESIGN.md).
 * Credits are consumed when transmission starts and come back when the packet's last
 * byte has left the receiving buffer, after the reverse link delay. `Infinity` credits
 * model a receiver that always drains at link rate (a host's receive side).
 */
export class CreditAccount {
  /**
   * Credit blocks left, or -1 for an unlimited account. Both fields hold small integers,
   * never Infinity: once one instance stores a non-integer in a field, V8 keeps that field of
   * every instance (they share a shape) in a separate heap number, so one unlimited account
   * would cost every account a second memory access per check, on every hop.
   */
  private available: number;
  /** Capacity in blocks, or -1 for an unlimited account. */
  private readonly limit: number;

  constructor(
    /** Capacity of the receiving buffer in credit blocks (or Infinity). */
    capacity: number,
    readonly blockBytes: number = DEFAULT_CREDIT_BYTES,
    /** Names the link in error messages. */
    readonly label = "link",
  ) {
    if (!(capacity >= 0)) throw new RangeError(`${label}: credit capacity must be >= 0 or Infinity; got ${capacity}`);
    this.limit = capacity === Number.POSITIVE_INFINITY ? -1 : capacity;
    this.available = this.limit;
  }

  /** Capacity of the receiving buffer in credit blocks (or Infinity). */
  get capacity(): number {
    return this.limit < 0 ? Number.POSITIVE_INFINITY : this.limit;
  }

  /** Credit blocks the sender may still use. */
  get credits(): number {
    return this.limit < 0 ? Number.POSITIVE_INFINITY : this.available;
  }

  /** Whether a packet of `bytes` fits in the receiving buffer now. */
  canSend(bytes: number): boolean {
    return this.limit < 0 || Math.ceil(bytes / this.blockBytes) <= this.available;
  }

  /** Takes the credits of a packet of `bytes`; returns the blocks taken. Throws if they are not there. */
  consume(bytes: number): number {
    const blocks = Math.ceil(bytes / this.blockBytes);
    if (this.limit < 0) return blocks;
    if (blocks > this.available) {
      throw new LosslessViolation(
        `${this.label}: sending ${bytes} B needs ${blocks} credits but only ${this.available} are left (the packet would be dropped)`,
      );
    }
    this.available -= blocks;
    return blocks;
  }

  /** Credits returned by the receiver. Throws if more come back than were ever taken. */
  restore(blocks: number): void {
    if (this.limit < 0) return;
    this.available += blocks;
    if (this.available > this.limit) {
      throw new LosslessViolation(
        `${this.label}: ${this.available} credits after a return of ${blocks}, above the buffer's ${this.limit}`,
      );
    }
  }
}
