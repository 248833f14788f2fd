/**
 * What a run split over threads refuses (docs/spec/parallel.md sec. 6), as one line after
 * where the threads were asked for (`--threads 2`, `file: threads: 2`, a preset's run): the
 * same checks for `run`, `validate`, `reproduce` and `sweep`.
 */
import {
  type Scenario,
  ScenarioError,
  type ScenarioKinds,
  scenarioTopology,
  threadsUnsupported,
} from "@losslab/scenario";
import { partitionTopology, type Topology, TopologyError } from "@losslab/topology";
import { oneLine } from "../terminal/one-line.js";
import { UserError } from "../user-error.js";

/**
 * Refuses, before anything runs, a scenario that `threads` threads cannot run: what they do
 * not support yet (`threadsUnsupported`; `others` names what the command adds, such as
 * --trace or plugins), and a split the fabric does not allow (more parts than it has pods,
 * groups, leaves or switches, or a cut across a zero-delay link). `asked` starts the line.
 */
export function checkThreads(
  asked: string,
  threads: number,
  scenario: Scenario,
  kinds: ScenarioKinds,
  others: readonly string[] = [],
): void {
  if (others.length > 0) throw new UserError(`${asked}: not supported on threads yet: ${others.join(", ")}`);
  const unsupported = threadsUnsupported(scenario);
  if (unsupported !== undefined) throw new UserError(`${asked}: ${unsupported}`);
  let topology: Topology;
  try {
    topology = scenarioTopology(scenario, kinds);
  } catch (error) {
    // The fabric's own refusal, as the run would give it when it builds.
    throw error instanceof TopologyError ? new ScenarioError(`topology: ${error.message}`) : error;
  }
  try {
    partitionTopology(topology, threads);
  } catch (error) {
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
  if (error instanceof Error && error.name === "EngineError" && error.message.includes("of another part")) {
    return "a device acted on a device of another part without a link between them (traffic that starts flows when others complete does, such as collectives): run it with --threads 1";
  }
  return undefined;
}
