import type { Time } from "@losslab/engine";
import { nearestRank } from "./nearest-rank.js";

/** Upper edges (bytes, inclusive) of the default size buckets: <= 10 KB, <= 100 KB, <= 1 MB, <= 10 MB, and above (decimal units). */
export const DEFAULT_SLOWDOWN_EDGES: readonly number[] = [10_000, 100_000, 1_000_000, 10_000_000];

/** Count, mean and nearest-rank percentiles of the slowdowns of a set of flows. */
export interface SlowdownStats {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The flows of one size bucket: sizes in (fromBytes, toBytes]; `toBytes` null for the last, unbounded one. */
export interface SlowdownBucket extends SlowdownStats {
  fromBytes: number;
  toBytes: number | null;
  /** The median (nearest-rank) size of its flows, bytes: where a chart places the bucket. */
  sizeP50Bytes: number;
}

/** The slowdown of all flows (`all`) and of each size bucket that holds any (`buckets`, smallest first). */
export interface SlowdownSummary {
  all: SlowdownStats;
  buckets: SlowdownBucket[];
}

/**
 * Flow slowdown, per size bucket: a flow's completion time divided by its ideal one, the time
 * its bytes would take alone on the empty network (`idealCompletionTime`), so 1 is a flow
 * that never waited. Buckets are fixed size ranges (upper edges inclusive), the same for
 * every run so runs compare bucket by bucket; percentiles use the nearest-rank definition,
 * as `CompletionTimes` does.
 */
export class Slowdown {
  private readonly edges: readonly number[];
  /** Per bucket (one more than the edges): slowdowns and sizes, in arrival order. */
  private readonly ratios: number[][];
  private readonly sizes: number[][];

  constructor(edges: readonly number[] = DEFAULT_SLOWDOWN_EDGES) {
    for (const [i, edge] of edges.entries()) {
      if (!(Number.isFinite(edge) && edge > 0) || (i > 0 && !(edge > edges[i - 1]!))) {
        throw new RangeError(`Slowdown: edges must be positive and increasing; got [${edges.join(", ")}]`);
      }
    }
    this.edges = [...edges];
    this.ratios = Array.from({ length: edges.length + 1 }, () => []);
    this.sizes = Array.from({ length: edges.length + 1 }, () => []);
  }

  /** A flow of `bytes` that completed in `duration`, `ideal` alone (both ps). */
  add(bytes: number, duration: Time, ideal: Time): void {
    if (!(ideal > 0)) throw new RangeError(`Slowdown.add: ideal must be > 0, got ${ideal}`);
    if (!(duration >= 0)) throw new RangeError(`Slowdown.add: duration must be >= 0, got ${duration}`);
    let bucket = 0;
    while (bucket < this.edges.length && bytes > this.edges[bucket]!) bucket++;
    this.ratios[bucket]!.push(duration / ideal);
    this.sizes[bucket]!.push(bytes);
  }

  /**
   * Adds `other`'s flows (the same edges, or its structured clone's, from another thread). The
   * summary sorts them, so it does not depend on the order they came in.
   */
  absorb(other: Slowdown): void {
    other.ratios.forEach((ratios, bucket) => {
      this.ratios[bucket]!.push(...ratios);
      this.sizes[bucket]!.push(...other.sizes[bucket]!);
    });
  }

  /** Whether any flow was added. */
  get empty(): boolean {
    return this.ratios.every((list) => list.length === 0);
  }

  summary(): SlowdownSummary {
    const buckets: SlowdownBucket[] = [];
    for (const [i, ratios] of this.ratios.entries()) {
      if (ratios.length === 0) continue;
      buckets.push({
        fromBytes: i === 0 ? 0 : this.edges[i - 1]!,
        toBytes: i < this.edges.length ? this.edges[i]! : null,
        sizeP50Bytes: nearestRank(sorted(this.sizes[i]!), 50),
        ...stats(ratios),
      });
    }
    return { all: stats(this.ratios.flat()), buckets };
  }
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function stats(values: readonly number[]): SlowdownStats {
  if (values.length === 0)
    return { count: 0, mean: Number.NaN, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const ascending = sorted(values);
  return {
    count: ascending.length,
    mean: ascending.reduce((sum, value) => sum + value, 0) / ascending.length,
    p50: nearestRank(ascending, 50),
    p95: nearestRank(ascending, 95),
    p99: nearestRank(ascending, 99),
    max: ascending[ascending.length - 1]!,
  };
}
