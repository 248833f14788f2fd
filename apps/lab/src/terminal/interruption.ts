/**
 * Ctrl-C (SIGINT) and SIGTERM during a command that keeps its results as it goes (a sweep,
 * `reproduce --all`): one line saying what was kept, the unfinished temporary files removed,
 * then the process ends by the signal itself, as a program that catches it should (the
 * shell's exit code for it: 130, 143): the signal's default action ends the process at once,
 * where `process.exit` would wait for any file operation under way (a read blocked on a
 * named pipe kept a process that had said "interrupted" running for good). Ending ends the
 * worker threads with the process.
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
    endBy(signal);
  };
  for (const signal of SIGNALS) process.on(signal, handler);
  return () => {
    for (const signal of SIGNALS) process.off(signal, handler);
  };
}

/**
 * Ends the process by `signal`'s default action: every listener of it removed (Node then
 * restores the default), the signal raised again. Should anything keep it alive (a listener
 * added elsewhere), `process.exit` with the shell's code for it.
 */
export function endBy(signal: NodeJS.Signals): never {
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  process.exit(128 + (constants.signals[signal as keyof typeof constants.signals] ?? 0));
}
