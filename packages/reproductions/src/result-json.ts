/**
 * A preset's result as JSON: the one serialisation behind `reproduce --json`, result.json and
 * the web app's summary (no Node here, so the page imports it and prints the same bytes).
 */
import type { PresetResult } from "./preset.js";

/** result.json: the JSON shape fixed by shared/spec/reproductions.md, plus the runs' fingerprint. */
export function resultJson(preset: string, seed: number, result: PresetResult) {
  const { params, fingerprint, summary, checks } = result;
  return { preset, seed, params, fingerprint, summary, checks };
}

/** The text of `reproduce NAME --json` and of result.json: `resultJson` indented by 2, then a newline. */
export const resultJsonText = (preset: string, seed: number, result: PresetResult): string =>
  `${JSON.stringify(resultJson(preset, seed, result), null, 2)}\n`;
