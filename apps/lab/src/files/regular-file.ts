import { constants } from "node:fs";
import { open, stat } from "node:fs/promises";
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
export async function readTextFile(path: string, what: string, shown = path): Promise<string> {
  const where = `${what} ${quoteValue(shown)}`;
  // stat before open: opening a named pipe for reading blocks until someone writes to it.
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(`cannot read ${where}: ${describeCode(error)}`);
  });
  if (info.isDirectory()) throw new UserError(`cannot read ${where}: it is a directory`);
  if (!info.isFile()) throw new UserError(`cannot read ${where}: not a regular file (a device, pipe or socket)`);
  if (info.size > MAX_DATA_FILE_BYTES) throw tooLarge(where, `${(info.size / MIB).toFixed(1)} MiB`);
  const chunks: Buffer[] = [];
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      // Read until the end, not `info.size` bytes: files under /proc report a size of 0.
      let length = 0;
      for (;;) {
        const chunk = Buffer.alloc(CHUNK_BYTES);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        length += bytesRead;
        if (length > MAX_DATA_FILE_BYTES) throw tooLarge(where, `more than ${MAX_DATA_FILE_BYTES / MIB} MiB`);
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`cannot read ${where}: ${describeCode(error as NodeJS.ErrnoException)}`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new UserError(`cannot read ${where}: not UTF-8 text`);
  }
}

function tooLarge(where: string, size: string): UserError {
  return new UserError(
    `cannot read ${where}: it is ${size}; losslab reads files of at most ${MAX_DATA_FILE_BYTES / MIB} MiB`,
  );
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
