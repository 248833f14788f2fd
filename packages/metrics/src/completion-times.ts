import { PS_PER_US, type Time } from "@losslab/engine";
import { nearestRank } from "./nearest-rank.js";

/** Summary of the flows that completed: count, mean and percentiles of their completion times in us. */
export interface CompletionSummary {
  count: number;
  meanUs: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
}

/**
 * Flow completion times per flow class (group): the time from a flow's start (its
 * generation) to the delivery of its last packet. Only flows that complete are counted;
 * percentiles use the nearest-rank definition (the smallest value with at least p % of
 * the sample at or below it).
 */
export class CompletionTimes {
  private readonly samples = new Map<string, Time[]>();

  add(group: string, duration: Time): void {
    if (!(duration >= 0)) throw new RangeError(`CompletionTimes.add: duration must be >= 0, got ${duration}`);
    let list = this.samples.get(group);
    if (list === undefined) {
      list = [];
      this.samples.set(group, list);
    }
    list.push(duration);
  }

  /** One summary per group that has completed flows, groups in name order. */
  /**
   * Adds `other`'s samples (or its structured clone's, from another thread). The summary sorts
   * them, so it does not depend on the order they came in.
   */
  absorb(other: CompletionTimes): void {
    for (const [group, list] of other.samples) for (const duration of list) this.add(group, duration);
  }

  summary(): Record<string, CompletionSummary> {
    const result: Record<string, CompletionSummary> = {};
    for (const group of [...this.samples.keys()].sort()) {
      const sorted = [...this.samples.get(group)!].sort((a, b) => a - b);
      const rank = (p: number) => nearestRank(sorted, p) / PS_PER_US;
      const total = sorted.reduce((sum, value) => sum + value, 0);
      result[group] = {
        count: sorted.length,
        meanUs: total / sorted.length / PS_PER_US,
        p50Us: rank(50),
        p99Us: rank(99),
        maxUs: sorted[sorted.length - 1]! / PS_PER_US,
      };
    }
    return result;
  }
}
