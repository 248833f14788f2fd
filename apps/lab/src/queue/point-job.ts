/**
 * A queued sweep's unit of work: one point of one sweep as a BullMQ job. The job carries
 * data only (the scenario object, its point index, the sweep's id and the losslab version
 * that made it), signed with the queue key (signature.ts); a worker checks it all before it
 * runs anything (`jobScenario`).
 */
import { createHmac } from "node:crypto";
import { parseScenario, ScenarioError } from "@losslab/scenario";
import type { SweepPoint } from "../sweep/sweep-file.js";
import { oneLine } from "../terminal/one-line.js";
import { decodeValue, encodeValue } from "./result-codec.js";
import { type JobBinding, jobParts, scenarioHash, sign, verify } from "./signature.js";

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
  /** The collector's signature over the version, sweep, point and scenario hash (`jobParts`). */
  signature: string;
}

/** 2: signed (issue 42); a worker refuses the unsigned jobs of format 1. */
const JOB_FORMAT = 2;

/**
 * A sweep's id: an HMAC under the queue key of the losslab version and every point's
 * scenario, in grid order, 32 hex digits. The same file run again (to resume) with the same key
 * has the same id and finds its jobs; any change to the sweep, another version of losslab or
 * another key makes another id, and without the key no one can work it out in advance (to
 * put results in Redis before the sweep starts).
 */
export function sweepId(key: Buffer, version: string, points: readonly SweepPoint[]): string {
  const hmac = createHmac("sha256", key);
  hmac.update(JSON.stringify({ sweep: true, version, format: JOB_FORMAT }));
  for (const point of points) hmac.update(`\n${point.index}\n${JSON.stringify(encodeValue(point.scenario))}`);
  return hmac.digest("hex").slice(0, 32);
}

/** A point's job id: queueing it again while it exists adds nothing (BullMQ keeps one job per id). */
export const pointJobId = (sweep: string, point: number): string => `${sweep}-${point}`;

/** What the job of `point` is bound to: the result a worker returns must be signed for it. */
export function pointBinding(sweep: string, point: SweepPoint): JobBinding {
  return { sweep, point: point.index, scenario: scenarioHash(encodeValue(point.scenario)) };
}

export function pointJobData(key: Buffer, version: string, sweep: string, point: SweepPoint): PointJobData {
  const scenario = encodeValue(point.scenario);
  const binding: JobBinding = { sweep, point: point.index, scenario: scenarioHash(scenario) };
  return {
    format: JOB_FORMAT,
    losslab: version,
    sweep,
    point: point.index,
    scenario,
    signature: sign(key, jobParts(version, binding)),
  };
}

/** Why a worker does not run a job: the job fails with this message, and is not tried again. */
export class JobRefused extends Error {
  override name = "JobRefused";
  /** Set when the job's signature checked out: the refusal may then be signed for its collector. */
  binding: JobBinding | undefined;
  constructor(message: string, binding?: JobBinding) {
    super(message);
    this.binding = binding;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The scenario of a job, checked on the worker before anything runs: a job is data from
 * whoever can write to Redis. It must be a losslab point job signed with this worker's queue
 * key, of this version, its scenario a scenario object that validates and names no plugin
 * (a worker loads no code a job names) and no file (a worker reads none: trace files are
 * inlined by `losslab sweep` from the sweep's data directory). Throws JobRefused saying
 * which rule the job breaks; the binding is what the result must be signed for.
 */
export function jobScenario(
  data: unknown,
  version: string,
  key: Buffer,
): { point: number; sweep: string; scenario: unknown; binding: JobBinding } {
  if (
    !isObject(data) ||
    data.format !== JOB_FORMAT ||
    typeof data.sweep !== "string" ||
    typeof data.losslab !== "string" ||
    !Number.isSafeInteger(data.point)
  ) {
    throw new JobRefused(
      "not a losslab sweep point (expected { format: 2, losslab, sweep, point, scenario, signature })",
    );
  }
  let hash: string;
  try {
    hash = scenarioHash(data.scenario);
  } catch {
    throw new JobRefused("its scenario cannot be read back as JSON");
  }
  const binding: JobBinding = { sweep: data.sweep, point: data.point as number, scenario: hash };
  if (!verify(key, jobParts(data.losslab, binding), data.signature)) {
    throw new JobRefused(
      "its signature does not check out: it was not queued by a collector with this worker's queue key (LOSSLAB_QUEUE_KEY or --queue-key-file)",
    );
  }
  if (data.losslab !== version) {
    throw new JobRefused(
      `queued by losslab ${data.losslab.slice(0, 40)}, and this worker is losslab ${version}: run workers of the same version as the sweep`,
      binding,
    );
  }
  const scenario = decodeValue(data.scenario);
  if (!isObject(scenario)) {
    throw new JobRefused("its scenario is not a scenario object (a worker reads no scenario files)", binding);
  }
  const traffic = scenario.traffic;
  if (Array.isArray(traffic)) {
    for (const [i, spec] of traffic.entries()) {
      if (isObject(spec) && "file" in spec) {
        throw new JobRefused(
          `traffic[${i}].file names a file (${JSON.stringify(spec.file)?.slice(0, 200)}); a worker reads no files: a queued scenario carries its trace inline (csv or entries)`,
          binding,
        );
      }
    }
  }
  // A worker loads no code a job names: queued sweeps take built-in kinds only.
  if (scenario.plugins !== undefined) {
    throw new JobRefused(
      "its scenario names plugins; a worker loads no code from a job (run plugin sweeps with --workers)",
      binding,
    );
  }
  try {
    parseScenario(scenario);
  } catch (error) {
    if (error instanceof ScenarioError) throw new JobRefused(oneLine(error.message), binding);
    throw error;
  }
  return { point: data.point as number, sweep: data.sweep, scenario, binding };
}
