import { chmod } from "node:fs/promises";
import { join, resolve } from "node:path";
import { estimateCost } from "@losslab/scenario";
import { writeFileAtomic } from "../files/atomic-write.js";
import { prepareOutputDir } from "../files/output-dir.js";
import { assignShards, defaultShardCount, MAX_SHARDS, pointSeconds, TARGET_SHARD_SECONDS } from "../sweep/shard.js";
import {
  collectScript,
  type ScriptCommand,
  shardsScript,
  submitScript,
  type TaskResources,
} from "../sweep/slurm-script.js";
import type { Sweep, SweepPoint } from "../sweep/sweep-file.js";
import { shellWord } from "../terminal/shell-word.js";
import { UserError } from "../user-error.js";

/*
 * --mem of a task: MAIN_THREAD_MIB + per thread (THREAD_MIB + MEMORY_MARGIN x the largest point's
 * estimated memoryBytes). Measured (built CLI, one shard on one thread): tiny points peak at 84 MiB
 * in all (each further thread adds about 63 MiB); a 12-ary 3-tree point estimated at 31 MB at
 * 153 MiB, where this asks 446 MiB; a 16-ary 3-tree point estimated at 160 MB at 287 MiB, where
 * this asks 704 MiB. Slurm kills a task above --mem, and a killed shard only costs a rerun, so
 * the allowances are generous rather than tight.
 */
/** Node, losslab's modules and the sweep's points in the main thread. */
const MAIN_THREAD_MIB = 256;
/** A worker thread with its modules, before its point's fabric. */
const THREAD_MIB = 128;
/**
 * The estimate's memoryBytes (fabric, counters, series, traces) is what is built before a run;
 * the event queue, the packets in flight and the result's copies come on top.
 */
const MEMORY_MARGIN = 2;
/**
 * The estimate assumes 5 million events a second (a 2-core reference machine) and is good to
 * a factor of about 2: --time is three times the estimate, plus the start-up.
 */
const TIME_MARGIN = 3;
const START_MINUTES = 10;

/**
 * What each array task asks for: the shard with the most estimated work sets it. CPUs: as
 * many threads as make that shard's work about TARGET_SHARD_SECONDS (1 with the default
 * number of shards), at most one per point of the shard and 16; `workers` (--workers given
 * with --slurm) instead when set.
 */
export function taskResources(
  sweep: Sweep,
  points: readonly SweepPoint[],
  shards: number,
  workers: number | undefined,
): TaskResources {
  const seconds = pointSeconds(sweep, points);
  const assigned = assignShards(seconds, shards);
  const work = new Array<number>(shards).fill(0);
  const count = new Array<number>(shards).fill(0);
  let longest = 0;
  let memory = 0;
  for (const [i, point] of points.entries()) {
    work[assigned[i]! - 1]! += seconds[i]!;
    count[assigned[i]! - 1]!++;
    longest = Math.max(longest, seconds[i]!);
    memory = Math.max(memory, estimateCost(point.scenario, sweep.kinds).memoryBytes);
  }
  const heaviest = Math.max(...work);
  const cpus = workers ?? Math.max(1, Math.min(Math.max(...count), 16, Math.ceil(heaviest / TARGET_SHARD_SECONDS)));
  const memoryMiB = Math.ceil(MAIN_THREAD_MIB + cpus * (THREAD_MIB + (MEMORY_MARGIN * memory) / 2 ** 20));
  // One thread runs a point at a time: the wall time is at least the longest point's.
  const wall = Math.max(longest, heaviest / cpus);
  return { shards, cpus, memoryMiB, minutes: START_MINUTES + Math.ceil((TIME_MARGIN * wall) / 60) };
}

/**
 * `losslab sweep FILE --slurm DIR [--shards N]`: writes DIR/shards.sbatch (the job array),
 * DIR/collect.sbatch and DIR/submit.sh, which submits both, and makes DIR/logs for Slurm's
 * output; prints what to run. Nothing is submitted: the user does that.
 */
export async function sweepSlurm(
  file: string,
  {
    sweep,
    points,
    dir,
    shards,
    workers,
    passOn,
  }: {
    sweep: Sweep;
    points: SweepPoint[];
    dir: string;
    shards: number | undefined;
    workers: number | undefined;
    passOn: string[];
  },
): Promise<void> {
  const logs = join(resolve(dir), "logs");
  // #SBATCH lines are not read by a shell: a path there cannot be quoted.
  if (/\s/.test(logs)) {
    throw new UserError(
      `--slurm: ${JSON.stringify(dir)} has white space, which #SBATCH --output cannot take: use another directory`,
    );
  }
  const count = shards ?? defaultShardCount(pointSeconds(sweep, points));
  const most = Math.min(points.length, MAX_SHARDS);
  if (count > most) {
    throw new UserError(
      `--shards: from 1 to ${most} (${most === MAX_SHARDS ? "Slurm's default MaxArraySize allows tasks 1-1000" : "one per point of the sweep"}), got ${count}`,
    );
  }
  const resources = taskResources(sweep, points, count, workers);
  await prepareOutputDir(dir);
  await prepareOutputDir(logs);
  const command: ScriptCommand = {
    losslab: [process.execPath, ...process.execArgv, process.argv[1]!],
    cwd: process.cwd(),
    file,
    dir,
    logs,
    passOn,
    name: sweep.base.name,
  };
  const shardsFile = join(dir, "shards.sbatch");
  const collectFile = join(dir, "collect.sbatch");
  const submitFile = join(dir, "submit.sh");
  await writeFileAtomic(shardsFile, shardsScript(command, resources));
  await writeFileAtomic(collectFile, collectScript(command));
  await writeFileAtomic(submitFile, submitScript(resolve(shardsFile), resolve(collectFile)));
  for (const script of [shardsFile, collectFile, submitFile]) await chmod(script, 0o755);
  process.stdout.write(
    `${sweep.base.name}: ${points.length} point${points.length === 1 ? "" : "s"} in ${count} shard${count === 1 ? "" : "s"} (array tasks 1-${count}), each --cpus-per-task=${resources.cpus} --mem=${resources.memoryMiB}M --time=${resources.minutes}; wrote ${shardsFile}, ${collectFile} and ${submitFile}\nsubmit with: sh ${shellWord(submitFile)}\n`,
  );
}
