import { partitionTopology, type Topology } from "@losslab/topology";

/** The part counts whose balance a split run predicts (`WindowLoads`). */
export const PREDICTED_SPLITS = [2, 4, 8, 16] as const;
/** The most parts a run splits into: 64 (the `threads` limit) besides the predicted splits' 30. */
const SPLIT_CELLS = PREDICTED_SPLITS.reduce((sum, parts) => sum + parts, 0) + 64;
/** A part's float64 cells per window parity: one per part of every split kept, then its events, then the run's own. */
const TOTAL = SPLIT_CELLS;
const RUN = SPLIT_CELLS + 1;
const CELLS = SPLIT_CELLS + 2;

/**
 * The work of each window of a split run, in events, summed by the parts of other splits of
 * the same fabric into 2, 4, 8 and 16 parts (`partitionTopology`, with this run's window):
 * so that a run on 2 threads shows how evenly 16 would share each window, and what they
 * would gain (`predictScaling`, docs/spec/parallel.md sec. 7).
 *
 * At each window's end every part writes its own devices' events of the window into shared
 * memory, by the parts of each split (`write`); after the barrier part 0 adds them up and
 * keeps, per split, the sum over windows of its busiest part's events (`read`). The run's
 * own events (device 0), which every part runs, count in every part of a split and once in
 * the single run. A few cells, whatever the number of windows.
 */
export class WindowLoads {
  /** The part counts recorded: this run's, and those of PREDICTED_SPLITS the fabric splits into with the same window. */
  readonly splits: number[] = [];
  /** Per split: the sum over windows of its busiest part's events (in part 0). */
  readonly busiest: number[] = [];
  /** The single run's events over all windows (in part 0). */
  total = 0;
  /** Windows read (in part 0). */
  windows = 0;
  private readonly partOf: Int32Array[] = [];
  private readonly seen: Float64Array;
  private readonly cells: Float64Array;

  /** Shared memory for `parts` parts. */
  static memory(parts: number): SharedArrayBuffer {
    return new SharedArrayBuffer(2 * parts * CELLS * Float64Array.BYTES_PER_ELEMENT);
  }

  /**
   * `memory`: from `WindowLoads.memory(parts)`, shared by every part; `deviceOf(i)`: the
   * engine device of topology node i; `own`: the devices this part runs (device 0 aside).
   */
  constructor(
    memory: SharedArrayBuffer,
    private readonly parts: number,
    private readonly part: number,
    topology: Topology,
    deviceOf: (node: number) => number,
    windowPs: number,
    private readonly own: readonly number[],
  ) {
    // This run's own split too, so that the model can be checked against what it measured.
    const splits = [...new Set([...(parts <= 64 ? [parts] : []), ...PREDICTED_SPLITS])].sort((a, b) => a - b);
    for (const split of splits) {
      if (split === 1) continue;
      let partition: ReturnType<typeof partitionTopology>;
      try {
        partition = partitionTopology(topology, split);
      } catch {
        continue; // a fabric that does not split this far
      }
      if (partition.windowPs !== windowPs) continue; // a split with a shorter window: other windows
      const partOf = new Int32Array(topology.nodes.length + 1);
      partition.partOf.forEach((at, node) => {
        partOf[deviceOf(node)] = at;
      });
      this.splits.push(split);
      this.partOf.push(partOf);
      this.busiest.push(0);
    }
    this.seen = new Float64Array(topology.nodes.length + 1);
    this.cells = new Float64Array(memory);
  }

  /** At a window's end, before the barrier: this part's events of the window (`deviceEvents`: so far, by device). */
  write(parity: number, deviceEvents: Float64Array): void {
    const cells = this.cells;
    const base = (parity * this.parts + this.part) * CELLS;
    cells.fill(0, base, base + CELLS);
    for (const device of this.own) {
      const events = deviceEvents[device]! - this.seen[device]!;
      if (events === 0) continue;
      this.seen[device] = deviceEvents[device]!;
      cells[base + TOTAL]! += events;
      let at = base;
      for (let split = 0; split < this.splits.length; split++) {
        cells[at + this.partOf[split]![device]!]! += events;
        at += this.splits[split]!;
      }
    }
    if (this.part === 0) {
      cells[base + RUN] = deviceEvents[0]! - this.seen[0]!;
      this.seen[0] = deviceEvents[0]!;
    }
  }

  /** After the barrier, in part 0: adds up what every part wrote for the window just ended. */
  read(parity: number): void {
    const cells = this.cells;
    const row = (from: number) => (parity * this.parts + from) * CELLS;
    const run = cells[row(0) + RUN]!;
    let events = run;
    for (let from = 0; from < this.parts; from++) events += cells[row(from) + TOTAL]!;
    this.total += events;
    this.windows++;
    let at = 0;
    for (let split = 0; split < this.splits.length; split++) {
      let most = 0;
      for (let part = 0; part < this.splits[split]!; part++) {
        let load = run;
        for (let from = 0; from < this.parts; from++) load += cells[row(from) + at + part]!;
        most = Math.max(most, load);
      }
      this.busiest[split]! += most;
      at += this.splits[split]!;
    }
  }
}
