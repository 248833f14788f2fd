/**
 * How many runs a command runs at once when each is split over threads (`--threads` of sweep
 * and reproduce): threads times runs must not exceed the cores, or the split runs' threads
 * wait for one another at every window's barrier while the kernel runs the others.
 */
import { availableParallelism } from "node:os";
import { UserError } from "../user-error.js";

/**
 * The runs at once for `threads` threads each: max(1, floor(cores / threads)), or `workers`
 * when given. Given workers x threads above `cores` is refused, naming both flags and the
 * cores, but for one run at once (a run may ask for more threads than there are cores, as
 * `run --threads` may) and for one thread (what --workers always allowed).
 */
export function runsAtOnce(threads: number, workers: number | undefined, cores = availableParallelism()): number {
  const fit = Math.max(1, Math.floor(cores / threads));
  if (threads > 1 && workers !== undefined && workers > fit) {
    throw new UserError(
      `--workers ${workers} with --threads ${threads} runs ${workers * threads} threads, more than this machine's ${cores} cores: give --workers ${fit === 1 ? "1" : `${fit} or fewer`}, or leave --workers out`,
    );
  }
  return workers ?? fit;
}

/**
 * `runs` at once, or one when the runs are split and losslab runs from its TypeScript sources
 * (`pnpm losslab`, tests): there a pool thread loads the split run's module as CommonJS, where
 * it cannot start its parts' workers (no `import.meta.resolve`), so split runs go one at a
 * time in the main thread. The built CLI has no such limit.
 */
export function atOnceHere(threads: number, runs: number): number {
  return threads > 1 && import.meta.url.endsWith(".ts") ? 1 : runs;
}
