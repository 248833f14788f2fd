import type { CompletionSummary } from "@losslab/metrics";
import { parseScenario, runScenario, ScenarioError } from "@losslab/scenario";

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
 * Validates and runs one scenario input. A scenario the simulator rejects gives `{ error }`
 * (a ScenarioError would lose its class crossing the worker boundary); anything else throws.
 */
export function runScenarioSummary(input: unknown): ScenarioSummary | { error: string } {
  try {
    const result = runScenario(parseScenario(input));
    return {
      fingerprint: result.fingerprint,
      links: { ...result.summary.links },
      groups: { ...result.summary.groups },
      delivered: result.delivered,
      marked: result.marked,
      completions: result.completions,
    };
  } catch (error) {
    if (error instanceof ScenarioError) return { error: error.message };
    throw error;
  }
}
