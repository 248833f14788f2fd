import { Worker } from "node:worker_threads";
import {
  type PartState,
  type Scenario,
  type ScenarioKinds,
  type ScenarioResult,
  SimulationPart,
  splitMemory,
} from "@losslab/scenario";

/**
 * Runs `scenario` split over `threads` threads (docs/spec/parallel.md sec. 6): part 0 on
 * this thread, which it blocks until the run ends, and each other part on a worker thread;
 * then part 0 absorbs the others' meters and reports the run: the single run's result, with
 * each part's cost in `stats.threads`.
 * `onProgress` hears part 0's progress.
 */
export async function runOnThreads(
  scenario: Scenario,
  kinds: ScenarioKinds,
  threads: number,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
): Promise<ScenarioResult> {
  const started = performance.now();
  const memory = splitMemory(threads);
  const main = new SimulationPart(scenario, kinds, memory, 0);
  const others = Array.from({ length: threads - 1 }, (_, index) => runPart({ scenario, memory, part: index + 1 }));
  let failure: unknown;
  try {
    main.run(onProgress);
  } catch (error) {
    failure = error;
  }
  const settled = await Promise.allSettled(others);
  // The part that failed first, not those it stopped.
  const errors = [failure, ...settled.map((outcome) => (outcome.status === "rejected" ? outcome.reason : undefined))];
  const failed = errors.filter((error) => error !== undefined);
  if (failed.length > 0) throw failed.find((error) => (error as Error).name !== "SplitRunStopped") ?? failed[0];
  for (const outcome of settled) main.absorb((outcome as PromiseFulfilledResult<PartState>).value);
  return main.result(performance.now() - started);
}

function runPart(input: { scenario: unknown; memory: unknown; part: number }): Promise<PartState> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(...workerFile(input));
    worker.once("message", (message: { state?: PartState; error?: string; name?: string }) => {
      if (message.state !== undefined) resolve(message.state);
      // The error's name says what it is (an EngineError: devices of two parts met without a link).
      else reject(Object.assign(new Error(message.error), { name: message.name }));
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * The worker module next to this one. From TypeScript sources (tests), with the main thread's
 * export condition and tsx's loader, through a one-line module: Node checks a worker file's
 * extension before a loader given in `execArgv` could take it.
 */
function workerFile(workerData: unknown): [string | URL, { workerData: unknown; eval?: boolean; execArgv?: string[] }] {
  const source = import.meta.url.endsWith(".ts");
  const url = new URL(`./part-worker.${source ? "ts" : "js"}`, import.meta.url);
  if (!source) return [url, { workerData }];
  const tsx = import.meta.resolve("tsx/esm/api");
  const load = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return [load, { workerData, eval: true, execArgv: ["--conditions=@losslab/source"] }];
}
