/** Bins `WindowTimes` keeps at most. */
const MAX_BINS = 1000;

/**
 * A part's wall time per window, running its events and waiting at the window's end for the
 * others (`RunStats.threads`): per window while there are at most 1000; beyond, per bin of
 * 2, 4, 8... consecutive windows (summed), so that a run of a million windows keeps a
 * thousand numbers.
 */
export class WindowTimes {
  readonly runMs: number[] = [];
  readonly waitMs: number[] = [];
  /** Windows per bin (a power of 2). */
  windowsPerBin = 1;
  private inBin = 0;

  add(runMs: number, waitMs: number): void {
    if (this.inBin === 0) {
      if (this.runMs.length === MAX_BINS) this.halve();
      this.runMs.push(0);
      this.waitMs.push(0);
    }
    const last = this.runMs.length - 1;
    this.runMs[last]! += runMs;
    this.waitMs[last]! += waitMs;
    this.inBin = (this.inBin + 1) % this.windowsPerBin;
  }

  /** Merges the bins pairwise: twice as many windows per bin. */
  private halve(): void {
    for (const times of [this.runMs, this.waitMs]) {
      for (let bin = 0; bin < times.length / 2; bin++) times[bin] = times[2 * bin]! + times[2 * bin + 1]!;
      times.length /= 2;
    }
    this.windowsPerBin *= 2;
  }
}
