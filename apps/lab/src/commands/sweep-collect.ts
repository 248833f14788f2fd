import { readdir } from "node:fs/promises";
import { prepareOutputDir } from "../files/output-dir.js";
import { type KeptPoint, pointsDir, readPointRecord } from "../sweep/kept-point.js";
import { pointCells } from "../sweep/resume.js";
import { assignShards, parseShard, pointSeconds } from "../sweep/shard.js";
import { pointLabel, type Sweep, type SweepPoint } from "../sweep/sweep-file.js";
import { type Row, writeSweepOutputs } from "../sweep/sweep-outputs.js";
import { RUN_FAILED } from "../terminal/exit-codes.js";
import { shellWord } from "../terminal/shell-word.js";
import { UserError } from "../user-error.js";
import { losslabVersion } from "../version.js";

/** Problems named one by one in --collect's line; the rest are counted. */
const MAX_NAMED = 3;

/**
 * `losslab sweep FILE --collect DIR`: merges the points the shards kept in DIR/points/ into
 * results.csv, results.json and the charts in `out` (default DIR), the same bytes as
 * `--workers 1`. Every point must have a record that checks out for this sweep file and this
 * losslab (kept-point.ts); otherwise nothing is written and one line names the points, why,
 * and which shards to run again.
 */
export async function sweepCollect(
  file: string,
  {
    sweep,
    points,
    dir,
    out,
    passOn,
    key,
  }: {
    sweep: Sweep;
    points: SweepPoint[];
    dir: string;
    out: string;
    passOn: string[];
    /** The queue key, when given: the records must be sealed with it (kept-point.ts). */
    key: Buffer | undefined;
  },
): Promise<void> {
  const names = await readdir(pointsDir(dir)).catch(() => [] as string[]);
  if (!names.some((name) => /^point-\d+\.json$/.test(name))) {
    throw new UserError(
      `--collect: ${dir} holds no kept points (${pointsDir(dir)}/point-<n>.json); run the shards first: losslab sweep ${file} --shard I/N --out ${dir}`,
    );
  }
  const context = { version: losslabVersion, file, key };
  const found: KeptPoint[] = [];
  for (const point of points) found.push(await readPointRecord(dir, point, pointCells(point), context));

  const rows: Row[] = [];
  const bad: Array<{ point: SweepPoint; problem: string }> = [];
  for (const [i, point] of points.entries()) {
    const kept = found[i]!;
    if ("row" in kept) rows.push({ ...kept.row, parameterValues: point.values });
    else bad.push({ point, problem: kept.problem });
  }
  if (bad.length > 0) {
    const named = bad
      .slice(0, MAX_NAMED)
      .map(({ point, problem }) => `${pointLabel(point.index, sweep, point.values)}: ${problem}`);
    if (bad.length > MAX_NAMED) named.push(`... and ${bad.length - MAX_NAMED} more`);
    throw new UserError(
      `--collect ${dir}: ${bad.length} of ${points.length} points cannot be collected (${named.join("; ")}); ${rerun(file, dir, sweep, points, found, bad, passOn)}, then --collect again`,
    );
  }

  await prepareOutputDir(out);
  const charts = await writeSweepOutputs(out, sweep, rows);
  const shards = new Set(found.map((kept) => ("shard" in kept ? kept.shard : "")));
  process.stdout.write(
    `${sweep.base.name}: collected ${points.length} points from ${shards.size} shard${shards.size === 1 ? "" : "s"} in ${pointsDir(dir)}/; wrote results.csv, results.json and ${charts} chart${charts === 1 ? "" : "s"} (.svg/.png) to ${out}/\n`,
  );
  const failed = rows.filter((row) => row.error !== undefined);
  if (failed.length > 0) {
    process.stderr.write(
      `losslab: ${failed.length} of ${points.length} points failed when their shard ran them; their errors are in the results; ${rerun(
        file,
        dir,
        sweep,
        points,
        found,
        points.filter((_, i) => rows[i]!.error !== undefined).map((point) => ({ point })),
        passOn,
      )} to run them again\n`,
    );
    process.exitCode = RUN_FAILED;
  }
}

/**
 * What to run for the points of `bad`: the shards that hold them, with the number of shards
 * the kept records say (the most common, should shards of several counts have run).
 */
function rerun(
  file: string,
  dir: string,
  sweep: Sweep,
  points: readonly SweepPoint[],
  found: readonly KeptPoint[],
  bad: ReadonlyArray<{ point: SweepPoint }>,
  passOn: readonly string[],
): string {
  const counts = new Map<number, number>();
  for (const kept of found) {
    const shard = kept.shard === undefined ? undefined : parseShard(kept.shard);
    if (shard !== undefined && "count" in shard) counts.set(shard.count, (counts.get(shard.count) ?? 0) + 1);
  }
  const command = (shard: string) =>
    ["losslab", "sweep", file, ...passOn, "--shard", shard, "--out", dir].map(shellWord).join(" ");
  if (counts.size === 0) return `run the shards again (${command("I/N")})`;
  const count = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const assigned = assignShards(pointSeconds(sweep, points), count);
  const shards = [...new Set(bad.map(({ point }) => assigned[point.index - 1]!))].sort((a, b) => a - b);
  return shards.length === 1
    ? `run shard ${shards[0]}/${count} again (${command(`${shards[0]}/${count}`)})`
    : `run shards ${shards.map((s) => `${s}/${count}`).join(", ")} again (${command(`I/${count}`)} for each)`;
}
