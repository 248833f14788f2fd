import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { quoteValue } from "@losslab/scenario";
import { UserError } from "../user-error.js";

/**
 * Where the files a scenario names (traces, a sweep's base scenario) may be: a directory, by
 * default the naming file's own, or the one given with `--data-dir`. A scenario file is
 * data, not access: it cannot make losslab read a file elsewhere.
 */
export interface DataDir {
  /** The directory as the user knows it, for messages. */
  readonly shown: string;
  /** Its real path (symbolic links resolved). */
  readonly real: string;
  /** Whether the user named it (`--data-dir`) rather than it being the naming file's directory. */
  readonly given: boolean;
}

/** The data directory `dir`; a missing one is a UserError naming `flag` when the user gave it. */
export async function dataDir(dir: string, given: boolean): Promise<DataDir> {
  try {
    return { shown: dir, real: await realpath(dir), given };
  } catch {
    throw new UserError(`${given ? "--data-dir" : "directory"} ${quoteValue(dir)}: no such directory`);
  }
}

/**
 * The real path of file `name` (as a scenario names it: relative to the directory, or
 * absolute) if it lies inside `dir`; else a UserError naming `field`. Checked twice: the
 * name itself (`..`, an absolute path elsewhere), then with symbolic links resolved (a link
 * in the directory that points outside). A file that does not exist is left for the reader
 * to report.
 */
export async function resolveInside(dir: DataDir, name: string, field: string): Promise<string> {
  if (name.includes("\0")) throw new UserError(`${field}: ${quoteValue(name)} contains a NUL character`);
  const outside = (path: string) => {
    const rest = relative(dir.real, path);
    return rest === ".." || rest.startsWith(`..${sep}`) || isAbsolute(rest);
  };
  const refuse = (why: string) =>
    new UserError(
      `${field}: ${quoteValue(name)} ${why} ${quoteValue(dir.shown)}; files named in a scenario are read only from ${dir.given ? "--data-dir" : "the scenario's directory (or --data-dir DIR)"}`,
    );
  const path = resolve(dir.real, name);
  if (outside(path)) throw refuse("is outside");
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return path;
  }
  if (outside(real)) throw refuse("is a symbolic link to a file outside");
  return real;
}
