/**
 * A scenario run split over threads in the browser (docs/spec/parallel.md sec. 6), as
 * `losslab run --threads N` splits it over Node's worker threads (apps/lab's
 * run-on-threads.ts): the simulation worker is part 0, and each other part runs in a Web
 * Worker of its own (part-worker.ts) started from it. The result is the single run's.
 *
 * Part 0 builds while the others build, and waits for their `ready` without blocking (a part
 * that fails to load or to build is reported, never waited for); only then does it run,
 * blocking its worker in `Atomics.wait` at each window's end. Shared memory needs a page that
 * is cross-origin isolated (`threadsFallback` says why a run is not split).
 */
import {
  builtInKinds,
  metWithoutLink,
  type PartReport,
  partReports,
  runSplit,
  type Scenario,
  type ScenarioResult,
  type SplitMemory,
  type StartedPart,
  stopSplit,
  threadsUnsupported,
} from "@losslab/scenario";

/** Most threads the page splits a run over: the shared rings grow with the square of the parts (2.5 MB each, 2 N^2 of them). */
export const MAX_THREADS = 8;

/** What part-worker.ts gets: its part of the run. */
export interface PartInput {
  /** Validated; the part validates it again, as Node's parts do. */
  readonly scenario: Scenario;
  readonly memory: SplitMemory;
  readonly part: number;
}

/** What part-worker.ts posts (@losslab/scenario's `PartReport`). */
export type { PartReport };

/**
 * Why a run asked to split over `threads` runs on one thread, or undefined when it can be
 * split: the page is not cross-origin isolated (`isolated`: the worker's `crossOriginIsolated`),
 * or the scenario has what a split run does not support yet (`threadsUnsupported`).
 */
export function threadsFallback(threads: number, scenario: Scenario, isolated: boolean): string | undefined {
  if (threads <= 1) return undefined;
  if (!isolated) {
    return "the page is not cross-origin isolated: its server must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp";
  }
  return threadsUnsupported(scenario);
}

/**
 * Runs `scenario` on `threads` threads: part 0 here, the others in the workers `startPart`
 * starts; `onProgress` hears part 0's progress. Errors say which thread count they come
 * from; the error of the part that failed first is the one reported.
 */
export async function runOnWorkers(
  scenario: Scenario,
  threads: number,
  startPart: () => Worker,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
): Promise<ScenarioResult> {
  try {
    return await runSplit(
      scenario,
      builtInKinds,
      threads,
      (part, memory) => watchPart(startPart(), { scenario, memory, part }),
      onProgress,
    );
  } catch (error) {
    throw splitError(threads, error);
  }
}

/** The part in `worker`: `ready` once it is built, `done` with what it measured; the worker ends with it. */
function watchPart(worker: Worker, input: PartInput): StartedPart {
  const reports = partReports();
  const fail = (error: Error) => {
    worker.terminate();
    reports.fail(error);
  };
  worker.onmessage = (event: MessageEvent<PartReport>) => {
    if (reports.report(event.data)) worker.terminate();
  };
  // A worker that does not load (its module or an import of it) has no part to fail the barrier: this does.
  worker.onerror = (event) => {
    event.preventDefault();
    stopSplit(input.memory);
    fail(new Error(`the worker of part ${input.part} failed: ${event.message || "its module did not load"}`));
  };
  worker.onmessageerror = () => fail(new Error(`part ${input.part}'s report could not be read`));
  worker.postMessage(input);
  return reports.part;
}

/** A split run's error as one line that says it came from the split (`losslab run --threads N`'s wording). */
function splitError(threads: number, error: unknown): Error {
  const met = metWithoutLink(error);
  if (met !== undefined) return new Error(`threads ${threads}: ${met}: run it on 1 thread`);
  return new Error(`threads ${threads}: ${error instanceof Error ? error.message : String(error)}`);
}
