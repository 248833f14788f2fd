/**
 * The `losslab` command line as a program: it parses arguments and hands over to
 * commands/*; cli.ts runs it as a process, tests can run it in one.
 */
import { availableParallelism, totalmem } from "node:os";
import { TRACE_EVENTS } from "@losslab/metrics";
import { MAX_THREADS } from "@losslab/scenario";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { importHtsimCommand, importNs3Command } from "./commands/import.js";
import { listCommand } from "./commands/list.js";
import { type ReproduceOptions, reproduceCommand } from "./commands/reproduce.js";
import { runCommand } from "./commands/run.js";
import { schemaCommand } from "./commands/schema.js";
import { type SweepOptions, sweepCommand } from "./commands/sweep.js";
import { validateCommand } from "./commands/validate.js";
import type { WorkerOptions } from "./commands/worker.js";
import { examplesDirectory } from "./examples-directory.js";
import { MAX_SHARDS, parseShard, type Shard } from "./sweep/shard.js";
import { oneLine } from "./terminal/one-line.js";
import { UserError } from "./user-error.js";
import { losslabVersion as version } from "./version.js";

function integerOption(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (text: string): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
      throw new InvalidArgumentError(`${name} must be an integer ${range}, got "${text}"`);
    }
    return value;
  };
}

/** `--threads`, for run, reproduce and sweep: one run split over threads, 1 to MAX_THREADS. */
const threadsOption = (what: string, byDefault: string) =>
  [
    "--threads <n>",
    `${what} over n threads (1 to ${MAX_THREADS}; default ${byDefault}), by the topology's pods, groups or leaves: the same results as one thread, sooner or not (docs/spec/parallel.md)`,
    integerOption("--threads", 1, MAX_THREADS),
  ] as const;

/**
 * The most points `losslab worker` runs at once on this machine: one per core, and one per
 * GiB of memory (a point's fabric and counters may take up to 2 GiB, most far less; an idle
 * thread alone holds about 25 MiB).
 */
export function maxConcurrency(cores = availableParallelism(), memoryBytes = totalmem()): number {
  return Math.max(1, Math.min(cores, Math.floor(memoryBytes / 2 ** 30)));
}

function concurrencyOption(text: string): number {
  const max = maxConcurrency();
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new InvalidArgumentError(
      `--concurrency must be an integer from 1 to ${max} on this machine (${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB of memory: at most one point per core and per GiB), got "${text.slice(0, 40)}"`,
    );
  }
  return value;
}

/** `--shard I/N`: 1 <= I <= N <= MAX_SHARDS. */
function shardOption(text: string): Shard {
  const shard = parseShard(text);
  if ("problem" in shard) throw new InvalidArgumentError(`--shard ${shard.problem}`);
  return shard;
}

const EXAMPLES = examplesDirectory();

/** Where the secrets of `--queue` come from besides the environment: files, never flag values (`ps` shows those). */
const QUEUE_KEY_FILE: [string, string] = [
  "--queue-key-file <file>",
  "the queue key the collector and its workers share, from this file (else LOSSLAB_QUEUE_KEY); Redis never holds it",
];
const QUEUE_PASSWORD_FILE: [string, string] = [
  "--queue-password-file <file>",
  "the Redis password, from this file's first line (else LOSSLAB_REDIS_PASSWORD, or the URL's)",
];

/** The option every command that reads scenario files takes: where the files they name may be. */
/** `--plugin <module>`, repeatable: kinds from a module outside losslab (see plugins.ts). */
const PLUGIN = [
  "--plugin <module>",
  "load kinds (marking policies, ...) from this module: an installed package, or ./file.mjs inside the working directory (plugins are code that runs with your rights); repeatable",
  (value: string, previous: string[] = []) => [...previous, value],
] as const;

const DATA_DIR: [string, string] = [
  "--data-dir <dir>",
  "read trace and base scenario files the file names from <dir> (default: the file's own directory); files outside it are refused",
];

/** The `losslab` program: its commands and options; commander's messages go to `writeError`. */
export function losslabProgram(writeError: (text: string) => void = (text) => process.stderr.write(text)): Command {
  const program = new Command()
    .name("losslab")
    .version(version, "-V, --version", "print the version of losslab")
    .description("Simulate congestion control in lossless interconnects and reproduce the papers' figures.")
    .showSuggestionAfterError()
    // Help goes to `writeError`; parse errors are reported by runLosslab, as one `losslab:` line.
    .configureOutput({ writeErr: writeError, outputError: () => {} })
    .exitOverride();

  program
    .command("list")
    .description("list the reproduction presets (paper figures) with a one-line description")
    .option("--json", "print the list as JSON")
    .action(listCommand);

  program
    .command("reproduce")
    .description("regenerate a paper figure: prints its summary and claim checks, writes CSV + SVG/PNG charts")
    .argument("[preset]", "preset name, see `losslab reproduce --list`")
    .option("--list", "list the presets with description and expected runtime (with --json: as JSON)")
    .option(
      "--all",
      "run every preset (the hours-long -large ones only if named in --only); writes <out>/<preset>/ files and one <out>/index.html report",
    )
    .option("--only <names>", "with --all: only these presets (comma-separated)")
    .option("--fresh", "with --all: run every preset again, ignoring the results already in --out")
    .option("--json", "print the result as one JSON object on stdout (no files written)")
    .option("--out <dir>", "directory for CSV, SVG and PNG files (default results/<preset>; with --all, results)")
    .option("--seed <n>", "random seed", integerOption("--seed", 0), 1)
    .option(
      "--workers <n>",
      "worker threads for sweeps; with --threads N: the cores / N",
      integerOption("--workers", 1),
      availableParallelism(),
    )
    .option(
      ...threadsOption(
        "split each of the preset's runs and sweep points (with --all: the presets one after the other)",
        "1",
      ),
    )
    .option("--trace <file>", "write a packet trace of one of the preset's runs (see run --trace)")
    .option(
      "--trace-run <n>",
      "which run to trace, 1-based (default: the preset's only run)",
      integerOption("--trace-run", 1),
    )
    .option("--trace-only", "write the trace and stop, without the preset's own runs and results")
    .option("--trace-flows <ids>", "trace only these flow ids (comma-separated)")
    .option("--trace-kinds <events>", "trace only these events (comma-separated, or all)")
    .option("--trace-window <from..to>", "trace only this interval of simulated time, e.g. 10ms..12ms")
    .addHelpText(
      "after",
      `
With --all, each preset's files go to <out>/<preset>/ as it finishes, ending
with a manifest.json of their SHA-256. Run the same command again and presets
whose files check out at the same seed are not run again (--fresh runs them
all); Ctrl-C or SIGTERM keeps the finished presets.

Exit codes: 0 every claim passes; 1 a claim fails; 2 a mistake (one line on
stderr); 3 with --all, a preset failed at run time (the others ran; its error
is on stderr and in the report); 130/143 --all interrupted by SIGINT/SIGTERM.`,
    )
    .action((name: string | undefined, options: ReproduceOptions, command: Command) =>
      reproduceCommand(name, { ...options, given: (option) => command.getOptionValueSource(option) === "cli" }),
    );

  program
    .command("run")
    .description("run a scenario file (JSON or YAML) and print its summary")
    .argument("<scenario-file>", `path to a scenario file (examples in ${EXAMPLES})`)
    .option("--json", "print the result as JSON: summary, marks, counts, fingerprint and cost (no time series)")
    .option("--series", "with --json: add the time series of every link and flow group (large)")
    .option(
      "--out <dir>",
      "also write result.json (with the time series), CSVs and charts of the flow groups and latency to this directory",
    )
    .option("--seed <n>", "override the scenario's seed", integerOption("--seed", 0))
    .option(...threadsOption("split the run", "the scenario's `threads`, else 1"))
    .option("--trace <file>", "write a packet trace of the run to this file (NDJSON, one line per packet event)")
    .option("--trace-flows <ids>", "trace only these flow ids (comma-separated)")
    .option("--trace-kinds <events>", `trace only these events (comma-separated, or all): ${TRACE_EVENTS.join(", ")}`)
    .option("--trace-window <from..to>", "trace only this interval of simulated time, e.g. 10ms..12ms")
    .option(...DATA_DIR)
    .option(...PLUGIN)
    .action(runCommand);

  program
    .command("sweep")
    .description("run a scenario over a grid of parameter values; writes results.csv/.json and charts (resumable)")
    .argument("<sweep-file>", "sweep file (JSON or YAML): { base, parameters, outputs? }")
    .option("--out <dir>", "directory for results.csv, results.json and charts (default results/sweep-<file stem>)")
    .option(
      "--workers <n>",
      "points run at once, each on a worker thread; with --threads N: the cores / N",
      integerOption("--workers", 1),
      availableParallelism(),
    )
    .option(...threadsOption("split each point's run", "1"))
    .option("--fresh", "run every point again, ignoring the results already in --out")
    .option(...DATA_DIR)
    .option(...PLUGIN)
    .addOption(
      new Option(
        "--queue <url>",
        "run the points as jobs on a BullMQ queue in Redis (redis://HOST:PORT[/DB], rediss:// for TLS), where `losslab worker` processes run them",
      ).conflicts("workers"),
    )
    .option(...QUEUE_KEY_FILE)
    .option(...QUEUE_PASSWORD_FILE)
    .option(
      "--shard <i/n>",
      "run only shard I of N (1-based) of the points, keeping each result in --out's points/ (for job arrays: Slurm, GNU parallel, ...)",
      shardOption,
    )
    .option(
      "--collect <dir>",
      "merge the points the shards kept in <dir> into results.csv, results.json and charts (in <dir>, or --out)",
    )
    .option(
      "--slurm <dir>",
      "write a Slurm job array of the shards and its collect step to <dir>, and the line that submits them",
    )
    .option(
      "--shards <n>",
      `with --slurm: the number of shards, 1 to ${MAX_SHARDS} (default: from the points' estimated cost)`,
      integerOption("--shards", 1),
    )
    .addHelpText(
      "after",
      `
results.csv and results.json are rewritten as each point finishes. Run the
same command again to resume: a point is re-used only if both files agree on
it (the header is this sweep's, one row per point, every cell as losslab
writes it, a 16-hex-digit fingerprint); the rest run, and stderr says which
and why. Ctrl-C or SIGTERM stops with the finished points kept.

A point whose simulation fails is recorded with its error (an "error" column
in results.csv, "error" in results.json, a line on stderr) and the others run.

Many points use the cores best as one single-threaded run per core (the
default): no window barriers, and one thread is the cheapest per event.
--threads N shortens each run (latency) at some extra CPU: for a few long
points. With it --workers defaults to the cores divided by N, and --workers W
with W x N above the cores is refused. The records are the same either way.

With --queue, the points are jobs in Redis and \`losslab worker --queue URL\`
processes, on this machine or others, run them; the outputs are the same bytes
as with --workers 1. Jobs and results are signed with the queue key
(LOSSLAB_QUEUE_KEY or --queue-key-file, the same for the collector and its
workers): a result that does not check out is rejected and its point runs
again. Results wait in Redis until the sweep is collected, so an interrupted
collector run again takes the finished points from there.

--shard I/N runs the I-th of N disjoint shares of the points (I from 1 to N,
as Slurm's --array=1-N numbers its tasks; shares balanced by the estimated
cost) and keeps each point's result in --out/points/, one file each, written
atomically: many shards may share one directory, and a shard run again goes on
from what it kept. --collect DIR then writes the same files as --workers 1,
after checking every kept point (this sweep's, this scenario's, whole and
unedited; with the queue key, sealed with it); otherwise one line names the
points and the shards to run again.
--slurm DIR writes DIR/shards.sbatch (the job array), DIR/collect.sbatch and
DIR/submit.sh, which submits both.

Exit codes: 0 done; 2 a mistake (one line on stderr); 3 a point failed
(everything else is written); 130/143 interrupted by SIGINT/SIGTERM.`,
    )
    .action((file: string, options: SweepOptions, command: Command) =>
      sweepCommand(file, { ...options, given: (name) => command.getOptionValueSource(name) === "cli" }),
    );

  program
    .command("validate")
    .description("check a scenario file (JSON or YAML) without running it")
    .argument("<scenario-file>", `path to a scenario file (examples in ${EXAMPLES})`)
    .option(...DATA_DIR)
    .option(...PLUGIN)
    .action(validateCommand);

  program
    .command("schema")
    .description("print the JSON Schema of scenario files (for editors: name it in a file's $schema)")
    .option(...PLUGIN)
    .action(schemaCommand);

  program
    .command("worker")
    .description("run the points of queued sweeps (`losslab sweep --queue`) from a Redis queue, until stopped")
    .requiredOption("--queue <url>", "the queue's Redis: redis://HOST:PORT[/DB], or rediss:// for TLS")
    .option(...QUEUE_KEY_FILE)
    .option(...QUEUE_PASSWORD_FILE)
    .option(
      "--concurrency <n>",
      "points run at once, each on a worker thread (at most one per core and per GiB of memory)",
      concurrencyOption,
      maxConcurrency(),
    )
    .option(
      "--stalled-after <seconds>",
      "a job whose worker stops answering (killed, machine lost) for this long is run again by another worker; give every worker the same value",
      integerOption("--stalled-after", 1),
      30,
    )
    .addHelpText(
      "after",
      `
A job is data: the worker runs only losslab's own scenario task on it, refuses
a job not signed with the queue key (LOSSLAB_QUEUE_KEY or --queue-key-file, the
collector's), whose scenario does not validate, comes from another losslab
version or names a plugin or a file (a queued scenario carries its traces
inline), fails a corrupt job once, and loads no code from a job. What it returns
is signed for its job. Keep Redis on a private network all the same.

SIGINT or SIGTERM stops the worker after its running points (a second signal
stops it at once; its points are then run again by another worker).`,
    )
    // bullmq and ioredis load only for this command (see commands/sweep.ts).
    .action(async (options: WorkerOptions) => (await import("./commands/worker.js")).workerCommand(options));

  const importCommand = program
    .command("import")
    .description(
      "write a losslab scenario (YAML) from a peer simulator's files: the HPCC artifact's ns-3 inputs, htsim's",
    )
    .addHelpText(
      "after",
      `
What each format maps, and what it drops or approximates: docs/formats.md. An
import says on stderr (and at the top of the scenario) what it dropped from
these particular files.`,
    );
  importCommand
    .command("ns3-hpcc")
    .description(
      "the HPCC artifact's ns-3 topology.txt and flow.txt (and config: CC_MODE, its parameters, ECN, buffer)",
    )
    .argument("<topology>", "the ns-3 topology file (mix/topology.txt)")
    .argument("<flows>", "the ns-3 flow file (mix/flow.txt)")
    .option("--config <file>", "the ns-3 config (mix/config.txt); without it: HPCC with losslab's defaults")
    .option("--out <file>", "write the scenario to this file (default: stdout)")
    .action(importNs3Command);
  importCommand
    .command("htsim")
    .description("an htsim connection matrix (.cm), on its fat tree / leaf-spine .topo")
    .argument("<matrix>", "the connection matrix (without triggers: dependency-driven traffic is not in losslab yet)")
    .option("--topo <file>", "the htsim .topo file (default: the matrix's hosts on one switch)")
    .option("--out <file>", "write the scenario to this file (default: stdout)")
    .action(importHtsimCommand);

  return program;
}

/**
 * Runs `losslab` on `argv` (as `process.argv`: node, script, arguments) and returns its
 * exit code. User mistakes (UserError, commander's parse errors: an unknown command or
 * option, a missing argument) write one line to `writeError`, `losslab: ...`, and end with
 * code 2; help and --version end with commander's code. Anything else is a bug and is
 * thrown, keeping its stack trace.
 */
export async function runLosslab(
  argv: readonly string[],
  writeError: (text: string) => void = (text) => process.stderr.write(text),
): Promise<number> {
  const program = losslabProgram(writeError);
  const commandNames = program.commands.map((command) => command.name());
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help (asked for, or shown for a missing command) and --version are printed already.
      if (error.exitCode === 0 || error.code === "commander.help") return error.exitCode;
      writeError(`losslab: ${commanderMessage(error, commandNames)}\n`);
      return 2;
    }
    if (!(error instanceof UserError)) throw error;
    writeError(`losslab: ${oneLine(error.message)}\n`);
    return 2;
  }
}

/**
 * A commander parse error as one line: without its "error: " prefix, its "(Did you mean
 * X?)" line as ` (did you mean "X"?)`, and for an unknown command the commands there are.
 */
export function commanderMessage(error: CommanderError, commandNames: readonly string[]): string {
  let message = error.message
    .replace(/^error: /, "")
    .replace(/\s*\(Did you mean (one of )?([^)]*?)\?\)\s*$/, (_, several: string | undefined, names: string) =>
      several === undefined ? ` (did you mean "${names}"?)` : ` (did you mean one of ${names}?)`,
    );
  if (error.code === "commander.unknownCommand") message += `; commands: ${commandNames.join(", ")}`;
  return oneLine(message);
}
