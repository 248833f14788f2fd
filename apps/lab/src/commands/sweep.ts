import { lstat } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import { runSweep } from "@losslab/reproductions";
import { writeFileAtomicSync } from "../files/atomic-write.js";
import { prepareOutputDir } from "../files/output-dir.js";
import { readTextFile } from "../files/regular-file.js";
import { KEY_VARIABLE, queueKey } from "../queue/queue-key.js";
import type { SweepQueue } from "../queue/queue-sweep.js";
import type { RedisAddress } from "../queue/redis-address.js";
import { atOnceHere, runsAtOnce } from "../split-runs/runs-at-once.js";
import { checkPointsOnThreads } from "../sweep/points-on-threads.js";
import { type EarlierFile, planResume, pointCells, pointKey } from "../sweep/resume.js";
import { runScenarioSummary, type ScenarioSummary } from "../sweep/scenario-task.js";
import type { Shard } from "../sweep/shard.js";
import { pointLabel, readSweepFile, type Sweep, type SweepPoint, sweepPoints } from "../sweep/sweep-file.js";
import { type Row, writeSweepOutputs } from "../sweep/sweep-outputs.js";
import { flattenSummary, type SweepRow, toCsv, toJson } from "../sweep/sweep-table.js";
import { threadRunner } from "../sweep/thread-runner.js";
import { errorLine } from "../terminal/error-line.js";
import { RUN_FAILED } from "../terminal/exit-codes.js";
import { exitOnInterrupt } from "../terminal/interruption.js";
import { terminalProgress } from "../terminal/progress.js";
import { UserError } from "../user-error.js";
import { losslabVersion } from "../version.js";

export interface SweepOptions {
  workers: number;
  /** Threads to split each point's run over (`--threads`, default 1). */
  threads?: number;
  out?: string;
  /** Run every point, ignoring the results already in --out. */
  fresh?: boolean;
  /** Where the base scenario and trace files may be (default: the sweep file's directory). */
  dataDir?: string;
  /** Plugin modules to load besides the base scenario's `plugins` (`--plugin`). */
  plugin?: string[];
  /** Run the points as jobs on this Redis queue (`losslab worker` runs them) instead of worker threads here. */
  queue?: string;
  /** A file holding the queue key (else LOSSLAB_QUEUE_KEY). */
  queueKeyFile?: string;
  /** A file holding the Redis password (else LOSSLAB_REDIS_PASSWORD, or the URL's). */
  queuePasswordFile?: string;
  /** Run only this shard's points, keeping each one's result in --out/points/ (sweep-shard.ts). */
  shard?: Shard;
  /** Merge the points the shards kept in this directory into the usual files (sweep-collect.ts). */
  collect?: string;
  /** Write a Slurm job array of the shards, and its collect step, to this directory (sweep-slurm.ts). */
  slurm?: string;
  /** With --slurm: how many shards (array tasks). */
  shards?: number;
  /** Which options the user gave, rather than left at their defaults (commander's `getOptionValueSource`). */
  given?: (name: "workers" | "out") => boolean;
}

/** The ways of running a sweep that exclude one another, as the user names them. */
const MODES = [
  ["shard", "--shard"],
  ["collect", "--collect"],
  ["slurm", "--slurm"],
  ["queue", "--queue"],
] as const;

/**
 * `losslab sweep <file>`: runs a scenario over a grid of parameter values on worker threads
 * and writes results.csv, results.json and one chart per output key to --out. Points already
 * in an earlier results.csv there, verified, are kept and not run again (unless --fresh). A
 * point whose simulation fails is recorded with its error and the others run. With --shard,
 * --collect or --slurm the sweep runs as shards instead (`shardedSweep`).
 */
export async function sweepCommand(file: string, options: SweepOptions): Promise<void> {
  const modes = MODES.filter(([key]) => options[key] !== undefined).map(([, flag]) => flag);
  if (modes.length > 1) {
    throw new UserError(
      `${modes[0]} and ${modes[1]} do not go together: give one of --shard I/N (run one shard), --collect DIR (merge the shards), --slurm DIR (write a Slurm job array) or --queue URL`,
    );
  }
  if (options.shards !== undefined && options.slurm === undefined) {
    throw new UserError("--shards N goes with --slurm DIR only (to run one shard: --shard I/N)");
  }
  if (options.fresh && (options.collect !== undefined || options.slurm !== undefined)) {
    throw new UserError(`--fresh goes with a sweep or --shard, not with ${modes[0]} (it runs nothing)`);
  }
  if (options.slurm !== undefined && options.given?.("out")) {
    throw new UserError(
      "--out does not go with --slurm DIR: DIR is where the shards keep their points and the results go",
    );
  }
  const threads = options.threads ?? 1;
  if (options.threads !== undefined && options.shard === undefined && modes.length > 0) {
    throw new UserError(
      `--threads splits the points this machine runs, in a sweep or a --shard; not with ${modes[0]}, which ${modes[0] === "--queue" ? "has losslab worker run them, on one thread each" : modes[0] === "--slurm" ? "writes tasks that run them on one thread each" : "runs nothing"}`,
    );
  }
  // The default --workers fills the cores with split runs; more is refused (runs-at-once.ts).
  const given = options.given === undefined || options.given("workers");
  const workers = atOnceHere(threads, runsAtOnce(threads, given ? options.workers : undefined));
  if (options.collect !== undefined || options.slurm !== undefined || options.shard !== undefined) {
    await shardedSweep(file, { ...options, workers });
    return;
  }
  // The queue's modules (bullmq, ioredis) load only for --queue: they cost every other
  // command about 0.3 s of start-up and 18 MiB.
  const address =
    options.queue === undefined
      ? undefined
      : await (await import("../queue/redis-address.js")).parseRedisAddress(options.queue, {
          passwordFile: options.queuePasswordFile,
        });
  const key =
    options.queue === undefined
      ? undefined
      : await (await import("../queue/queue-key.js")).queueKey(options.queueKeyFile);
  const sweep = await readSweepFile(file, options.dataDir, options.plugin);
  noteFileThreads(sweep);
  const points = sweepPoints(sweep, file);
  // What a worker would refuse is refused here, before anything is queued.
  if (key !== undefined) await checkQueueable(file, sweep, points, key);
  const parameters = sweep.parameters.map((p) => p.path);
  const out = options.out ?? join("results", `sweep-${basename(file, extname(file))}`);
  const csvFile = join(out, "results.csv");
  // Redis is checked before anything is written: a wrong URL leaves no output directory behind.
  const queue =
    address === undefined
      ? undefined
      : await (await import("../queue/queue-sweep.js")).openSweepQueue(address, lostRedis(address));
  try {
    await sweepIn(file, { ...options, workers }, { sweep, points, parameters, out, csvFile, queue, address, key });
  } finally {
    await queue?.close();
  }
}

async function sweepIn(
  file: string,
  options: SweepOptions,
  {
    sweep,
    points,
    parameters,
    out,
    csvFile,
    queue,
    address,
    key,
  }: {
    sweep: Sweep;
    points: SweepPoint[];
    parameters: string[];
    out: string;
    csvFile: string;
    queue: SweepQueue | undefined;
    address: RedisAddress | undefined;
    key: Buffer | undefined;
  },
): Promise<void> {
  await prepareOutputDir(out);

  const jsonFile = join(out, "results.json");
  // Every point's results go there: a directory in their way is refused before anything runs.
  for (const path of [csvFile, jsonFile]) {
    if ((await lstat(path).catch(() => undefined))?.isDirectory()) {
      throw new UserError(`--out: ${path} is a directory; losslab writes the sweep's results there, as a file`);
    }
  }
  const { kept, todo, note } = options.fresh
    ? planResume(points, parameters, csvFile, undefined, undefined)
    : planResume(points, parameters, csvFile, await readEarlier(csvFile), await readEarlier(jsonFile));
  if (note !== undefined) process.stderr.write(`losslab: ${note}\n`);
  const threads = options.threads ?? 1;
  checkPointsOnThreads(file, sweep, todo, threads);
  const workers = Math.max(1, Math.min(options.workers, todo.length));
  const split = threads > 1 ? `, each split over ${threads} threads` : "";
  const where =
    address === undefined
      ? `on ${workers} worker${workers === 1 ? "" : "s"}${split}`
      : `on the queue at ${address.shown}`;
  process.stdout.write(
    `${sweep.base.name}: ${points.length} points, ${kept.size} of ${points.length} points already done, running ${todo.length} ${where}\n`,
  );
  if (queue !== undefined && todo.length > 0) {
    const connected = await queue.workers();
    if (connected === 0) {
      process.stderr.write(
        `losslab: no worker is connected to ${address!.shown} yet: start \`losslab worker --queue URL\` where the points should run\n`,
      );
    }
  }

  // This run's rows (results and failures), then every point that has one, in grid order.
  const ran = new Map<string, SweepRow>();
  const failures: string[] = [];
  const resultRows = (): Row[] => {
    const rows: Row[] = [];
    for (const point of points) {
      const key = pointKey(pointCells(point));
      const row = ran.get(key) ?? kept.get(key);
      if (row !== undefined) rows.push({ ...row, cells: pointCells(point), parameterValues: point.values });
    }
    return rows;
  };
  const succeeded = () => resultRows().filter((row) => row.error === undefined).length;
  // results.json and results.csv are replaced (atomically, in that order) as each point
  // finishes: a sweep stopped in any way keeps every finished point, and the next run resumes
  // from the rows both files agree on.
  const save = () => {
    const rows = resultRows();
    writeFileAtomicSync(jsonFile, toJson(parameters, rows, true));
    writeFileAtomicSync(csvFile, toCsv(parameters, rows));
  };
  const stopHandling = exitOnInterrupt(() =>
    queue === undefined
      ? `${succeeded()} of ${points.length} points kept in ${csvFile}; run the same command again to resume`
      : `${succeeded()} of ${points.length} points kept in ${csvFile}; the queued points go on running on the workers ` +
        "and their results wait in Redis: run the same command again to collect them",
  );

  // --fresh: the earlier results go now, so that an interrupted fresh run does not resume from them.
  if (options.fresh) save();

  const start = Date.now();
  try {
    const onResult = (index: number, output: unknown) => {
      const point = todo[index]!;
      const result = output as ScenarioSummary | { error: string };
      const cells = pointCells(point);
      if ("error" in result) {
        failures.push(`${pointLabel(point.index, sweep, point.values)} failed: ${result.error}`);
        ran.set(pointKey(cells), { cells, values: {}, error: result.error });
      } else {
        ran.set(pointKey(cells), { cells, values: flattenSummary(result), fingerprint: result.fingerprint });
      }
      save();
    };
    const progress = terminalProgress(`sweep ${basename(file)}`);
    const id =
      queue === undefined || key === undefined
        ? undefined
        : (await import("../queue/point-job.js")).sweepId(key, losslabVersion, points);
    if (queue === undefined || id === undefined || key === undefined) {
      await runSweep(
        runScenarioSummary,
        todo.map((point) => ({ scenario: point.scenario, plugins: sweep.plugins, threads })),
        {
          sweepRunner: threadRunner(workers),
          progress,
          // The task reports its own errors; this catches a worker thread that died running a point.
          failed: (error) => ({ error: errorLine(error) }),
          onResult,
        },
      );
    } else {
      await queue.collect(todo, {
        sweep: id,
        version: losslabVersion,
        key,
        fresh: options.fresh === true,
        progress,
        onResult,
        label: (index) => pointLabel(todo[index]!.index, sweep, todo[index]!.values),
        say: (line) => process.stderr.write(`${process.stderr.isTTY ? "\n" : ""}${line}\n`),
      });
    }
    const charts = await writeSweepOutputs(out, sweep, resultRows());
    // Collected: the results are in --out now, so the sweep's jobs leave Redis.
    if (queue !== undefined && id !== undefined) await queue.forget(id, points);
    const seconds = ((Date.now() - start) / 1000).toFixed(1);
    process.stdout.write(
      `ran ${todo.length} points in ${seconds} s; wrote results.csv, results.json and ${charts} chart${charts === 1 ? "" : "s"} (.svg/.png) to ${out}/\n`,
    );
  } finally {
    stopHandling();
  }
  if (failures.length > 0) {
    const shown = failures.slice(0, MAX_FAILURES_SHOWN);
    if (failures.length > shown.length) shown.push(`... and ${failures.length - shown.length} more`);
    for (const line of shown) process.stderr.write(`losslab: ${line}\n`);
    process.stderr.write(
      `losslab: ${failures.length} of ${points.length} points failed; their errors are in ${csvFile} and results.json, ` +
        `and the same command runs them again\n`,
    );
    process.exitCode = RUN_FAILED;
  }
}

/** --shard, --collect or --slurm: the sweep as shards that separate processes run (shard.ts). */
async function shardedSweep(file: string, options: SweepOptions): Promise<void> {
  const sweep = await readSweepFile(file, options.dataDir, options.plugin);
  noteFileThreads(sweep);
  const points = sweepPoints(sweep, file);
  // What the shards and the collect step must be given again to read the same sweep.
  const passOn = [
    ...(options.dataDir === undefined ? [] : ["--data-dir", options.dataDir]),
    ...(options.plugin ?? []).flatMap((plugin) => ["--plugin", plugin]),
    ...(options.queueKeyFile === undefined ? [] : ["--queue-key-file", options.queueKeyFile]),
  ];
  // The kept points are sealed with the queue key when one is given (kept-point.ts).
  const keyed = options.queueKeyFile !== undefined || (process.env[KEY_VARIABLE] ?? "").trim() !== "";
  const key = keyed && options.slurm === undefined ? await queueKey(options.queueKeyFile) : undefined;
  if (options.collect !== undefined) {
    const { sweepCollect } = await import("./sweep-collect.js");
    await sweepCollect(file, { sweep, points, dir: options.collect, out: options.out ?? options.collect, passOn, key });
  } else if (options.slurm !== undefined) {
    const { sweepSlurm } = await import("./sweep-slurm.js");
    const workers = options.given?.("workers") ? options.workers : undefined;
    await sweepSlurm(file, { sweep, points, dir: options.slurm, shards: options.shards, workers, passOn });
  } else {
    const { sweepShard } = await import("./sweep-shard.js");
    const dir = options.out ?? join("results", `sweep-${basename(file, extname(file))}`);
    await sweepShard(file, {
      sweep,
      points,
      shard: options.shard!,
      dir,
      workers: options.workers,
      threads: options.threads ?? 1,
      fresh: options.fresh === true,
      passOn,
      key,
    });
  }
}

/** The base scenario's `threads` is `run`'s: a sweep splits its points by --threads alone, and says so. */
function noteFileThreads(sweep: Sweep): void {
  const threads = sweep.base.threads ?? 1;
  if (threads > 1) {
    process.stderr.write(
      `losslab: note: the base scenario's threads: ${threads} is for \`losslab run\`; a sweep splits its points over --threads (default 1)\n`,
    );
  }
}

/**
 * An earlier output file of the sweep: its text, undefined when there is none, or why it
 * cannot be read (a named pipe, a directory, too large, not UTF-8): only regular files are
 * read, bounded (regular-file.ts).
 */
async function readEarlier(path: string): Promise<EarlierFile> {
  if ((await lstat(path).catch(() => undefined)) === undefined) return undefined;
  try {
    return await readTextFile(path, "earlier results file");
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { unreadable: error.message.replace(/^cannot read earlier results file "[^"]*": /, "") };
  }
}

/** A lost connection to Redis, said once a minute at most (the clients reconnect by themselves). */
function lostRedis(address: RedisAddress): (error: Error) => void {
  let said = 0;
  return (error) => {
    if (Date.now() - said < 60_000) return;
    said = Date.now();
    process.stderr.write(`\nlosslab: Redis at ${address.shown}: ${address.redact(errorLine(error))}; retrying\n`);
  };
}

/**
 * Refuses, before anything is queued, a sweep whose jobs a worker would refuse: one with
 * plugins (a worker loads no code from a job), or a point that names a file or does not
 * validate; the same check as the worker's (`jobScenario`), as one `losslab:` line.
 */
async function checkQueueable(file: string, sweep: Sweep, points: readonly SweepPoint[], key: Buffer): Promise<void> {
  if (sweep.plugins.length > 0) {
    throw new UserError(
      `${file}: --queue: the sweep loads plugins (${sweep.plugins.map((plugin) => plugin.name).join(", ")}), and a losslab worker loads no code from a job: run plugin sweeps with --workers`,
    );
  }
  const { jobScenario, JobRefused, pointJobData } = await import("../queue/point-job.js");
  for (const point of points) {
    try {
      jobScenario(pointJobData(key, losslabVersion, "check", point), losslabVersion, key);
    } catch (error) {
      if (!(error instanceof JobRefused)) throw error;
      throw new UserError(
        `${file}: ${pointLabel(point.index, sweep, point.values)}: a losslab worker would refuse it: ${error.message}`,
      );
    }
  }
}

/** Failed points listed one by one on stderr; all of them are in the results. */
const MAX_FAILURES_SHOWN = 5;
