/**
 * A worker thread running one part of a run split over threads (`runOnThreads`): it builds
 * the scenario and runs its part (`runSplitPart`), then posts what it measured.
 */
import { parentPort, workerData } from "node:worker_threads";
import { builtInKinds, parseScenario, runSplitPart, type SplitMemory } from "@losslab/scenario";

interface PartInput {
  readonly scenario: unknown;
  readonly memory: SplitMemory;
  readonly part: number;
}

const { scenario, memory, part } = workerData as PartInput;
try {
  const outcome = runSplitPart(parseScenario(scenario, builtInKinds), builtInKinds, memory, part);
  parentPort!.postMessage({ outcome });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
