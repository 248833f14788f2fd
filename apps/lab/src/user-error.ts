/**
 * A mistake of the user's (unknown preset, missing file, bad value): the CLI prints its
 * message on one line and exits non-zero, never a stack trace.
 */
export class UserError extends Error {
  override name = "UserError";
}
