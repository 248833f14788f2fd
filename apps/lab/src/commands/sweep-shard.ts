import { basename } from "node:path";
import { runSweep } from "@losslab/reproductions";
import { writeFileAtomicSync } from "../files/atomic-write.js";
import { prepareOutputDir } from "../files/output-dir.js";
import { pointRecordPath, pointRecordText, pointsDir, readPointRecord } from "../sweep/kept-point.js";
import { checkPointsOnThreads } from "../sweep/points-on-threads.js";
import { pointCells } from "../sweep/resume.js";
import { runScenarioSummary, type ScenarioSummary } from "../sweep/scenario-task.js";
import { type Shard, shardName, shardPoints } from "../sweep/shard.js";
import { pointLabel, type Sweep, type SweepPoint } from "../sweep/sweep-file.js";
import { flattenSummary, type SweepRow } from "../sweep/sweep-table.js";
import { threadRunner } from "../sweep/thread-runner.js";
import { errorLine } from "../terminal/error-line.js";
import { RUN_FAILED } from "../terminal/exit-codes.js";
import { exitOnInterrupt } from "../terminal/interruption.js";
import { terminalProgress } from "../terminal/progress.js";
import { shellWord } from "../terminal/shell-word.js";
import { losslabVersion } from "../version.js";

/**
 * `losslab sweep FILE --shard I/N --out DIR`: runs shard I's points and keeps each one's
 * result in DIR/points/ as it finishes (kept-point.ts). Run again, it re-uses the records
 * that check out and runs the rest (`--fresh`: all of them); `--collect DIR` merges them.
 */
export async function sweepShard(
  file: string,
  {
    sweep,
    points,
    shard,
    dir,
    workers,
    threads,
    fresh,
    passOn,
    key,
  }: {
    sweep: Sweep;
    points: SweepPoint[];
    shard: Shard;
    dir: string;
    workers: number;
    /** Threads to split each point's run over (`--threads`). */
    threads: number;
    fresh: boolean;
    /** The options the collect step must be given too (--data-dir, --plugin), for the line that says how to collect. */
    passOn: string[];
    /** The queue key, when given: the records are sealed with it (kept-point.ts). */
    key: Buffer | undefined;
  },
): Promise<void> {
  await prepareOutputDir(dir);
  await prepareOutputDir(pointsDir(dir));
  const name = shardName(shard);
  const mine = shardPoints(sweep, points, shard.count, shard.index);
  const context = { version: losslabVersion, file, key };

  const todo: SweepPoint[] = [];
  let kept = 0;
  const notes: string[] = [];
  for (const point of mine) {
    const found = fresh ? undefined : await readPointRecord(dir, point, pointCells(point), context);
    if (found !== undefined && "row" in found && found.row.error === undefined) {
      kept++;
      continue;
    }
    todo.push(point);
    if (found === undefined || ("problem" in found && found.problem === "missing")) continue;
    const label = pointLabel(point.index, sweep, point.values);
    notes.push("row" in found ? `${label} failed before` : `${label}: ${found.problem}`);
  }
  if (notes.length > 0) {
    const shown = notes.slice(0, 3).join("; ") + (notes.length > 3 ? `; ... and ${notes.length - 3} more` : "");
    process.stderr.write(`losslab: shard ${name}: running again ${notes.length} kept point(s): ${shown}\n`);
  }
  checkPointsOnThreads(file, sweep, todo, threads);
  const atOnce = Math.max(1, Math.min(workers, todo.length));
  const split = threads > 1 ? `, each split over ${threads} threads` : "";
  process.stdout.write(
    `${sweep.base.name}: shard ${name}: ${mine.length} of ${points.length} points, ${kept} already done, running ${todo.length} on ${atOnce} worker${atOnce === 1 ? "" : "s"}${split}\n`,
  );

  let done = kept;
  const failures: string[] = [];
  const stopHandling = exitOnInterrupt(
    () =>
      `${done} of ${mine.length} points of shard ${name} kept in ${pointsDir(dir)}; run the same command again to resume`,
  );
  const start = Date.now();
  try {
    await runSweep(
      runScenarioSummary,
      todo.map((point) => ({ scenario: point.scenario, plugins: sweep.plugins, threads })),
      {
        sweepRunner: threadRunner(atOnce),
        progress: terminalProgress(`sweep ${basename(file)} shard ${name}`),
        failed: (error) => ({ error: errorLine(error) }),
        onResult: (index, output) => {
          const point = todo[index]!;
          const result = output as ScenarioSummary | { error: string };
          const cells = pointCells(point);
          let row: SweepRow;
          if ("error" in result) {
            failures.push(`${pointLabel(point.index, sweep, point.values)} failed: ${result.error}`);
            row = { cells, values: {}, error: result.error };
          } else {
            row = { cells, values: flattenSummary(result), fingerprint: result.fingerprint };
            done++;
          }
          // Atomic and synchronous: a shard killed at any moment leaves this point's whole record or none.
          writeFileAtomicSync(pointRecordPath(dir, point), pointRecordText(context, point, name, row));
        },
      },
    );
  } finally {
    stopHandling();
  }
  const seconds = ((Date.now() - start) / 1000).toFixed(1);
  process.stdout.write(
    `ran ${todo.length} points in ${seconds} s; kept in ${pointsDir(dir)}/; once every shard is done: ${["losslab", "sweep", file, ...passOn, "--collect", dir].map(shellWord).join(" ")}\n`,
  );
  if (failures.length > 0) {
    for (const line of failures.slice(0, 5)) process.stderr.write(`losslab: ${line}\n`);
    if (failures.length > 5) process.stderr.write(`losslab: ... and ${failures.length - 5} more\n`);
    process.stderr.write(
      `losslab: ${failures.length} of ${mine.length} points of shard ${name} failed; their errors are kept, --collect writes them to the results, and the same command runs them again\n`,
    );
    process.exitCode = RUN_FAILED;
  }
}
