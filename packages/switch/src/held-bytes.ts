/**
 * Thrown when a switch's count of the bytes a queue or buffer holds disagrees with what it
 * holds. Always a bug in a model, lossy priority or not: a packet freed with another size
 * than it was counted with, or a slot freed while another device still held its packet.
 */
export class HeldBytesMismatch extends Error {
  override name = "HeldBytesMismatch";
}

/**
 * Checks, as a packet leaves queue `index` (`what`) of switch `name`, the bytes the queue
 * counts now: zero exactly when it holds nothing, and more while it holds packets. Sizes are
 * whole bytes, so the sums are exact. This is what caught a receiver trimming (or freeing) a
 * packet its sender was still sending, on a link no longer than the packet's serialization:
 * the sender then freed the trimmed size, or another packet's, from its egress queue.
 */
export function checkHeldBytes(bytes: number, empty: boolean, name: string, what: string, index: number): void {
  if (empty ? bytes === 0 : bytes > 0) return;
  throw new HeldBytesMismatch(
    `${name}: ${what} ${index} counts ${bytes} B while it holds ${empty ? "nothing" : "packets"}: its accounting is corrupt (a bug in the switch model)`,
  );
}
