import { partitionTopology, type Topology } from "@losslab/topology";

/** The part counts whose balance a split run predicts (`WindowLoads`). */
export const PREDICTED_SPLITS = [2, 4, 8, 16] as const;

/**
 * The work of each window of a split run, in events, summed by the parts of other splits of
 * the same fabric into 2, 4, 8 and 16 parts (`partitionTopology`, with this run's window):
 * so that a run on 2 threads shows how evenly 16 would share each window, and what they
 * would gain (`predictScaling`, docs/spec/parallel.md sec. 7). Each part records its own
 * devices; part 0 also records the run's own events (device 0), which every part runs, in
 * every part of every split. Parts add their records up (`absorb`).
 */
export class WindowLoads {
  /** The part counts recorded: those of PREDICTED_SPLITS the fabric splits into with the same window. */
  readonly splits: number[] = [];
  /** Per split: per window, each part's events (`splits[i]` numbers per window). */
  readonly loads: number[][] = [];
  /** Per window, all parts' events. */
  readonly totals: number[] = [];
  private readonly partOf: Int32Array[] = [];
  private readonly devices: number[];
  private readonly seen: Float64Array;
  private readonly withRun: boolean;

  /**
   * `deviceOf(i)`: the engine device of topology node i; `own`: the devices this part runs;
   * `withRun`: whether it records the run's own events (part 0 only).
   */
  constructor(
    topology: Topology,
    deviceOf: (node: number) => number,
    windowPs: number,
    own: number[],
    withRun: boolean,
  ) {
    const devices = topology.nodes.length + 1;
    for (const parts of PREDICTED_SPLITS) {
      if (parts > topology.nodes.length) break;
      let partition: ReturnType<typeof partitionTopology>;
      try {
        partition = partitionTopology(topology, parts);
      } catch {
        continue; // a fabric that does not split this far (or only across zero-delay links)
      }
      if (partition.windowPs !== windowPs) continue;
      const partOf = new Int32Array(devices).fill(-1);
      partition.partOf.forEach((part, node) => {
        partOf[deviceOf(node)] = part;
      });
      this.splits.push(parts);
      this.partOf.push(partOf);
      this.loads.push([]);
    }
    this.devices = withRun ? [0, ...own] : own;
    this.withRun = withRun;
    this.seen = new Float64Array(devices);
  }

  /** At a window's end: the events each device has run so far (`Engine.deviceEvents`). */
  record(deviceEvents: Float64Array): void {
    const window = this.totals.length;
    const splits = this.splits.length;
    for (let split = 0; split < splits; split++) {
      const loads = this.loads[split]!;
      for (let part = 0; part < this.splits[split]!; part++) loads.push(0);
    }
    let total = 0;
    for (const device of this.devices) {
      const events = deviceEvents[device]! - this.seen[device]!;
      if (events === 0) continue;
      this.seen[device] = deviceEvents[device]!;
      total += events;
      for (let split = 0; split < splits; split++) {
        const parts = this.splits[split]!;
        const at = window * parts;
        const loads = this.loads[split]!;
        if (device === 0 && this.withRun) for (let part = 0; part < parts; part++) loads[at + part]! += events;
        else loads[at + this.partOf[split]![device]!]! += events;
      }
    }
    this.totals.push(total);
  }

  /** Adds another part's record (its `WindowLoads`, or a structured clone of one). */
  absorb(other: Pick<WindowLoads, "loads" | "totals">): void {
    for (let window = 0; window < this.totals.length; window++) this.totals[window]! += other.totals[window] ?? 0;
    this.loads.forEach((loads, split) => {
      const theirs = other.loads[split]!;
      for (let index = 0; index < loads.length; index++) loads[index]! += theirs[index] ?? 0;
    });
  }
}
