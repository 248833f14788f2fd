/**
 * A sweep cut into N disjoint shares ("shards") that separate processes run on their own
 * (`losslab sweep FILE --shard I/N`: a Slurm array task, a GNU parallel job, a Kubernetes
 * Job, an ssh session): which points shard I runs. Every process works the same assignment
 * out from the sweep file alone, so shards and `--collect` need nothing from each other.
 */
import { estimateCost } from "@losslab/scenario";
import type { Sweep, SweepPoint } from "./sweep-file.js";

/** Shard `index` of `count`, 1-based as Slurm's `--array=1-N` numbers its tasks. */
export interface Shard {
  index: number;
  count: number;
}

/** The most shards: Slurm's default MaxArraySize is 1001 (tasks 0-1000), and a sweep has at most 10,000 points. */
export const MAX_SHARDS = 1000;

/** `--shard I/N` as commander hands it over: `I/N` with 1 <= I <= N <= MAX_SHARDS, else why not. */
export function parseShard(text: string): Shard | { problem: string } {
  const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text);
  const allowed = `I/N with N from 1 to ${MAX_SHARDS} and I from 1 to N (1-based, as Slurm's SLURM_ARRAY_TASK_ID of --array=1-N)`;
  if (match === null) return { problem: `must be ${allowed}, got "${text.slice(0, 40)}"` };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) return { problem: `N must be from 1 to ${MAX_SHARDS}, got "${text}"` };
  if (index < 1 || index > count) return { problem: `I must be from 1 to ${count} (1-based), got "${text}"` };
  return { index, count };
}

/** `2/3`. */
export const shardName = ({ index, count }: Shard): string => `${index}/${count}`;

/** Each point's estimated seconds (`estimateCost`), in grid order. */
export const pointSeconds = (sweep: Sweep, points: readonly SweepPoint[]): number[] =>
  points.map((point) => estimateCost(point.scenario, sweep.kinds).seconds);

/**
 * The 1-based shard of each point (in grid order) when `points` are cut into `count` shards.
 * Balanced by the cost estimate, longest first onto the least loaded shard (Graham's LPT
 * rule, within 4/3 of the best split), not round-robin: a grid often sweeps durationMs or
 * the fabric's size, and round-robin over a grid whose costly parameter cycles with a period
 * that divides N would give one shard all the long points. Points of equal cost fall
 * round-robin in grid order. Deterministic: only the points (and so only the sweep file and
 * this version of losslab) decide it.
 */
export function assignShards(seconds: readonly number[], count: number): number[] {
  const order = seconds.map((_, i) => i).sort((a, b) => seconds[b]! - seconds[a]! || a - b);
  const load = new Array<number>(count).fill(0);
  const shard = new Array<number>(seconds.length);
  for (const i of order) {
    let least = 0;
    for (let s = 1; s < count; s++) if (load[s]! < load[least]!) least = s;
    load[least]! += seconds[i]!;
    shard[i] = least + 1;
  }
  return shard;
}

/** The points of `shard`, in grid order (see assignShards). */
export function shardPoints(sweep: Sweep, points: readonly SweepPoint[], count: number, index: number): SweepPoint[] {
  const assigned = assignShards(pointSeconds(sweep, points), count);
  return points.filter((_, i) => assigned[i] === index);
}

/**
 * Estimated seconds of work one array task should get: long enough that waiting in the
 * queue and starting Node (about a second) are small next to it, short enough that many
 * tasks run side by side and one that is lost costs little to run again.
 */
export const TARGET_SHARD_SECONDS = 600;

/**
 * The default number of shards: one per TARGET_SHARD_SECONDS of estimated work, at least 1,
 * at most one per point and MAX_SHARDS.
 */
export function defaultShardCount(seconds: readonly number[]): number {
  const total = seconds.reduce((sum, s) => sum + s, 0);
  return Math.max(1, Math.min(seconds.length, MAX_SHARDS, Math.ceil(total / TARGET_SHARD_SECONDS)));
}
