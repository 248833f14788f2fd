import { Worker } from "node:worker_threads";
import {
  type PartState,
  runSplit,
  type Scenario,
  type ScenarioKinds,
  type ScenarioResult,
  type SplitMemory,
  type StartedPart,
  stopSplit,
} from "@losslab/scenario";

/**
 * Runs `scenario` split over `threads` threads (`runSplit`, docs/spec/parallel.md sec. 6):
 * part 0 on this thread, each other part on a worker thread of its own (part-worker.ts).
 * `onProgress` hears part 0's progress.
 */
export function runOnThreads(
  scenario: Scenario,
  kinds: ScenarioKinds,
  threads: number,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
): Promise<ScenarioResult> {
  return runSplit(scenario, kinds, threads, (part, memory) => startPart({ scenario, memory, part }), onProgress);
}

function startPart(input: { scenario: unknown; memory: SplitMemory; part: number }): StartedPart {
  const worker = new Worker(...workerFile(input));
  let readied: () => void = () => {};
  let unready: (error: unknown) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    readied = resolve;
    unready = reject;
  });
  const done = new Promise<PartState>((resolve, reject) => {
    const fail = (error: unknown) => {
      unready(error);
      reject(error);
    };
    worker.on("message", (message: { ready?: true; state?: PartState; error?: string; name?: string }) => {
      if (message.ready) return readied();
      if (message.state !== undefined) resolve(message.state);
      // The error's name says what it is (an EngineError: devices of two parts met without a link).
      else fail(Object.assign(new Error(message.error), { name: message.name }));
      void worker.terminate();
    });
    worker.once("error", (error) => {
      stopSplit(input.memory);
      fail(error);
    });
    worker.once("exit", (code) =>
      fail(new Error(`the thread of part ${input.part} exited (code ${code}) before it reported`)),
    );
  });
  // Whoever awaits `done` sees the error; `ready` may be left unawaited after another part failed.
  ready.catch(() => {});
  return { ready, done };
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
