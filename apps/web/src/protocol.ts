/**
 * The page <-> worker protocol. The page sends one request per worker run; the worker answers
 * with a stream of messages ending in `done` or `error`. Stopping a run is terminating the
 * worker (a run is one synchronous simulation: there is no point at which to ask it to stop).
 *
 * `handleRequest` is the worker's side, kept free of worker globals so tests run it in Node.
 */
import {
  type Chart,
  type Check,
  chartToCsv,
  findPreset,
  formatResultTable,
  presets,
  resultJsonText,
} from "@losslab/reproductions";
import type { ScenarioResult, SplitScaling, ThreadStats } from "@losslab/scenario";
import { type FlowTrace, traceFlow } from "./flow-trace.js";
import { type RunView, runView } from "./run-view.js";
import { type RunObserver, runScenario } from "./scenario-tap.js";
import { parseScenarioText, scenarioSummaryText } from "./scenario-text.js";
import { runOnWorkers, threadsFallback } from "./split-run.js";

export type Request =
  /**
   * Runs a preset, as `losslab reproduce NAME --seed SEED --json` does, on one thread: with
   * `threads` > 1, a `threads` message says that a preset's runs are not split.
   */
  | { type: "run-preset"; preset: string; seed: number; threads?: number }
  /**
   * Runs a scenario file's text (YAML or JSON), as `losslab run` does; over `threads` threads
   * (default 1) as `losslab run --threads N` does, where the page and the scenario allow it.
   */
  | { type: "run-scenario"; text: string; threads?: number }
  /** Runs a scenario (a RunView's, as JSON) again with a trace of one flow over [fromMs, toMs). */
  | { type: "trace-flow"; scenario: string; flow: number; fromMs: number; toMs: number };

export interface Outcome {
  /** The preset's name, or the scenario's. */
  name: string;
  /** `reproduce NAME --json`'s output, byte for byte (for a scenario: its summary as JSON). */
  summaryJson: string;
  /** The CLI's readable table of the result (summary values, PASS/FAIL claims). */
  table: string;
  checks: Check[];
  /** The preset's charts, as the CLI draws them. */
  charts: Chart[];
  /** Each chart's data as the CLI's CSV, by chart name. */
  csv: Record<string, string>;
  /** Wall time of the run in the worker, ms. */
  elapsedMs: number;
  /** A run split over threads: each part's cost, and the scaling it predicts (`RunStats.threads`, `scaling`). */
  threads?: { parts: ThreadStats[]; scaling?: SplitScaling };
}

/** What the worker offers a run split over threads (the worker's globals, given by worker.ts). */
export interface ThreadsHost {
  /** The worker's `crossOriginIsolated`: shared memory, and so a split run, needs it. */
  readonly isolated: boolean;
  /** Starts the Web Worker of one more part (part-worker.ts). */
  startPart(): Worker;
}

export type Message =
  /** The run began; `runs` is how many scenario runs it will make (0: analytical). */
  | { type: "started"; name: string; runs: number }
  /** A preset's own progress report (sweeps): done out of total units. */
  | { type: "progress"; done: number; total: number; label?: string }
  /** The `run`-th scenario run (1-based) reached `doneMs` of `totalMs` simulated. */
  | { type: "run-progress"; run: number; doneMs: number; totalMs: number }
  /**
   * A run asked for more than one thread runs on `threads`: all it asked for, or 1 and
   * `fallback`, one line saying why not (the page's isolation, the scenario, a preset).
   */
  | { type: "threads"; threads: number; fallback?: string }
  /** The `run`-th scenario run finished: its series, for the live charts and the topology view. */
  | { type: "run-result"; view: RunView }
  | { type: "done"; outcome: Outcome }
  /** The end of a `trace-flow` request: the flow's trace. */
  | { type: "trace"; trace: FlowTrace }
  | { type: "error"; message: string };

/** The worker's side of a request: posts the run's messages; resolves when the last is posted. */
export async function handleRequest(
  request: Request,
  post: (message: Message) => void,
  observeRuns: (observer: RunObserver | undefined) => RunObserver | undefined,
  host: ThreadsHost,
): Promise<void> {
  let run = 0;
  const observer: RunObserver = {
    started: () => {
      run++;
    },
    progress: (doneMs, totalMs) => post({ type: "run-progress", run, doneMs, totalMs }),
    finished: (result) => post({ type: "run-result", view: runView(run, result) }),
  };
  const previous = observeRuns(observer);
  const start = performance.now();
  try {
    if (request.type === "trace-flow") {
      const scenario = parseScenarioText(request.scenario);
      const progress = (doneMs: number, totalMs: number) => post({ type: "run-progress", run: 1, doneMs, totalMs });
      post({ type: "trace", trace: traceFlow(scenario, request.flow, request, progress) });
      return;
    }
    post({ type: "done", outcome: await execute(request, post, start, observer, host) });
  } catch (error) {
    post({ type: "error", message: error instanceof Error ? error.message : String(error) });
  } finally {
    observeRuns(previous);
  }
}

async function execute(
  request: Exclude<Request, { type: "trace-flow" }>,
  post: (message: Message) => void,
  start: number,
  observer: RunObserver,
  host: ThreadsHost,
): Promise<Outcome> {
  if (request.type === "run-preset") {
    const preset = findPreset(request.preset);
    post({ type: "started", name: preset.name, runs: preset.scenarios(request.seed).length });
    if ((request.threads ?? 1) > 1) {
      post({
        type: "threads",
        threads: 1,
        fallback: "a preset's runs are not split over threads (a scenario's run is)",
      });
    }
    const result = await preset.run({
      seed: request.seed,
      // No sweep runner: a preset's sweep runs its points one after another here (the results
      // do not depend on the runner).
      progress: (done, total, label) =>
        post({ type: "progress", done, total, ...(label === undefined ? {} : { label }) }),
    });
    return {
      name: preset.name,
      summaryJson: resultJsonText(preset.name, request.seed, result),
      table: formatResultTable(preset.name, result),
      checks: result.checks,
      charts: result.charts,
      csv: Object.fromEntries(result.charts.map((chart) => [chart.name, chartToCsv(chart)])),
      elapsedMs: performance.now() - start,
    };
  }
  const scenario = parseScenarioText(request.text);
  post({ type: "started", name: scenario.name, runs: 1 });
  const asked = request.threads ?? 1;
  const fallback = threadsFallback(asked, scenario, host.isolated);
  const threads = fallback === undefined ? asked : 1;
  if (asked > 1) post({ type: "threads", threads, ...(fallback === undefined ? {} : { fallback }) });
  let result: ScenarioResult;
  if (threads > 1) {
    // The split run reports to the page as runScenario (scenario-tap.ts) does.
    observer.started(scenario);
    result = await runOnWorkers(scenario, threads, () => host.startPart(), observer.progress);
    observer.finished(result);
  } else {
    result = runScenario(scenario);
  }
  const summaryJson = scenarioSummaryText(result);
  const { threads: parts, scaling } = result.stats;
  return {
    name: scenario.name,
    summaryJson,
    table: summaryJson,
    checks: [],
    charts: [],
    csv: {},
    elapsedMs: performance.now() - start,
    ...(parts === undefined ? {} : { threads: { parts, ...(scaling === undefined ? {} : { scaling }) } }),
  };
}

/** The presets the page offers: every one `losslab list` shows, in its order. */
export const presetList = (): Array<{ name: string; description: string; expectedRuntime: string }> =>
  presets.map(({ name, description, expectedRuntime }) => ({ name, description, expectedRuntime }));
