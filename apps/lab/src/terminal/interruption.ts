/**
 * Ctrl-C (SIGINT) and SIGTERM during a command that keeps its results as it goes (a sweep,
 * `reproduce --all`): one line saying what was kept, the unfinished temporary files removed,
 * and the shell's exit code for the signal (130, 143). Exiting ends the worker threads with
 * the process.
 *
 * The handler runs on the main thread's event loop: while the main thread itself runs a
 * simulation (`--workers 1`, or a preset of one run) it takes effect when that run ends.
 * Commands with nothing to keep (`run`, `reproduce <preset>`) install none, so that a signal
 * stops them at once; their files are written atomically, so none is left cut short.
 */
import { constants } from "node:os";
import { discardPendingFiles } from "../files/atomic-write.js";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/**
 * Until the returned function is called, SIGINT and SIGTERM print
 * `losslab: interrupted; <kept()>` and exit. `kept` says what is on disk and how to go on,
 * e.g. "12 of 40 points kept in out/results.csv; run the same command again to resume".
 */
export function exitOnInterrupt(kept: () => string): () => void {
  const handler = (signal: (typeof SIGNALS)[number]) => {
    discardPendingFiles();
    // On a terminal the progress line has no newline yet.
    process.stderr.write(`${process.stderr.isTTY ? "\n" : ""}losslab: interrupted; ${kept()}\n`);
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of SIGNALS) process.on(signal, handler);
  return () => {
    for (const signal of SIGNALS) process.off(signal, handler);
  };
}
