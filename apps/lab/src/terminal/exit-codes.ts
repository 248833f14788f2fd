/**
 * The exit codes losslab chooses itself (README, "Exit codes"). A user's mistake exits 2
 * (cli.ts), commander's flag errors 1, an interruption 128 + the signal's number
 * (interruption.ts).
 */

/** A preset ran and one of its claims fails. */
export const CLAIM_FAILED = 1;

/**
 * A point of a sweep or a preset of `reproduce --all` failed at run time: the others ran and
 * everything is written, the failures recorded with their errors.
 */
export const RUN_FAILED = 3;
