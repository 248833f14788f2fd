import { constants, type Stats } from "node:fs";
import { lstat, open, stat } from "node:fs/promises";
import { quoteValue } from "@losslab/scenario";
import { UserError } from "../user-error.js";

/**
 * The largest scenario, sweep or trace file losslab reads: 32 MiB, a hundred times the
 * largest example (a trace of several hundred thousand messages still fits).
 */
export const MAX_DATA_FILE_BYTES = 32 * 2 ** 20;

const MIB = 2 ** 20;
const CHUNK_BYTES = 64 * 1024;

/**
 * Reads a regular file of at most MAX_DATA_FILE_BYTES as UTF-8 text. Anything else (no such
 * file, a directory, a device such as /dev/zero, a named pipe, a file too large or not
 * UTF-8) is a UserError `<shown>: <what> ...` that never quotes the contents.
 */
export async function readTextFile(
  path: string,
  what: string,
  shown = path,
  limits: Omit<FileLimits, "shown"> = {},
): Promise<string> {
  const bytes = await readRegularFile(path, what, { ...limits, shown });
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UserError(`cannot read ${what} ${quoteValue(shown)}: not UTF-8 text`);
  }
}

/**
 * The one way losslab reads a file it did not just write (scenarios, sweeps, traces, kept
 * results, manifests, charts): a regular file of at most `maxBytes` (default
 * MAX_DATA_FILE_BYTES), as bytes. A missing file, a directory, a device (/dev/zero), a named
 * pipe or a socket is a UserError saying so, found by `stat` before anything is opened (and
 * opened non-blocking, so a pipe swapped in meanwhile cannot block the process), so no read
 * hangs or fills the memory.
 */
export async function readRegularFile(path: string, what: string, limits: FileLimits = {}): Promise<Buffer> {
  const { shown = path, maxBytes = MAX_DATA_FILE_BYTES, followLinks = true } = limits;
  const where = `${what} ${quoteValue(shown)}`;
  await checkRegularFile(path, what, limits);
  const chunks: Buffer[] = [];
  try {
    const flags = constants.O_RDONLY | constants.O_NONBLOCK | (followLinks ? 0 : constants.O_NOFOLLOW);
    const handle = await open(path, flags);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new UserError(`cannot read ${where}: ${kindOf(info)}`);
      // Read until the end, not `info.size` bytes: files under /proc report a size of 0.
      let length = 0;
      for (;;) {
        const chunk = Buffer.alloc(CHUNK_BYTES);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        length += bytesRead;
        if (length > maxBytes) throw tooLarge(where, `more than ${limitText(maxBytes)}`, maxBytes);
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`cannot read ${where}: ${describeCode(error as NodeJS.ErrnoException)}`);
  }
  return Buffer.concat(chunks);
}

/**
 * Checks, without opening it, that `path` is a regular file of at most `maxBytes` (symbolic
 * links followed): what losslab requires of any file it reads or hands to Node to load (a
 * plugin). A UserError `cannot read <what> "<shown>": ...` otherwise.
 */
export async function checkRegularFile(path: string, what: string, limits: FileLimits = {}): Promise<void> {
  const { shown = path, maxBytes = MAX_DATA_FILE_BYTES, followLinks = true } = limits;
  const where = `${what} ${quoteValue(shown)}`;
  // stat before open: opening a named pipe for reading blocks until someone writes to it.
  const info = await (followLinks ? stat(path) : lstat(path)).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(`cannot read ${where}: ${describeCode(error)}`);
  });
  if (info.isSymbolicLink()) throw new UserError(`cannot read ${where}: it is a symbolic link`);
  if (!info.isFile()) throw new UserError(`cannot read ${where}: ${kindOf(info)}`);
  if (info.size > maxBytes) throw tooLarge(where, sizeText(info.size), maxBytes);
}

/** What a reader allows of a file. */
export interface FileLimits {
  /** The file's name in messages (default: its path). */
  shown?: string;
  /** The most bytes it may hold (default MAX_DATA_FILE_BYTES). */
  maxBytes?: number;
  /** Whether a symbolic link is followed (default) or refused (files losslab wrote itself: it writes no links). */
  followLinks?: boolean;
}

/** What a file that is not a regular one is, in words. */
function kindOf(info: Stats): string {
  return info.isDirectory() ? "it is a directory" : "not a regular file (a device, pipe or socket)";
}

/** A file's size, `32.0 MiB` (or `812 bytes`). */
const sizeText = (bytes: number) => (bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`);
/** A limit, `32 MiB` (or `65536 bytes`). */
const limitText = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

function tooLarge(where: string, size: string, maxBytes: number): UserError {
  return new UserError(`cannot read ${where}: it is ${size}; losslab reads files of at most ${limitText(maxBytes)}`);
}

/** What an errno means for a reader, in words (never `undefined`). */
function describeCode(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "ELOOP":
      return "too many symbolic links";
    case "ENAMETOOLONG":
      return "the name is too long";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    default:
      return error.code ?? error.message.split("\n")[0]!.slice(0, 200);
  }
}
