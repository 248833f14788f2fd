import { join } from "node:path";
import { writeFileAtomic } from "../atomic-write.js";
import { errorLine } from "../error-line.js";
import { CLAIM_FAILED, RUN_FAILED } from "../exit-codes.js";
import { exitOnInterrupt } from "../interruption.js";
import { prepareOutputDir } from "../output-dir.js";
import type { Preset } from "../preset.js";
import { readKeptPreset, writePresetOutput } from "../preset-output.js";
import { terminalProgress } from "../progress.js";
import { collectEnvironment } from "../report/environment.js";
import { formatSeconds, type ReportPreset, renderHtmlReport } from "../report/html-report.js";
import { formatResultTable } from "../result-table.js";
import { UserError } from "../user-error.js";

export interface ReproduceAllOptions {
  json?: boolean;
  out?: string;
  seed: number;
  workers: number;
  /** Run every preset, ignoring the results already in --out. */
  fresh?: boolean;
}

/**
 * `losslab reproduce --all`: runs `presets` one after the other, each writing its files to
 * <out>/<preset>/ as it finishes, then <out>/index.html. A preset whose files an earlier run
 * left complete and intact at the same seed (readKeptPreset) is not run again, unless
 * --fresh; a preset that fails is reported with its error and the others run. Returns the
 * exit code: 3 if a preset failed, else 1 if a claim fails, else 0.
 */
export async function reproduceAll(presets: readonly Preset[], options: ReproduceAllOptions): Promise<number> {
  if (options.json) throw new UserError("--json is not supported with --all (see <out>/<preset>/result.json)");
  const out = options.out ?? "results";
  // Every directory is checked before anything runs: none may cost a finished preset its files.
  await prepareOutputDir(out);
  for (const preset of presets) await prepareOutputDir(join(out, preset.name));
  const environment = collectEnvironment();
  const reports: ReportPreset[] = [];
  let kept = 0;
  const stopHandling = exitOnInterrupt(
    () => `${kept} of ${presets.length} presets kept in ${out}/; run the same command again to resume`,
  );
  try {
    for (const [index, preset] of presets.entries()) {
      const label = `[${index + 1}/${presets.length}] ${preset.name}`;
      const dir = join(out, preset.name);
      const about = { name: preset.name, description: preset.description, expectedRuntime: preset.expectedRuntime };
      const earlier = options.fresh ? undefined : await readKeptPreset(dir, preset.name, options.seed);
      if (earlier !== undefined && !("problem" in earlier)) {
        process.stderr.write(`${label}: kept from an earlier run in ${dir}/ (verified), not run again\n`);
        process.stdout.write(`${formatResultTable(preset.name, earlier.result)}\n`);
        reports.push({ ...about, ...earlier });
        kept++;
        continue;
      }
      const redo = earlier === undefined ? "" : `${dir}/ is not re-used (${earlier.problem}); `;
      process.stderr.write(`${label}: ${redo}running (expected ${preset.expectedRuntime})\n`);
      const start = performance.now();
      let result: Awaited<ReturnType<Preset["run"]>>;
      try {
        result = await preset.run({ seed: options.seed, workers: options.workers, progress: terminalProgress(label) });
      } catch (error) {
        // One preset's error must not cost the others their run: it goes in the report.
        const message = errorLine(error);
        process.stderr.write(`losslab: ${label} failed: ${message}\n`);
        reports.push({ ...about, wallTimeMs: performance.now() - start, error: message });
        continue;
      }
      const { charts, wallTimeMs } = await writePresetOutput(dir, preset.name, options.seed, result, start);
      kept++;
      const failed = result.checks.filter((c) => !c.pass).length;
      process.stderr.write(
        `${label}: ${result.checks.length - failed} of ${result.checks.length} claims pass, ${formatSeconds(wallTimeMs)}\n`,
      );
      process.stdout.write(`${formatResultTable(preset.name, result)}\n`);
      reports.push({ ...about, wallTimeMs, result, charts });
    }
    // The presets' own wall times, re-used ones included: what the whole set costs to run.
    const totalWallTimeMs = reports.reduce((sum, report) => sum + report.wallTimeMs, 0);
    const html = renderHtmlReport({
      environment,
      seed: options.seed,
      workers: options.workers,
      totalWallTimeMs,
      presets: reports,
    });
    const index = join(out, "index.html");
    await writeFileAtomic(index, html);
    const checks = reports.flatMap((r) => ("result" in r ? r.result.checks : []));
    const failed = checks.filter((c) => !c.pass).length;
    const broken = reports.filter((r) => !("result" in r)).map((r) => r.name);
    process.stdout.write(
      `${reports.length} presets, ${checks.length - failed} of ${checks.length} claims pass, ${formatSeconds(totalWallTimeMs)}; wrote ${index}\n`,
    );
    if (broken.length > 0) {
      process.stderr.write(
        `losslab: ${broken.length} of ${reports.length} presets failed to run (${broken.join(", ")}); ` +
          "their errors are above and in the report, and the same command runs them again\n",
      );
      return RUN_FAILED;
    }
    return failed > 0 ? CLAIM_FAILED : 0;
  } finally {
    stopHandling();
  }
}
