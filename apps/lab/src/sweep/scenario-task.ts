import type { CompletionSummary } from "@losslab/metrics";
import { parseScenario, runScenario } from "@losslab/scenario";
import { kindsWith, type ResolvedPlugin } from "../plugins.js";
import { threadsRefusal } from "../split-runs/threads-refusal.js";
import { errorLine } from "../terminal/error-line.js";
import { runOnThreads } from "../threads/run-on-threads.js";

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

/** One point of a sweep: its scenario input, and the plugins the main thread resolved for the sweep. */
export interface PointInput {
  scenario: unknown;
  /**
   * Resolved and loaded once by the main thread (plugins.ts), from the sweep file and
   * `--plugin`, never from the scenario: a point's own `plugins` field names, it does not load.
   * A queued job's point has none.
   */
  plugins: readonly ResolvedPlugin[];
  /**
   * Threads to split the run over (`sweep --threads`, checked by the main thread), default 1.
   * The scenario's own `threads` is not used: what runs at once is the sweep's to choose.
   */
  threads?: number;
}

/**
 * Validates and runs one scenario input with the kinds of `plugins`. A run that fails, for
 * whatever reason (a plugin that does not load here, a scenario the simulator rejects, an
 * error in the model at run time), gives `{ error }` with its message on one line: one
 * point of a sweep must not take the others down, and an error's class would not survive the
 * worker boundary anyway.
 */
export async function runScenarioSummary({
  scenario: input,
  plugins,
  threads = 1,
}: PointInput): Promise<ScenarioSummary | { error: string }> {
  try {
    // In a worker thread, the plugins load here once (bounded like the main thread's loading).
    const kinds = await kindsWith(plugins);
    const scenario = parseScenario(input, kinds);
    const result = threads > 1 ? await runOnThreads(scenario, kinds, threads) : runScenario(scenario, { kinds });
    return {
      fingerprint: result.fingerprint,
      links: { ...result.summary.links },
      groups: { ...result.summary.groups },
      delivered: result.delivered,
      marked: result.marked,
      completions: result.completions,
    };
  } catch (error) {
    // A split run's refusal at run time (devices of two parts that met without a link) says what to do.
    const refusal = threads > 1 ? threadsRefusal(error) : undefined;
    return { error: refusal === undefined ? errorLine(error) : `--threads ${threads}: ${refusal}` };
  }
}
