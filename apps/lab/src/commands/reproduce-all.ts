import { join } from "node:path";
import { expectedThreadSeconds, formatResultTable, type Preset } from "@losslab/reproductions";
import { writeFileAtomic } from "../files/atomic-write.js";
import { prepareOutputDir } from "../files/output-dir.js";
import { collectEnvironment } from "../report/environment.js";
import { formatSeconds, type ReportPreset, renderHtmlReport } from "../report/html-report.js";
import { readKeptPreset, writePresetOutput } from "../report/preset-output.js";
import { presetRunsOnThreads } from "../split-runs/preset-runs.js";
import type { PresetOutcome } from "../sweep/preset-task.js";
import { threadRunner } from "../sweep/thread-runner.js";
import { errorLine } from "../terminal/error-line.js";
import { CLAIM_FAILED, RUN_FAILED } from "../terminal/exit-codes.js";
import { exitOnInterrupt } from "../terminal/interruption.js";
import { terminalProgress } from "../terminal/progress.js";
import { statusLine } from "../terminal/status-line.js";
import { UserError } from "../user-error.js";

export interface ReproduceAllOptions {
  json?: boolean;
  out?: string;
  seed: number;
  workers: number;
  /** Run every preset, ignoring the results already in --out. */
  fresh?: boolean;
  /**
   * Threads to split each preset's runs over (`--threads`, default 1): the presets then run
   * one after the other, each run split (a sweep's points `workers` at once), and a run that
   * threads do not support runs on one thread, named in a warning line.
   */
  threads?: number;
}

/**
 * `losslab reproduce --all`: runs `presets`, each writing its files to <out>/<preset>/ as it
 * finishes, then <out>/index.html. A preset whose files an earlier run left complete and
 * intact at the same seed (readKeptPreset) is not run again, unless --fresh; a preset that
 * fails is reported with its error and the others run. Returns the exit code: 3 if a preset
 * failed, else 1 if a claim fails, else 0.
 *
 * With one worker, or with `threads`, the presets run one after the other in this thread.
 * With more workers, they run at once on one pool of threads (`runOnThreads`); the files and
 * the result tables on stdout are the same, in the presets' order.
 */
export async function reproduceAll(presets: readonly Preset[], options: ReproduceAllOptions): Promise<number> {
  if (options.json) throw new UserError("--json is not supported with --all (see <out>/<preset>/result.json)");
  const out = options.out ?? "results";
  // Every directory is checked before anything runs: none may cost a finished preset its files.
  await prepareOutputDir(out);
  for (const preset of presets) await prepareOutputDir(join(out, preset.name));
  const environment = collectEnvironment();
  const startedAt = performance.now();
  const reports: Array<ReportPreset | undefined> = presets.map(() => undefined);
  let kept = 0;
  let printed = 0;
  /** A preset is done: its result table goes to stdout once those before it have theirs. */
  const settle = (index: number, report: ReportPreset) => {
    reports[index] = report;
    for (; printed < presets.length && reports[printed] !== undefined; printed++) {
      const done = reports[printed]!;
      if ("result" in done) process.stdout.write(`${formatResultTable(done.name, done.result)}\n`);
    }
  };
  const stopHandling = exitOnInterrupt(
    () => `${kept} of ${presets.length} presets kept in ${out}/; run the same command again to resume`,
  );
  try {
    const runs: PresetRun[] = [];
    for (const [index, preset] of presets.entries()) {
      const label = `[${index + 1}/${presets.length}] ${preset.name}`;
      const dir = join(out, preset.name);
      const about = { name: preset.name, description: preset.description, expectedRuntime: preset.expectedRuntime };
      const earlier = options.fresh ? undefined : await readKeptPreset(dir, preset, options.seed);
      if (earlier !== undefined && !("problem" in earlier)) {
        process.stderr.write(`${label}: kept from an earlier run in ${dir}/ (verified), not run again\n`);
        settle(index, { ...about, ...earlier });
        kept++;
        continue;
      }
      const redo = earlier === undefined ? "" : `${dir}/ is not re-used (${earlier.problem}); `;
      const finish = async (outcome: PresetOutcome, start: number, say: (line: string) => void) => {
        if ("error" in outcome) {
          say(`losslab: ${label} failed: ${outcome.error}\n`);
          settle(index, { ...about, wallTimeMs: performance.now() - start, error: outcome.error });
          return;
        }
        const { result } = outcome;
        const { charts, wallTimeMs } = await writePresetOutput(dir, preset.name, options.seed, result, start);
        kept++;
        const failed = result.checks.filter((c) => !c.pass).length;
        say(
          `${label}: ${result.checks.length - failed} of ${result.checks.length} claims pass, ${formatSeconds(wallTimeMs)}\n`,
        );
        settle(index, { ...about, wallTimeMs, result, charts });
      };
      runs.push({ preset, label, starting: `${label}: ${redo}running (expected ${preset.expectedRuntime})\n`, finish });
    }
    const atOnce = options.workers > 1 && runs.length > 1 && (options.threads ?? 1) <= 1;
    if (atOnce) await runOnThreads(runs, options);
    else await runHere(runs, options);

    const done = reports.filter((report) => report !== undefined);
    const elapsedMs = performance.now() - startedAt;
    const html = renderHtmlReport({
      environment,
      seed: options.seed,
      workers: options.workers,
      elapsedMs,
      kept: presets.length - runs.length,
      atOnce,
      presets: done,
    });
    const index = join(out, "index.html");
    await writeFileAtomic(index, html);
    const checks = done.flatMap((r) => ("result" in r ? r.result.checks : []));
    const failed = checks.filter((c) => !c.pass).length;
    const broken = done.filter((r) => !("result" in r)).map((r) => r.name);
    process.stdout.write(
      `${done.length} presets, ${checks.length - failed} of ${checks.length} claims pass, ${formatSeconds(elapsedMs)}; wrote ${index}\n`,
    );
    if (broken.length > 0) {
      process.stderr.write(
        `losslab: ${broken.length} of ${done.length} presets failed to run (${broken.join(", ")}); ` +
          "their errors are above and in the report, and the same command runs them again\n",
      );
      return RUN_FAILED;
    }
    return failed > 0 ? CLAIM_FAILED : 0;
  } finally {
    stopHandling();
  }
}

/** A preset to run: the line that says it starts, and what to do with its outcome (`say` prints a line). */
interface PresetRun {
  preset: Preset;
  label: string;
  starting: string;
  finish(outcome: PresetOutcome, start: number, say: (line: string) => void): Promise<void>;
}

/**
 * One preset after the other in this thread, each with all the workers for its sweep and its
 * own progress line; with `threads`, each run split (`presetRunsOnThreads`, warning of the
 * runs that run on one thread).
 */
async function runHere(runs: readonly PresetRun[], options: ReproduceAllOptions): Promise<void> {
  const say = (line: string) => process.stderr.write(line);
  const threads = options.threads ?? 1;
  for (const { preset, label, starting, finish } of runs) {
    say(starting);
    const start = performance.now();
    let outcome: PresetOutcome;
    try {
      const progress = terminalProgress(label);
      const warn = (line: string) => say(`losslab: warning: ${line}\n`);
      const runner = threads > 1 ? presetRunsOnThreads(preset, options.seed, threads, warn) : undefined;
      const split = runner === undefined ? undefined : { threads, runner };
      const sweepRunner = threadRunner(options.workers, undefined, split);
      outcome = { result: await preset.run({ seed: options.seed, progress, sweepRunner, scenarioRunner: runner }) };
    } catch (error) {
      // One preset's error must not cost the others their run: it goes in the report.
      outcome = { error: errorLine(error) };
    }
    await finish(outcome, start, say);
  }
}

/**
 * Every preset at once on one pool of `options.workers` threads: a preset with a sweep runs
 * here and puts its points on the pool; one without runs whole on a thread of the pool. The
 * longest start first (by `expectedRuntime`, on one thread), so that the pool's queue holds
 * the big sweeps' points first and the short presets last, to fill the gaps at the end: no
 * core waits for a preset of one run or for the last points of a sweep, on any number of
 * cores. One status line shows the presets running, their progress and the ETA.
 */
async function runOnThreads(runs: readonly PresetRun[], options: ReproduceAllOptions): Promise<void> {
  const cost = runs.map((run) => expectedThreadSeconds(run.preset.expectedRuntime));
  const totalCost = cost.reduce((sum, seconds) => sum + seconds, 0);
  const order = runs.map((_, i) => i).sort((a, b) => cost[b]! - cost[a]!);
  const status = statusLine();
  const say = (line: string) => status.say(line);
  /** Fraction done of each preset running, and when each started. */
  const running = new Map<number, number>();
  const startedAt: number[] = [];
  let doneCost = 0;
  const start = Date.now();
  const show = () => {
    let done = doneCost;
    for (const [i, fraction] of running) done += fraction * cost[i]!;
    const fraction = totalCost > 0 ? done / totalCost : 1;
    const elapsed = Date.now() - start;
    const eta = fraction > 0.02 ? `, ETA ${formatSeconds(elapsed * (1 / fraction - 1))}` : "";
    // Those furthest along first: a sweep's points may still wait in the pool's queue.
    const names = [...running]
      .sort((a, b) => b[1] - a[1])
      .map(([i, f]) => `${runs[i]!.preset.name} ${Math.floor(f * 100)}%`)
      .join(", ");
    status.update(`reproduce --all: ${Math.floor(fraction * 100)}%${eta}; running ${names}`);
  };
  const began = (i: number) => {
    if (startedAt[i] !== undefined) return;
    startedAt[i] = performance.now();
    say(runs[i]!.starting);
    running.set(i, 0);
    show();
  };
  const moved = (i: number, fraction: number) => {
    began(i);
    running.set(i, Math.min(fraction, 1));
    show();
  };
  const { openPool } = await import("../sweep/worker-pool.js");
  const pool = openPool(options.workers, true);
  // Every sweep's points go on the pool the presets share.
  const sweepRunner = threadRunner(options.workers, pool);
  const runOne = async (i: number): Promise<PresetOutcome> => {
    const { preset } = runs[i]!;
    try {
      if (preset.sweep !== true) return await pool.runPreset(preset.name, options.seed, (f) => moved(i, f));
      began(i);
      const progress = (done: number, total: number) => moved(i, total > 0 ? done / total : 0);
      return { result: await preset.run({ seed: options.seed, progress, sweepRunner }) };
    } catch (error) {
      // The preset's error, or the death of its thread (out of memory, say): it goes in the report.
      return { error: errorLine(error) };
    }
  };
  try {
    const sweeps = order.filter((i) => runs[i]!.preset.sweep === true);
    const whole = order.filter((i) => runs[i]!.preset.sweep !== true);
    const finished = sweeps.map(async (i) => finish(i, await runOne(i)));
    // The sweeps' points first: they go on the pool's queue once their presets have built them.
    await new Promise((resolve) => setImmediate(resolve));
    finished.push(...whole.map(async (i) => finish(i, await runOne(i))));
    await Promise.all(finished);
  } finally {
    status.end();
    await pool.destroy();
  }

  async function finish(i: number, outcome: PresetOutcome): Promise<void> {
    began(i); // a thread's first progress message may come after its result: they travel apart
    running.delete(i);
    doneCost += cost[i]!;
    await runs[i]!.finish(outcome, startedAt[i]!, say);
    show();
  }
}
