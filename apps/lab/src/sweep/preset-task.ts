/**
 * A whole preset as a task of a worker thread (`TaskPool.runPreset`, for `reproduce --all` on
 * several threads): the preset and its sweep run in that thread.
 */
import { findPreset, type PresetResult } from "@losslab/reproductions";
import { errorLine } from "../terminal/error-line.js";

/** A preset's result, or its error as one line (as `reproduce --all` reports it; an error's class does not cross threads). */
export type PresetOutcome = { result: PresetResult } | { error: string };

/** Runs the registered preset `name`, its sweep in this thread; reports 0 as it starts, then the fractions done. */
export async function runPreset(
  input: { name: string; seed: number },
  onProgress?: (fraction: number) => void,
): Promise<PresetOutcome> {
  onProgress?.(0);
  try {
    const progress = (done: number, total: number) => onProgress?.(total > 0 ? done / total : 0);
    return { result: await findPreset(input.name).run({ seed: input.seed, progress }) };
  } catch (error) {
    return { error: errorLine(error) };
  }
}
