import { Worker } from "node:worker_threads";
import {
  type PartState,
  type Scenario,
  type ScenarioKinds,
  type ScenarioResult,
  SimulationPart,
  type SplitMemory,
  splitMemory,
  WindowBarrier,
} from "@losslab/scenario";

/** A part on a worker thread: `ready` once it is built, `done` with what it measured. */
interface StartedPart {
  readonly ready: Promise<void>;
  readonly done: Promise<PartState>;
}

/**
 * Runs `scenario` split over `threads` threads (docs/spec/parallel.md sec. 6): part 0 on
 * this thread and each other part on a worker thread; then part 0 absorbs the others' meters
 * and reports the run: the single run's result, with each part's cost in `stats.threads`.
 * `onProgress` hears part 0's progress.
 *
 * The workers build their parts while this thread builds part 0, and this thread waits for
 * them without blocking (a worker that fails to load or to build is reported, never waited
 * for); only then does part 0 run, blocking this thread at each window's end.
 */
export async function runOnThreads(
  scenario: Scenario,
  kinds: ScenarioKinds,
  threads: number,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
): Promise<ScenarioResult> {
  const started = performance.now();
  const memory = splitMemory(threads);
  const others = Array.from({ length: threads - 1 }, (_, index) => startPart({ scenario, memory, part: index + 1 }));
  let main: SimulationPart | undefined;
  let failure: unknown;
  try {
    main = new SimulationPart(scenario, kinds, memory, 0);
    await Promise.all(others.map((other) => other.ready));
    main.run(onProgress);
  } catch (error) {
    failure = error;
    stopAll(memory); // the parts still building or waiting stop at their first window's end
  }
  const settled = await Promise.allSettled(others.map((other) => other.done));
  // The part that failed first, not those it stopped.
  const errors = [failure, ...settled.map((outcome) => (outcome.status === "rejected" ? outcome.reason : undefined))];
  const failed = errors.filter((error) => error !== undefined);
  if (failed.length > 0 || main === undefined) {
    throw failed.find((error) => (error as Error).name !== "SplitRunStopped") ?? failed[0];
  }
  for (const outcome of settled) main.absorb((outcome as PromiseFulfilledResult<PartState>).value);
  return main.result(performance.now() - started);
}

function stopAll(memory: SplitMemory): void {
  new WindowBarrier(memory.barrier, memory.parts).fail();
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
      stopAll(input.memory);
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
