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
  private available: number;

  constructor(
    /** Capacity of the receiving buffer in credit blocks (or Infinity). */
    readonly capacity: number,
    readonly blockBytes: number = DEFAULT_CREDIT_BYTES,
    /** Names the link in error messages. */
    readonly label = "link",
  ) {
    this.available = capacity;
  }

  /** Credit blocks the sender may still use. */
  get credits(): number {
    return this.available;
  }

  /** Whether a packet of `bytes` fits in the receiving buffer now. */
  canSend(bytes: number): boolean {
    return Math.ceil(bytes / this.blockBytes) <= this.available;
  }

  /** Takes the credits of a packet of `bytes`; returns the blocks taken. Throws if they are not there. */
  consume(bytes: number): number {
    const blocks = Math.ceil(bytes / this.blockBytes);
    if (blocks > this.available) {
      throw new LosslessViolation(
        `${this.label}: sending ${bytes} B needs ${blocks} credits but only ${this.available} are left (the packet would be dropped)`,
      );
    }
    // Infinity stays Infinity: storing it anew would allocate a number per packet.
    if (this.available !== Number.POSITIVE_INFINITY) this.available -= blocks;
    return blocks;
  }

  /** Credits returned by the receiver. Throws if more come back than were ever taken. */
  restore(blocks: number): void {
    if (this.available === Number.POSITIVE_INFINITY) return;
    this.available += blocks;
    if (this.available > this.capacity) {
      throw new LosslessViolation(
        `${this.label}: ${this.available} credits after a return of ${blocks}, above the buffer's ${this.capacity}`,
      );
    }
  }
}
