/**
 * A whole preset as a task of a worker thread (`TaskPool.runPreset`, for `reproduce --all` on
 * several threads): a module of its own, since the presets import the sweep's task table.
 */
import { errorLine } from "../error-line.js";
import type { PresetOutcome } from "../preset.js";
import { findPreset } from "../presets/index.js";

/** Runs the registered preset `name`, its sweep in this thread; reports 0 as it starts, then the fractions done. */
export async function runPreset(
  input: { name: string; seed: number },
  onProgress?: (fraction: number) => void,
): Promise<PresetOutcome> {
  onProgress?.(0);
  try {
    const progress = (done: number, total: number) => onProgress?.(total > 0 ? done / total : 0);
    return { result: await findPreset(input.name).run({ seed: input.seed, workers: 1, progress }) };
  } catch (error) {
    return { error: errorLine(error) };
  }
}
