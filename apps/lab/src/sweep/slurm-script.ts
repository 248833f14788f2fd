/**
 * The files of `losslab sweep FILE --slurm DIR`: a job array script whose task I runs
 * `--shard I/N` (SLURM_ARRAY_TASK_ID of `--array=1-N`), a collect script, and submit.sh, which
 * submits the array and then the collect step as a job that waits for every task to succeed
 * (`--dependency=afterok:<array job>`). They are plain bash: `#SBATCH` lines are comments to
 * anything but sbatch, so a task also runs by hand (`SLURM_ARRAY_TASK_ID=2 bash shards.sbatch`).
 */
import { shellWord } from "../terminal/shell-word.js";

/** What the array's tasks ask of Slurm. */
export interface TaskResources {
  /** Array tasks (shards). */
  shards: number;
  /** Threads (`--workers`) of each task, and its `--cpus-per-task`. */
  cpus: number;
  /** `--mem`, MiB. */
  memoryMiB: number;
  /** `--time`, minutes. */
  minutes: number;
}

/** What the scripts run: the losslab that wrote them, where and on what. */
export interface ScriptCommand {
  /** The command that runs this losslab (node, its flags and the CLI's path), each word alone. */
  losslab: readonly string[];
  /** The directory the scripts `cd` to: where `--slurm` ran, so relative paths mean the same. */
  cwd: string;
  /** The sweep file as named on the command line. */
  file: string;
  /** The shards' `--out` and `--collect` directory, as named on the command line. */
  dir: string;
  /** The directory for Slurm's log files, absolute (#SBATCH lines are not relative to `cd`). */
  logs: string;
  /** Options both steps pass on (`--data-dir`, `--plugin`), each word alone. */
  passOn: readonly string[];
  /** For the job names. */
  name: string;
}

const words = (list: readonly string[]) => list.map(shellWord).join(" ");

/** A job name Slurm shows: the sweep's name with anything but letters, digits, `.`, `_` and `-` as `_`. */
const jobName = (name: string) => `losslab-${name.replace(/[^\w.-]+/g, "_").slice(0, 60)}`;

/** The job array script: task I runs shard I/N. */
export function shardsScript(command: ScriptCommand, resources: TaskResources): string {
  const { shards, cpus, memoryMiB, minutes } = resources;
  return `#!/bin/bash
# losslab sweep ${command.file} as a Slurm job array: task I runs shard I of ${shards}.
# Written by \`losslab sweep --slurm\`; submit it with submit.sh beside it, which also
# submits the collect step. By hand, without Slurm: SLURM_ARRAY_TASK_ID=I bash shards.sbatch
#SBATCH --job-name=${jobName(command.name)}
#SBATCH --array=1-${shards}
#SBATCH --cpus-per-task=${cpus}
#SBATCH --mem=${memoryMiB}M
#SBATCH --time=${minutes}
#SBATCH --output=${command.logs}/shard-%A-%a.out
set -euo pipefail
: "\${SLURM_ARRAY_TASK_ID:?this script runs one shard of a job array: submit it with sbatch, or set SLURM_ARRAY_TASK_ID (1 to ${shards})}"
cd ${shellWord(command.cwd)}
exec ${words(command.losslab)} sweep ${words([command.file, ...command.passOn])} \\
  --shard "$SLURM_ARRAY_TASK_ID/${shards}" --out ${shellWord(command.dir)} --workers "\${SLURM_CPUS_PER_TASK:-${cpus}}"
`;
}

/**
 * The collect step: merges the shards' kept points into results.csv, results.json and the
 * charts in the same directory (one thread; it runs nothing).
 */
export function collectScript(command: ScriptCommand): string {
  return `#!/bin/bash
# losslab sweep ${command.file}: collects the shards' results once every task of the array
# has succeeded (submit.sh submits it with --dependency=afterok:<array job>).
#SBATCH --job-name=${jobName(command.name)}-collect
#SBATCH --cpus-per-task=1
#SBATCH --mem=${COLLECT_MEMORY_MIB}M
#SBATCH --time=${COLLECT_MINUTES}
#SBATCH --output=${command.logs}/collect-%j.out
set -euo pipefail
cd ${shellWord(command.cwd)}
exec ${words(command.losslab)} sweep ${words([command.file, ...command.passOn])} --collect ${shellWord(command.dir)}
`;
}

/**
 * Submits the array, then the collect step once every task has succeeded. `sbatch --parsable`
 * prints `<job id>[;<cluster>]`.
 */
export function submitScript(shards: string, collect: string): string {
  return `#!/bin/sh
set -eu
array=$(sbatch --parsable ${shellWord(shards)})
sbatch --dependency=afterok:"\${array%%;*}" ${shellWord(collect)}
`;
}

/** Reading every kept point and drawing the charts of 10,000 points fits in a GiB. */
const COLLECT_MEMORY_MIB = 1024;
const COLLECT_MINUTES = 30;
