import type { CompletionSummary } from "@losslab/metrics";
import { parseScenario, runScenario } from "@losslab/scenario";
import { kindsWith, pluginUrls } from "../plugins.js";
import { errorLine } from "../terminal/error-line.js";

/** The plain-JSON summary of one scenario run: what a sweep records per point. */
export interface ScenarioSummary {
  /** The run's trajectory hash (`ScenarioResult.fingerprint`). */
  fingerprint: string;
  /** Utilization of each link direction over `metrics.measureMs` (fraction of link bandwidth). */
  links: Record<string, number>;
  /** Delivered rate of each flow group over `metrics.measureMs`. */
  groups: Record<string, number>;
  delivered: number;
  marked: number;
  completions: Record<string, CompletionSummary>;
}

/**
 * Validates and runs one scenario input (with the plugins its `plugins` name by file URL). A run that fails, for whatever reason (a scenario
 * the simulator rejects, an error in the model at run time), gives `{ error }` with its
 * message on one line: one point of a sweep must not take the others down, and an error's
 * class would not survive the worker boundary anyway.
 */
export async function runScenarioSummary(input: unknown): Promise<ScenarioSummary | { error: string }> {
  try {
    // A sweep's points carry their plugins as file URLs (sweep-file.ts): a worker thread loads them once.
    const kinds = await kindsWith(pluginUrls(input));
    const result = runScenario(parseScenario(input, kinds), { kinds });
    return {
      fingerprint: result.fingerprint,
      links: { ...result.summary.links },
      groups: { ...result.summary.groups },
      delivered: result.delivered,
      marked: result.marked,
      completions: result.completions,
    };
  } catch (error) {
    return { error: errorLine(error) };
  }
}
