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
import type { ScenarioResult } from "@losslab/scenario";
import { type FlowTrace, traceFlow } from "./flow-trace.js";
import { type RunView, runView } from "./run-view.js";
import { type RunObserver, runScenario } from "./scenario-tap.js";
import { parseScenarioText, scenarioSummaryText } from "./scenario-text.js";

export type Request =
  /** Runs a preset, as `losslab reproduce NAME --seed SEED --json` does. */
  | { type: "run-preset"; preset: string; seed: number }
  /** Runs a scenario file's text (YAML or JSON), as `losslab run` does. */
  | { type: "run-scenario"; text: string }
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
}

export type Message =
  /** The run began; `runs` is how many scenario runs it will make (0: analytical). */
  | { type: "started"; name: string; runs: number }
  /** A preset's own progress report (sweeps): done out of total units. */
  | { type: "progress"; done: number; total: number; label?: string }
  /** The `run`-th scenario run (1-based) reached `doneMs` of `totalMs` simulated. */
  | { type: "run-progress"; run: number; doneMs: number; totalMs: number }
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
    post({ type: "done", outcome: await execute(request, post, start) });
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
): Promise<Outcome> {
  if (request.type === "run-preset") {
    const preset = findPreset(request.preset);
    post({ type: "started", name: preset.name, runs: preset.scenarios(request.seed).length });
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
  const result: ScenarioResult = runScenario(scenario);
  const summaryJson = scenarioSummaryText(result);
  return {
    name: scenario.name,
    summaryJson,
    table: summaryJson,
    checks: [],
    charts: [],
    csv: {},
    elapsedMs: performance.now() - start,
  };
}

/** The presets the page offers: every one `losslab list` shows, in its order. */
export const presetList = (): Array<{ name: string; description: string; expectedRuntime: string }> =>
  presets.map(({ name, description, expectedRuntime }) => ({ name, description, expectedRuntime }));
