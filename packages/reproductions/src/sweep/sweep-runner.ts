/**
 * How the points of a sweep run: the contract between presets, which hand over their points,
 * and whoever runs them (one after the other in this thread by default; the CLI puts them on
 * worker threads). A point is a pure function of its input, so every runner gives the same
 * outputs, byte for byte.
 */
import type { ScenarioRunner } from "../scenario-runner.js";

/**
 * One point of a sweep: plain JSON in, plain JSON out, so that it gives the same output in
 * this thread or on another. A long one may call `onProgress` with the fraction of its work
 * done (progress only: the output does not depend on it). It runs its scenario with
 * `scenarioRunner` when given (`reproduce --threads` splits it; the same output).
 */
export type Task<I, O> = (
  input: I,
  onProgress?: (fraction: number) => void,
  scenarioRunner?: ScenarioRunner,
) => O | Promise<O>;

/** What a runner says of each point as it runs, and what it makes of a point that throws. */
export interface PointEvents<O> {
  /** Point `index` reported that it is `fraction` done; absent: nobody asks, so points need not report. */
  moved?: (index: number, fraction: number) => void;
  /** Point `index` is done, with `output` (in the order the points end). */
  finished: (index: number, output: O) => void;
  /**
   * Makes the error of a point that fails (thrown by its task, or the end of the thread running
   * it) that point's output, so that the other points go on; without it the sweep rejects with
   * the first error.
   */
  failed?: (error: unknown) => O;
}

/**
 * Runs `task` once per input and resolves with the outputs in input order, telling `events`
 * about each point. A runner that sends points to other threads names a task by its key in
 * the task table (`tasks`), which those threads load too.
 */
export type SweepRunner = <I, O>(task: Task<I, O>, inputs: readonly I[], events: PointEvents<O>) => Promise<O[]>;

/**
 * The runner of a sweep without threads: the points one after the other in this thread, back
 * to the event loop between two (so that a signal, or a message to a page, is handled), each
 * running its scenario with `scenarioRunner` (default: in this thread).
 */
export const inThisThread =
  (scenarioRunner?: ScenarioRunner): SweepRunner =>
  async <I, O>(task: Task<I, O>, inputs: readonly I[], events: PointEvents<O>): Promise<O[]> => {
    const { moved } = events;
    const outputs: O[] = [];
    for (const [index, input] of inputs.entries()) {
      await yieldToEventLoop();
      let output: O;
      try {
        output = await task(
          input,
          moved === undefined ? undefined : (fraction) => moved(index, fraction),
          scenarioRunner,
        );
      } catch (error) {
        if (events.failed === undefined) throw error;
        output = events.failed(error);
      }
      events.finished(index, output);
      outputs.push(output);
    }
    return outputs;
  };

/** `inThisThread` with each point's scenario run in this thread too. */
export const runInThisThread: SweepRunner = inThisThread();

/** Back to the event loop; a browser has no setImmediate. */
const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));
