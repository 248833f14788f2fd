import { Worker } from "node:worker_threads";
import { Fingerprint } from "@losslab/metrics";
import { type PartOutcome, splitMemory } from "@losslab/scenario";

/** What a run split over threads reports (the slice of a `ScenarioResult` it has so far). */
export interface ThreadsResult {
  readonly fingerprint: string;
  readonly events: number;
  readonly delivered: number;
  readonly transmissions: number;
  readonly parts: readonly PartOutcome[];
}

/**
 * Runs `scenario` (validated, as JSON-compatible data) split over `threads` worker threads,
 * one part each (`runSplitPart`, docs/spec/parallel.md sec. 6), and merges what they measured.
 */
export async function runOnThreads(scenario: unknown, threads: number): Promise<ThreadsResult> {
  const memory = splitMemory(threads);
  const outcomes = await Promise.all(Array.from({ length: threads }, (_, part) => runPart({ scenario, memory, part })));
  return {
    fingerprint: Fingerprint.ofParts(outcomes.map((outcome) => outcome.lanes)).hex(),
    events: outcomes.reduce((sum, outcome) => sum + outcome.events, 0),
    delivered: outcomes.reduce((sum, outcome) => sum + outcome.delivered, 0),
    transmissions: outcomes.reduce((sum, outcome) => sum + outcome.transmissions, 0),
    parts: outcomes,
  };
}

function runPart(input: { scenario: unknown; memory: unknown; part: number }): Promise<PartOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(...workerFile(input));
    worker.once("message", (message: { outcome?: PartOutcome; error?: string }) => {
      if (message.outcome !== undefined) resolve(message.outcome);
      else reject(new Error(message.error));
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * The worker module next to this one. From TypeScript sources (tests), with the main thread's
 * loader and export condition, and loaded by a one-line module: Node checks a worker file's
 * extension before the loader could take it.
 */
function workerFile(workerData: unknown): [string | URL, { workerData: unknown; eval?: boolean; execArgv?: string[] }] {
  const source = import.meta.url.endsWith(".ts");
  const url = new URL(`./part-worker.${source ? "ts" : "js"}`, import.meta.url);
  if (!source) return [url, { workerData }];
  const tsx = import.meta.resolve("tsx/esm/api");
  const load = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return [load, { workerData, eval: true, execArgv: ["--conditions=@losslab/source"] }];
}
