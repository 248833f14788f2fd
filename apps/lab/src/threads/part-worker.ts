/**
 * A worker thread running one part of a run split over threads (`runOnThreads`): it builds
 * the scenario's part (`SimulationPart`), says it is ready, runs it and posts what it
 * measured, or its error. The simulation is imported inside the `try`, so that a failure to
 * load it is reported like any other (the main thread is not blocked then: it waits for
 * `ready` without blocking).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SplitMemory } from "@losslab/scenario";

interface PartInput {
  readonly scenario: unknown;
  readonly memory: SplitMemory;
  readonly part: number;
}

const { scenario, memory, part } = workerData as PartInput;
let stop = () => {};
try {
  const { builtInKinds, parseScenario, SimulationPart, WindowBarrier } = await import("@losslab/scenario");
  // The other parts stop at their next window's end instead of waiting for this one.
  stop = () => new WindowBarrier(memory.barrier, memory.parts).fail();
  const simulation = new SimulationPart(parseScenario(scenario, builtInKinds), builtInKinds, memory, part);
  parentPort!.postMessage({ ready: true });
  simulation.run();
  parentPort!.postMessage({ state: simulation.state() });
} catch (error) {
  stop();
  const { name, message } = error instanceof Error ? error : { name: "Error", message: String(error) };
  parentPort!.postMessage({ error: message, name });
}
