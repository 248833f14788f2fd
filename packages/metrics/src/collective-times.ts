import { PS_PER_US, type Time } from "@losslab/engine";

/** One run of a collective as its generator reports it (`CollectiveRecord` of @losslab/traffic). Times in ps. */
export interface CollectiveRun {
  readonly kind: string;
  readonly bytes: number;
  /** The ranks' hosts, rank 0 first. */
  readonly hosts: readonly string[];
  readonly start: Time;
  readonly end: Time;
  /** Per step, when its last flow was delivered. */
  readonly stepEnds: readonly Time[];
  /** Per rank, when the last flow it sends or receives was delivered. */
  readonly rankEnds: readonly Time[];
}

/** One run, in us from its start. */
export interface CollectiveRunSummary {
  startUs: number;
  completionUs: number;
  /**
   * The time each step adds to the completion: step s's end minus the latest end of the steps
   * before it (0 if it ended earlier). They add up to `completionUs`; in a collective whose
   * steps follow one another (ring, halving-doubling, pipeline) each is that step's time.
   */
  stepsUs: number[];
  /** The rank whose last flow was delivered last (the first such, on a tie), and when. */
  slowestRank: { rank: number; host: string; us: number };
}

/** A collective generator's runs: what each took, their mean and extremes. */
export interface CollectiveSummary {
  kind: string;
  ranks: number;
  bytes: number;
  /** Runs that completed. */
  count: number;
  meanUs: number;
  minUs: number;
  maxUs: number;
  runs: CollectiveRunSummary[];
}

/**
 * Completion times of collectives, per generator name: each run's completion time (from its
 * first flow's start to its last flow's delivery), each step's share of it, and the slowest
 * rank. Runs cut off by the end of the simulation are not reported to it.
 */
export class CollectiveTimes {
  private readonly runs = new Map<string, CollectiveRun[]>();

  add(name: string, run: CollectiveRun): void {
    if (!(run.end >= run.start)) throw new RangeError(`CollectiveTimes.add: end ${run.end} before start ${run.start}`);
    let list = this.runs.get(name);
    if (list === undefined) {
      list = [];
      this.runs.set(name, list);
    }
    list.push(run);
  }

  get empty(): boolean {
    return this.runs.size === 0;
  }

  /** One summary per collective, names in order. */
  summary(): Record<string, CollectiveSummary> {
    const result: Record<string, CollectiveSummary> = {};
    for (const name of [...this.runs.keys()].sort()) {
      const runs = this.runs.get(name)!.map(summariseRun);
      const times = runs.map((run) => run.completionUs);
      const first = this.runs.get(name)![0]!;
      result[name] = {
        kind: first.kind,
        ranks: first.hosts.length,
        bytes: first.bytes,
        count: runs.length,
        meanUs: times.reduce((sum, time) => sum + time, 0) / times.length,
        minUs: Math.min(...times),
        maxUs: Math.max(...times),
        runs,
      };
    }
    return result;
  }
}

function summariseRun(run: CollectiveRun): CollectiveRunSummary {
  const stepsUs: number[] = [];
  let reached = run.start;
  for (const end of run.stepEnds) {
    stepsUs.push(Math.max(0, end - reached) / PS_PER_US);
    reached = Math.max(reached, end);
  }
  let slowest = 0;
  run.rankEnds.forEach((end, rank) => {
    if (end > run.rankEnds[slowest]!) slowest = rank;
  });
  return {
    startUs: run.start / PS_PER_US,
    completionUs: (run.end - run.start) / PS_PER_US,
    stepsUs,
    slowestRank: { rank: slowest, host: run.hosts[slowest]!, us: (run.rankEnds[slowest]! - run.start) / PS_PER_US },
  };
}
