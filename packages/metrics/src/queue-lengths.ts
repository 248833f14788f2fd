import type { Time } from "@losslab/engine";
import { nearestRankIndex } from "./nearest-rank.js";

/** Nearest-rank percentiles and maximum of a queue's sampled occupancy, bytes. */
export interface QueueLengthSummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The samples of every queue of a `QueueLengths`, by queue, in the order added. */
export interface QueueSamples {
  readonly names: readonly string[];
  readonly held: readonly number[][];
  readonly recorded: ReadonlyArray<Array<[Time, number]> | undefined>;
}

/**
 * Queue occupancy sampled at fixed times: each queue is a name and a function that reads its
 * bytes (a switch buffer through its read-only view), `sample(time)` reads them all. The
 * summary gives per queue the nearest-rank p50, p95, p99 and maximum over all samples, zeros
 * included; chosen queues (`series`) also keep every sample as a time series.
 *
 * Only the samples that found data are stored (the others are counted), so an idle queue
 * costs nothing however long the run.
 */
export class QueueLengths {
  private readonly names: string[] = [];
  private readonly readers: Array<() => number> = [];
  private readonly held: number[][] = [];
  private readonly recorded: Array<Array<[Time, number]> | undefined> = [];
  private samples = 0;

  /** Adds queue `name`, read by `read` at every sample; with `series`, its samples are kept in time order too. */
  add(name: string, read: () => number, series = false): void {
    if (this.names.includes(name)) throw new RangeError(`QueueLengths.add: queue "${name}" was added already`);
    this.names.push(name);
    this.readers.push(read);
    this.held.push([]);
    this.recorded.push(series ? [] : undefined);
  }

  /** Reads every queue at `time`. */
  sample(time: Time): void {
    this.samples++;
    for (let i = 0; i < this.readers.length; i++) {
      const bytes = this.readers[i]!();
      if (bytes > 0) this.held[i]!.push(bytes);
      this.recorded[i]?.push([time, bytes]);
    }
  }

  /** Samples taken. */
  get count(): number {
    return this.samples;
  }

  /** Per queue that ever held data, in the order added: its percentiles and maximum. */
  summary(): Record<string, QueueLengthSummary> {
    const result: Record<string, QueueLengthSummary> = {};
    for (const [i, name] of this.names.entries()) {
      const held = this.held[i]!;
      if (held.length === 0) continue;
      // The samples that found the queue empty come first in sorted order: ranks below `zeros` are 0.
      const ascending = [...held].sort((a, b) => a - b);
      const zeros = this.samples - ascending.length;
      const rank = (p: number) => {
        const index = nearestRankIndex(this.samples, p);
        return index < zeros ? 0 : ascending[index - zeros]!;
      };
      result[name] = { p50: rank(50), p95: rank(95), p99: rank(99), max: ascending[ascending.length - 1]! };
    }
    return result;
  }

  /**
   * What was sampled, as plain data (no readers): for another thread to `absorb`. A run
   * split over threads samples every queue in every part, but each switch runs in one part.
   */
  samplesTaken(): QueueSamples {
    return { names: this.names, held: this.held, recorded: this.recorded };
  }

  /** Takes, for each queue `take` names, what another copy of these queues sampled (`samplesTaken`). */
  absorb(other: QueueSamples, take: (name: string) => boolean): void {
    for (const [i, name] of this.names.entries()) {
      if (other.names[i] !== name)
        throw new RangeError(`QueueLengths.absorb: queue ${i} is "${other.names[i]}", not "${name}"`);
      if (!take(name)) continue;
      this.held[i] = other.held[i]!;
      this.recorded[i] = other.recorded[i];
    }
  }

  /** The samples of queue `name`, [time, bytes], if it was added with `series`. */
  series(name: string): ReadonlyArray<[Time, number]> | undefined {
    const index = this.names.indexOf(name);
    return index < 0 ? undefined : this.recorded[index];
  }
}
