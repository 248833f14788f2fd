/**
 * `losslab run --threads N`'s warning that the split ran its windows slower than one thread
 * would have run their events (`slowerThanOneThread`): a matter of timing, which tests of small
 * splits on a busy machine may or may not see, so they compare stderr without it.
 */
export const SLOWER_SPLIT =
  /^losslab: warning: .*: its windows ran at [\d.e-]+x the speed of one thread: .*\n/m;

/** `stderr` without the slower-split warning. */
export const withoutSlowerSplit = (stderr: string): string => stderr.replace(SLOWER_SPLIT, "");
