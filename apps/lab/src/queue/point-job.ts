/**
 * A queued sweep's unit of work: one point of one sweep as a BullMQ job. The job carries
 * data only (the scenario object, its point index, the sweep's id and the losslab version
 * that made it); a worker checks it all before it runs anything (`jobScenario`).
 */
import { createHash } from "node:crypto";
import { parseScenario, ScenarioError } from "@losslab/scenario";
import type { SweepPoint } from "../sweep/sweep-file.js";
import { oneLine } from "../terminal/one-line.js";
import { decodeValue, encodeValue } from "./result-codec.js";

/** The one BullMQ queue of every queued sweep (its keys are `bull:losslab-sweep:*` in Redis). */
export const QUEUE_NAME = "losslab-sweep";

/** The job name of a sweep point. */
export const POINT_JOB = "point";

/** What a job holds. */
export interface PointJobData {
  /** The layout of this object; a worker refuses another. */
  format: typeof JOB_FORMAT;
  /** The version of losslab that queued it: a worker runs only its own version's jobs (same bytes). */
  losslab: string;
  /** The sweep's id (`sweepId`). */
  sweep: string;
  /** The point's 1-based index in grid order. */
  point: number;
  /** The point's scenario, through `encodeValue`. */
  scenario: unknown;
}

const JOB_FORMAT = 1;

/**
 * A sweep's id: a hash of the losslab version and every point's scenario, in grid order. The
 * same file run again (to resume) has the same id and finds its jobs; any change to the
 * sweep, or another version of losslab, makes another id, so no result is re-used wrongly.
 */
export function sweepId(version: string, points: readonly SweepPoint[]): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ version, format: JOB_FORMAT }));
  for (const point of points) hash.update(`\n${point.index}\n${JSON.stringify(encodeValue(point.scenario))}`);
  return hash.digest("hex").slice(0, 16);
}

/** A point's job id: queueing it again while it exists adds nothing (BullMQ keeps one job per id). */
export const pointJobId = (sweep: string, point: number): string => `${sweep}-${point}`;

export function pointJobData(version: string, sweep: string, point: SweepPoint): PointJobData {
  return { format: JOB_FORMAT, losslab: version, sweep, point: point.index, scenario: encodeValue(point.scenario) };
}

/** Why a worker does not run a job: the job fails with this message, and is not tried again. */
export class JobRefused extends Error {
  override name = "JobRefused";
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The scenario of a job, checked on the worker before anything runs: a job is data from
 * whoever can write to Redis. It must be a losslab point job of this version, its scenario a
 * scenario object that validates (a scenario naming plugins does not: losslab has none yet),
 * and it may name no file: a worker reads none (trace files are inlined by `losslab sweep`
 * from the sweep's data directory). Throws JobRefused saying which rule the job breaks.
 */
export function jobScenario(data: unknown, version: string): { point: number; sweep: string; scenario: unknown } {
  if (
    !isObject(data) ||
    data.format !== JOB_FORMAT ||
    typeof data.sweep !== "string" ||
    !Number.isInteger(data.point)
  ) {
    throw new JobRefused("not a losslab sweep point (expected { format, losslab, sweep, point, scenario })");
  }
  if (data.losslab !== version) {
    throw new JobRefused(
      `queued by losslab ${String(data.losslab)}, and this worker is losslab ${version}: run workers of the same version as the sweep`,
    );
  }
  const scenario = decodeValue(data.scenario);
  if (!isObject(scenario)) {
    throw new JobRefused("its scenario is not a scenario object (a worker reads no scenario files)");
  }
  const traffic = scenario.traffic;
  if (Array.isArray(traffic)) {
    for (const [i, spec] of traffic.entries()) {
      if (isObject(spec) && "file" in spec) {
        throw new JobRefused(
          `traffic[${i}].file names a file (${JSON.stringify(spec.file)}); a worker reads no files: a queued scenario carries its trace inline (csv or entries)`,
        );
      }
    }
  }
  try {
    // A worker loads no code a job names: queued sweeps take built-in kinds only.
    if (Array.isArray(scenario.plugins) && scenario.plugins.length > 0) {
      throw new JobRefused(
        "its scenario names plugins; a worker loads no code from a job (run plugin sweeps with --workers)",
      );
    }
    parseScenario(scenario);
  } catch (error) {
    if (error instanceof ScenarioError) throw new JobRefused(oneLine(error.message));
    throw error;
  }
  return { point: data.point as number, sweep: data.sweep, scenario };
}
