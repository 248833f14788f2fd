import type { PacketTraceOptions } from "@losslab/metrics";
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
 * failed first, not the `SplitRunStopped` of those it stopped. `trace`: a packet trace of the
 * run, the single run's lines (`SplitTrace`), written here.
 */
export async function runSplit(
  scenario: Scenario,
  kinds: ScenarioKinds,
  threads: number,
  start: (part: number, memory: SplitMemory) => StartedPart,
  onProgress?: (doneMs: number, totalMs: number, events: number) => void,
  trace?: Omit<PacketTraceOptions, "hostName" | "chunkChars">,
): Promise<ScenarioResult> {
  const started = performance.now();
  const { write, ...filters } = trace ?? {};
  const feedback = kinds.controller.definitionOf(scenario.controller).feedback;
  const memory = splitMemory(threads, {
    telemetry: feedback === "telemetry",
    ...(trace === undefined ? {} : { trace: filters }),
  });
  const others = Array.from({ length: threads - 1 }, (_, index) => start(index + 1, memory));
  let main: SimulationPart | undefined;
  let failure: unknown;
  try {
    main = new SimulationPart(scenario, kinds, memory, 0, write);
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

/** What a part's thread posts: `ready` once it is built, then its state, or its error (by name and message). */
export type PartReport = { ready: true } | { state: PartState } | { error: string; name: string };

/**
 * A part started on another thread, as its thread's reports (`report`) and failure (`fail`)
 * settle it: the one reading of `PartReport`s, for Node's worker threads and the browser's
 * Web Workers. `report` returns whether the part is over (its state or its error came), so
 * that the caller ends its thread.
 */
export function partReports(): { part: StartedPart; report(message: PartReport): boolean; fail(error: unknown): void } {
  let readied: () => void = () => {};
  let unready: (error: unknown) => void = () => {};
  let resolve: (state: PartState) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const ready = new Promise<void>((yes, no) => {
    readied = yes;
    unready = no;
  });
  const done = new Promise<PartState>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // Whoever awaits `done` sees the error; `ready` may be left unawaited after another part failed.
  ready.catch(() => {});
  const fail = (error: unknown) => {
    unready(error);
    reject(error);
  };
  return {
    part: { ready, done },
    report(message) {
      if ("ready" in message) {
        readied();
        return false;
      }
      // The error's name says what it is (an EngineError: devices of two parts met without a link).
      if ("state" in message) resolve(message.state);
      else fail(Object.assign(new Error(message.error), { name: message.name }));
      return true;
    },
    fail,
  };
}

/** Stops every part of the split run on `memory` at its next window's end (a part failed). */
export function stopSplit(memory: SplitMemory): void {
  new WindowBarrier(memory.barrier, memory.parts).fail();
}
