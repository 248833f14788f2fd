import { Worker } from "node:worker_threads";
import type { PacketTraceOptions } from "@losslab/metrics";
import {
  type PartReport,
  partReports,
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
 * `onProgress` hears part 0's progress; `trace`, the run's packet trace, is written here.
 */
export function runOnThreads(
  scenario: Scenario,
  kinds: ScenarioKinds,
  threads: number,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
  trace?: Omit<PacketTraceOptions, "hostName">,
): Promise<ScenarioResult> {
  const start = (part: number, memory: SplitMemory) => startPart({ scenario, memory, part });
  return runSplit(scenario, kinds, threads, start, onProgress, trace);
}

function startPart(input: { scenario: unknown; memory: SplitMemory; part: number }): StartedPart {
  const worker = new Worker(...workerFile(input));
  const reports = partReports();
  worker.on("message", (message: PartReport) => {
    if (reports.report(message)) void worker.terminate();
  });
  worker.once("error", (error) => {
    stopSplit(input.memory);
    reports.fail(error);
  });
  worker.once("exit", (code) =>
    reports.fail(new Error(`the thread of part ${input.part} exited (code ${code}) before it reported`)),
  );
  return reports.part;
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
