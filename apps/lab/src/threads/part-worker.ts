/**
 * A worker thread running one part of a run split over threads (`runOnThreads`): it builds
 * the scenario, runs its part (`SimulationPart`) and posts what it measured, or its error.
 */
import { parentPort, workerData } from "node:worker_threads";
import { builtInKinds, parseScenario, SimulationPart, type SplitMemory, WindowBarrier } from "@losslab/scenario";

interface PartInput {
  readonly scenario: unknown;
  readonly memory: SplitMemory;
  readonly part: number;
}

const { scenario, memory, part } = workerData as PartInput;
try {
  const simulation = new SimulationPart(parseScenario(scenario, builtInKinds), builtInKinds, memory, part);
  simulation.run();
  parentPort!.postMessage({ state: simulation.state() });
} catch (error) {
  // The other parts stop at their next window's end instead of waiting for this one.
  new WindowBarrier(memory.barrier, memory.parts).fail();
  const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
  parentPort!.postMessage({ error: message, name });
}
