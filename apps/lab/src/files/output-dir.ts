import { constants } from "node:fs";
import { access, mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { UserError } from "../user-error.js";

/**
 * Creates the output directory and checks that it can be written, before anything runs:
 * a bad `--out` must not cost a long simulation its results.
 */
export async function prepareOutputDir(dir: string): Promise<void> {
  try {
    await makeDirectory(resolve(dir));
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new UserError(`--out: cannot write to "${dir}": ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
}

/**
 * `mkdir -p`, one level at a time: Node 20's own `{ recursive: true }` never returns for a
 * path under a directory that refuses new entries with ENOENT (e.g. /proc).
 */
async function makeDirectory(path: string): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (found !== undefined) {
    if (!found.isDirectory()) throw Object.assign(new Error(`${path} is not a directory`), { code: "ENOTDIR" });
    return;
  }
  const parent = dirname(path);
  if (parent !== path) await makeDirectory(parent);
  try {
    await mkdir(path);
  } catch (error) {
    // Made meanwhile by another process (the tasks of a job array start together on one shared directory).
    if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !(await stat(path)).isDirectory()) throw error;
  }
}
