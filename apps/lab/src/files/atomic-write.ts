/**
 * Every file losslab writes goes to a temporary name beside its final name and is renamed
 * into place once complete. A rename within a directory is atomic, so a process killed at
 * any moment (Ctrl-C, SIGTERM, SIGKILL, a crash) leaves either the previous file or the new
 * one under the final name, never a file cut short: a resumed sweep cannot mistake a row cut
 * inside its last number for a whole one.
 *
 * The temporary name is hidden and names the process: `.results.csv.<pid>-<n>.tmp`. Those of
 * this process still open when it is interrupted are removed by `discardPendingFiles`; one
 * left by a process that was killed outright is removed the next time the same file is
 * written.
 */
import { closeSync, openSync, readdirSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { rename, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { UserError } from "../user-error.js";

/** Temporary files of this process not yet renamed into place. */
const pending = new Set<string>();
let sequence = 0;

/** A file being written: chunks go to its temporary name until `close` renames it into place. */
export interface AtomicFile {
  write(chunk: string | Uint8Array): void;
  /** Renames the file into place. */
  close(): void;
  /** Removes the temporary file; the final name keeps what it had. */
  discard(): void;
}

/** Writes `data` to `path` as one atomic replacement. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryName(path);
  pending.add(temporary);
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw writeError(path, error);
  } finally {
    pending.delete(temporary);
  }
}

/** `writeFileAtomic` for code that must not yield (a sweep saves its rows between points). */
export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  const file = openAtomicFile(path);
  try {
    file.write(data);
  } catch (error) {
    file.discard();
    throw error;
  }
  file.close();
}

/** Opens `path` for writing in chunks (a packet trace); nothing appears under `path` before `close`. */
export function openAtomicFile(path: string): AtomicFile {
  const temporary = temporaryName(path);
  let fd: number;
  try {
    fd = openSync(temporary, "w");
  } catch (error) {
    throw writeError(path, error);
  }
  pending.add(temporary);
  const finish = (keep: boolean) => {
    if (!pending.delete(temporary)) return;
    try {
      closeSync(fd);
      if (keep) renameSync(temporary, path);
      else unlinkSync(temporary);
    } catch (error) {
      if (keep) {
        removeQuietly(temporary);
        throw writeError(path, error);
      }
    }
  };
  return {
    write: (chunk) => {
      try {
        // writeSync may write less than it was given: loop until every byte is out.
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset);
      } catch (error) {
        throw writeError(path, error);
      }
    },
    close: () => finish(true),
    discard: () => finish(false),
  };
}

/**
 * Removes the temporary files of this process that were not renamed into place yet (the
 * interruption handler calls it just before exiting). Synchronous: the process exits next.
 */
export function discardPendingFiles(): void {
  for (const temporary of pending) removeQuietly(temporary);
  pending.clear();
}

/** A fresh temporary name beside `path`, after removing those that killed processes left for it. */
function temporaryName(path: string): string {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    // An unreadable or missing directory: the write itself will say why.
  }
  for (const entry of entries) {
    const match = entry.startsWith(prefix) ? /^(\d+)-\d+\.tmp$/.exec(entry.slice(prefix.length)) : null;
    if (match !== null && !isRunning(Number(match[1]))) removeQuietly(join(dir, entry));
  }
  sequence++;
  return join(dir, `${prefix}${process.pid}-${sequence}.tmp`);
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/** A failed write as one line for the user (disk full, directory removed during the run, ...). */
function writeError(path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? (error as Error) : new UserError(`cannot write "${path}": ${code}`);
}
