/**
 * What a run split over threads refuses (docs/spec/parallel.md sec. 6), as one line after
 * where the threads were asked for (`--threads 2`, `file: threads: 2`, a preset's run): the
 * same checks for `run`, `validate`, `reproduce` and `sweep`.
 */
import {
  metWithoutLink,
  type Scenario,
  type ScenarioKinds,
  scenarioTopology,
  threadsUnsupported,
} from "@losslab/scenario";
import { PartsLimitError, partitionTopology, type Topology, TopologyError } from "@losslab/topology";
import { oneLine } from "../terminal/one-line.js";
import { UserError } from "../user-error.js";

/**
 * Refuses, before anything runs, a scenario that `threads` threads cannot run: what they do
 * not support yet (`checkSupported`) and a split the fabric does not allow (`checkSplit`).
 * `asked` starts the line. Returns the threads to run on (see `checkSplit`'s `fewer`).
 */
export function checkThreads(
  asked: string,
  threads: number,
  scenario: Scenario,
  kinds: ScenarioKinds,
  others: readonly string[] = [],
  fewer?: (warning: string) => void,
): number {
  checkSupported(asked, scenario, others);
  return checkSplit(asked, threads, scenario, kinds, fewer);
}

/**
 * Refuses what a split run does not support yet (`threadsUnsupported`); `others` names what
 * the command adds, such as plugins.
 */
export function checkSupported(asked: string, scenario: Scenario, others: readonly string[] = []): void {
  if (others.length > 0) throw new UserError(`${asked}: not supported on threads yet: ${others.join(", ")}`);
  const unsupported = threadsUnsupported(scenario);
  if (unsupported !== undefined) throw new UserError(`${asked}: ${unsupported}`);
}

/**
 * Refuses a split of the scenario's fabric into `threads` parts that `partitionTopology`
 * refuses: a cut across a zero-delay link, and more parts than it has pods, groups, leaves
 * or switches, unless `fewer` is given: then `fewer` hears one line, and the run is to go on
 * as many parts as the fabric has (on one, the single run). It depends on the topology alone.
 * Returns the threads to run on.
 */
export function checkSplit(
  asked: string,
  threads: number,
  scenario: Scenario,
  kinds: ScenarioKinds,
  fewer?: (warning: string) => void,
): number {
  let topology: Topology;
  try {
    topology = scenarioTopology(scenario, kinds);
  } catch {
    // A fabric that does not build: the run says so as it builds, naming the field.
    return threads;
  }
  try {
    partitionTopology(topology, threads);
    return threads;
  } catch (error) {
    if (error instanceof PartsLimitError && fewer !== undefined) {
      fewer(`${asked}: ${oneLine(error.message)}; running on ${error.maxParts}`);
      return error.maxParts;
    }
    const refusal = threadsRefusal(error);
    throw refusal === undefined ? error : new UserError(`${asked}: ${refusal}`);
  }
}

/** A split run, its refusals at run time as one line after `asked` (see `threadsRefusal`). */
export async function threadsRun<T>(asked: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = threadsRefusal(error);
    if (refusal !== undefined) throw new UserError(`${asked}: ${refusal}`);
    throw error;
  }
}

/**
 * Why a split run refused to go on, in one line, when `error` is such a refusal: a partition
 * that cuts a zero-delay link or asks for more parts than the fabric has (TopologyError), or
 * devices of two parts that meet without a link (EngineError), such as traffic that starts
 * flows when others complete. Undefined for any other error.
 */
export function threadsRefusal(error: unknown): string | undefined {
  if (error instanceof TopologyError) return oneLine(error.message);
  const met = metWithoutLink(error);
  return met === undefined ? undefined : `${met}: run it with --threads 1`;
}
