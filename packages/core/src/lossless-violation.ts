/**
 * Thrown when a lossless invariant breaks: a packet would be dropped, a credit count goes
 * negative, a buffer holds more than its capacity. Always a bug in a model, never a
 * user error: the simulation stops at once so the bug is seen where it happens.
 */
export class LosslessViolation extends Error {
  override name = "LosslessViolation";
}
