import { join } from "node:path";
import {
  formatResultTable,
  type Preset,
  presets,
  resolvePreset,
  resultJsonText,
  UnknownPresetError,
} from "@losslab/reproductions";
import { parseScenario, runScenario } from "@losslab/scenario";
import { prepareOutputDir } from "../files/output-dir.js";
import { openTraceFile, type TraceFlags } from "../files/trace-file.js";
import { writePresetOutput } from "../report/preset-output.js";
import { presetRunsOnThreads } from "../split-runs/preset-runs.js";
import { atOnceHere, runsAtOnce } from "../split-runs/runs-at-once.js";
import { threadRunner } from "../sweep/thread-runner.js";
import { CLAIM_FAILED } from "../terminal/exit-codes.js";
import { terminalProgress } from "../terminal/progress.js";
import { UserError } from "../user-error.js";
import { reproduceAll } from "./reproduce-all.js";

export interface ReproduceOptions extends TraceFlags {
  json?: boolean;
  out?: string;
  seed: number;
  workers: number;
  /** Run every preset (or those in --only) and write <out>/index.html. */
  all?: boolean;
  /** Comma-separated preset names restricting --all. */
  only?: string;
  /** List the presets instead of running one. */
  list?: boolean;
  /** With --trace: which of the preset's runs to trace (1-based). */
  traceRun?: number;
  /** With --trace: write the trace and stop (skip the preset's own runs). */
  traceOnly?: boolean;
  /** With --all: run every preset, ignoring the results already in --out. */
  fresh?: boolean;
  /** Threads to split each of the preset's runs over (`--threads`, default 1). */
  threads?: number;
  /** Whether the user gave --workers, rather than left it at its default (commander's `getOptionValueSource`). */
  given?: (name: "workers") => boolean;
}

/**
 * `losslab reproduce <preset>`: runs a paper figure's preset. With --json prints the spec's
 * JSON object on stdout; otherwise a readable table, plus CSV and chart files under --out.
 * `--list` lists the presets; `--all` runs them all and writes an HTML report.
 */
export async function reproduceCommand(name: string | undefined, options: ReproduceOptions): Promise<void> {
  if (options.list) {
    if (name !== undefined || options.all) throw new UserError("--list takes no preset name and no --all");
    listPresets(options.json === true);
    return;
  }
  if (options.all) {
    if (options.trace !== undefined) throw new UserError("--trace traces one preset's run; not with --all");
    if (name !== undefined) {
      throw new UserError(`give either a preset name or --all, not both (got "${name}" and --all)`);
    }
    const threads = options.threads ?? 1;
    const workers = threads > 1 ? sweepWorkers(threads, options) : options.workers;
    process.exitCode = await reproduceAll(selectPresets(options.only), { ...options, workers, threads });
    return;
  }
  if (name === undefined) {
    throw new UserError("give a preset name or --all (see `losslab reproduce --list`)");
  }
  if (options.only !== undefined) throw new UserError("--only restricts --all; use it with --all");
  if (options.fresh) throw new UserError("--fresh is for --all, which re-uses results; a single preset always runs");
  const preset = presetNamed(name);
  const threads = options.threads ?? 1;
  const workers = sweepWorkers(threads, options);
  // Every run is checked before any starts, the trace's included.
  const split = threads > 1 ? { threads, runner: presetRunsOnThreads(preset, options.seed, threads) } : undefined;
  traceRun(preset, options);
  if (options.traceOnly) return;
  const out = options.out ?? join("results", preset.name);
  if (!options.json) await prepareOutputDir(out);
  const progress = options.json ? () => {} : terminalProgress(preset.name);
  const start = performance.now();
  const result = await preset.run({
    seed: options.seed,
    progress,
    sweepRunner: threadRunner(workers, undefined, split),
    ...(split === undefined ? {} : { scenarioRunner: split.runner }),
  });
  if (options.json) {
    process.stdout.write(resultJsonText(preset.name, options.seed, result));
  } else {
    process.stdout.write(formatResultTable(preset.name, result));
    const { written } = await writePresetOutput(out, preset.name, options.seed, result, start);
    process.stdout.write(`\nwrote ${written.length} files to ${out}/\n`);
  }
  if (result.checks.some((check) => !check.pass)) process.exitCode = CLAIM_FAILED;
}

/** The sweep's points at once when each is split over `threads` threads (`runsAtOnce`, `atOnceHere`). */
function sweepWorkers(threads: number, options: ReproduceOptions): number {
  const given = options.given === undefined || options.given("workers");
  return atOnceHere(threads, runsAtOnce(threads, given ? options.workers : undefined));
}

/**
 * --trace: runs the chosen scenario of the preset once more with a packet trace (the
 * preset's own runs stay untraced, and may run on worker threads).
 */
function traceRun(preset: Preset, options: ReproduceOptions): void {
  if (options.trace === undefined) {
    if (options.traceRun !== undefined || options.traceOnly) {
      throw new UserError(`${options.traceOnly ? "--trace-only" : "--trace-run"} needs --trace FILE`);
    }
    openTraceFile(options); // rejects trace filters without --trace
    return;
  }
  const scenarios = preset.scenarios(options.seed);
  if (scenarios.length === 0) throw new UserError(`${preset.name} simulates nothing (an analytical figure): no trace`);
  const run = options.traceRun ?? (scenarios.length === 1 ? 1 : undefined);
  if (run === undefined || run > scenarios.length) {
    throw new UserError(
      `${preset.name} makes ${scenarios.length} runs: choose one with --trace-run 1..${scenarios.length}` +
        (run === undefined ? "" : ` (got ${run})`),
    );
  }
  const trace = openTraceFile(options)!;
  try {
    runScenario(parseScenario(scenarios[run - 1]), { trace: trace.options });
  } finally {
    process.stderr.write(`${preset.name}, run ${run} of ${scenarios.length}: ${trace.close()}\n`);
  }
}

function listPresets(json: boolean): void {
  const rows = presets.map(({ name, description, expectedRuntime }) => ({ name, description, expectedRuntime }));
  if (json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const header = { name: "preset", description: "description", expectedRuntime: "runtime" };
  const nameWidth = Math.max(...[header, ...rows].map((r) => r.name.length));
  const runtimeWidth = Math.max(...[header, ...rows].map((r) => r.expectedRuntime.length));
  const line = (r: typeof header) =>
    `${r.name.padEnd(nameWidth)}  ${r.expectedRuntime.padEnd(runtimeWidth)}  ${r.description}`;
  process.stdout.write(`${[line(header), ...rows.map(line)].join("\n")}\n`);
}

/** The preset `name` names; an old name works, with a note on stderr. An unknown name is a user's mistake. */
function presetNamed(name: string): Preset {
  let resolved: ReturnType<typeof resolvePreset>;
  try {
    resolved = resolvePreset(name);
  } catch (error) {
    throw error instanceof UnknownPresetError ? new UserError(error.message) : error;
  }
  const { preset, note } = resolved;
  if (note !== undefined) process.stderr.write(`losslab: note: ${note}\n`);
  return preset;
}

/** The presets --all runs: every one but the long ones, or those named in --only (in the registry's order). */
function selectPresets(only: string | undefined): Preset[] {
  if (only === undefined) return presets.filter((preset) => preset.long !== true);
  const names = only
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n !== "");
  if (names.length === 0) {
    throw new UserError(`--only names no preset; known presets: ${presets.map((p) => p.name).join(", ")}`);
  }
  const chosen = new Set(
    names.map((name) => {
      try {
        return presetNamed(name);
      } catch (error) {
        throw error instanceof UserError ? new UserError(`--only: ${error.message}`) : error;
      }
    }),
  );
  return presets.filter((p) => chosen.has(p));
}
