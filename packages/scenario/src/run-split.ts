import type { ScenarioKinds } from "./scenario-kinds.js";
import type { ScenarioResult } from "./scenario-result.js";
import type { Scenario } from "./schema.js";
import { type PartState, SimulationPart } from "./simulation-part.js";
import { type SplitMemory, splitMemory } from "./split-memory.js";
import { WindowBarrier } from "./window-barrier.js";

/** A part of a split run started on another thread: `ready` once it is built, `done` with what it measured. */
export interface StartedPart {
  readonly ready: Promise<void>;
  readonly done: Promise<PartState>;
}

/**
 * Runs `scenario` split over `threads` threads (docs/spec/parallel.md sec. 6), wherever
 * threads come from (Node's worker threads, the browser's Web Workers): `start(part, memory)`
 * starts parts 1, 2, ... on other threads, which build while this thread builds part 0;
 * this thread waits for their `ready` without blocking (a part that fails to load or to
 * build is reported, never waited for), then runs part 0, blocking at each window's end,
 * and absorbs the others' states into the single run's result, with each part's cost in
 * `stats.threads`. `onProgress` hears part 0's progress. Throws the error of the part that
 * failed first, not the `SplitRunStopped` of those it stopped.
 */
export async function runSplit(
  scenario: Scenario,
  kinds: ScenarioKinds,
  threads: number,
  start: (part: number, memory: SplitMemory) => StartedPart,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
): Promise<ScenarioResult> {
  const started = performance.now();
  const memory = splitMemory(threads);
  const others = Array.from({ length: threads - 1 }, (_, index) => start(index + 1, memory));
  let main: SimulationPart | undefined;
  let failure: unknown;
  try {
    main = new SimulationPart(scenario, kinds, memory, 0);
    await Promise.all(others.map((other) => other.ready));
    main.run(onProgress);
  } catch (error) {
    failure = error;
    stopSplit(memory); // the parts still building or waiting stop at their first window's end
  }
  const settled = await Promise.allSettled(others.map((other) => other.done));
  const errors = [failure, ...settled.map((outcome) => (outcome.status === "rejected" ? outcome.reason : undefined))];
  const failed = errors.filter((error) => error !== undefined);
  if (failed.length > 0 || main === undefined) {
    throw failed.find((error) => (error as Error).name !== "SplitRunStopped") ?? failed[0];
  }
  for (const outcome of settled) main.absorb((outcome as PromiseFulfilledResult<PartState>).value);
  return main.result(performance.now() - started);
}

/** Stops every part of the split run on `memory` at its next window's end (a part failed). */
export function stopSplit(memory: SplitMemory): void {
  new WindowBarrier(memory.barrier, memory.parts).fail();
}
