/**
 * The Web Worker of one part of a run split over threads (split-run.ts starts it from the
 * simulation worker, which is part 0): it builds its part (`SimulationPart`), posts `ready`,
 * runs it, meeting the other parts at each window's end, and posts what it measured, or its
 * error. The browser's side of apps/lab's part-worker.ts.
 */
import { builtInKinds, parseScenario, SimulationPart, WindowBarrier } from "@losslab/scenario";
import type { PartInput, PartReport } from "./split-run.js";

/** The parts of the worker's global scope used here (the DOM lib types `self` as a Window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PartInput>) => void) | null;
  postMessage(report: PartReport): void;
};

const report = (error: unknown): PartReport =>
  error instanceof Error ? { error: error.message, name: error.name } : { error: String(error), name: "Error" };

scope.onmessage = ({ data: { scenario, memory, part } }) => {
  let simulation: SimulationPart;
  try {
    simulation = new SimulationPart(parseScenario(scenario, builtInKinds), builtInKinds, memory, part);
  } catch (error) {
    // The other parts stop at their next window's end instead of waiting for this one.
    new WindowBarrier(memory.barrier, memory.parts).fail();
    scope.postMessage(report(error));
    return;
  }
  scope.postMessage({ ready: true });
  try {
    simulation.run(); // a failure in it has stopped the other parts already
    scope.postMessage({ state: simulation.state() });
  } catch (error) {
    scope.postMessage(report(error));
  }
};
