/**
 * The collector side of a queued sweep (`losslab sweep FILE --queue URL`): it puts the points
 * on the queue as signed jobs, one per point, and hands each result over as it arrives,
 * once it checks out (point-result.ts: signed for that very job, and a point's output).
 * A result that does not, or a failure no worker of this sweep signed, is rejected with a line
 * naming the point, and the point is queued again (up to MAX_REJECTIONS times, then it counts
 * as failed). Jobs whose result is already in Redis (an earlier, interrupted collector) are
 * collected, not queued again; the sweep's outputs are ordered by point by the caller, never
 * by completion.
 */
import { type Job, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import type { SweepPoint } from "../sweep/sweep-file.js";
import { oneLine } from "../terminal/one-line.js";
import { PointQueue } from "./job-class.js";
import { POINT_JOB, type PointJobData, pointBinding, pointJobData, pointJobId, QUEUE_NAME } from "./point-job.js";
import { acceptResult, type PointOutput } from "./point-result.js";
import { checkRedis, type RedisAddress, redisClient } from "./redis-address.js";
import type { JobBinding } from "./signature.js";
import { verifiedFailure } from "./signature.js";

export type { PointOutput } from "./point-result.js";

/** How long an abandoned sweep's jobs and results stay in Redis (they go when the sweep is collected). */
const KEEP_SECONDS = 7 * 24 * 3600;

/** How often the collector asks Redis about the jobs it has not heard of (events can be missed). */
const RECHECK_MS = 3_000;

/** Jobs read or written per round trip batch. */
const BATCH = 200;

/** Results of one point rejected before the point counts as failed (each time it is queued again). */
export const MAX_REJECTIONS = 3;

export interface CollectOptions {
  /** The sweep's id (`sweepId`). */
  sweep: string;
  version: string;
  /** The queue key: jobs are signed with it, results must be. */
  key: Buffer;
  /** Remove this sweep's jobs first, so that every point runs again. */
  fresh: boolean;
  /** Points done (this run's), out of `total`, and "N running, N failed". */
  progress?: (done: number, total: number, detail: string) => void;
  /** Each point's output as it arrives (completion order); `index` is the point's index in `points`. */
  onResult: (index: number, output: PointOutput) => void;
  /** `point 3 (x=1)`, for the point at `index` in `points`. */
  label: (index: number) => string;
  /** A line for stderr (a rejected result). */
  say: (line: string) => void;
}

export interface SweepQueue {
  /** How many workers are connected now (undefined if Redis does not say). */
  workers(): Promise<number | undefined>;
  /** Queues `points` (those not already there) and resolves once each has its output. */
  collect(points: readonly SweepPoint[], options: CollectOptions): Promise<void>;
  /** Removes the jobs (and results) of these points of a sweep: the sweep is collected. */
  forget(sweep: string, points: readonly SweepPoint[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to the queue (a UserError if Redis cannot be reached or refuses). `onLost` hears
 * of a connection lost later, while the clients reconnect.
 */
export async function openSweepQueue(address: RedisAddress, onLost: (error: Error) => void): Promise<SweepQueue> {
  await checkRedis(address);
  const clients: Redis[] = [];
  const client = () => {
    const made = redisClient(address, onLost);
    clients.push(made);
    return made;
  };
  const queue = new PointQueue(QUEUE_NAME, { connection: client() });
  queue.on("error", onLost);
  return {
    async workers() {
      try {
        return (await queue.getWorkers()).length;
      } catch {
        return undefined;
      }
    },
    collect: (points, options) => collect(queue, client(), points, options),
    async forget(sweep, points) {
      for (let start = 0; start < points.length; start += BATCH) {
        const ids = points.slice(start, start + BATCH).map((point) => pointJobId(sweep, point.index));
        // A job still running (a duplicate after a stall) cannot be removed: it expires with KEEP_SECONDS.
        await Promise.all(ids.map((id) => queue.remove(id).catch(() => 0)));
      }
    },
    async close() {
      await queue.close();
      for (const made of clients) made.disconnect();
    },
  };
}

/** What a finished job says about its point: an output to take, or why it is rejected. */
function judge(
  job: Job<PointJobData, unknown>,
  state: string,
  binding: JobBinding,
  key: Buffer,
): { output: PointOutput } | { rejected: string } | undefined {
  if (state === "completed") return acceptResult(key, binding, job.returnvalue);
  if (state !== "failed") return undefined;
  const message = verifiedFailure(key, binding, job.failedReason);
  if (message !== undefined) return { output: { error: message } };
  const reason = oneLine(String(job.failedReason ?? "no reason given")).slice(0, 200);
  return { rejected: `it failed, and no worker of this sweep signed the failure: ${reason}` };
}

async function collect(
  queue: PointQueue,
  eventsClient: Redis,
  points: readonly SweepPoint[],
  options: CollectOptions,
): Promise<void> {
  const total = points.length;
  const indexOf = new Map(points.map((point, index) => [pointJobId(options.sweep, point.index), index]));
  const bindings = new Map(
    points.map((point) => [pointJobId(options.sweep, point.index), pointBinding(options.sweep, point)]),
  );
  const outstanding = new Set(indexOf.keys());
  const running = new Set<string>();
  /** Jobs being queued again after a rejection: their state in Redis is in flux meanwhile. */
  const requeueing = new Set<string>();
  const rejections = new Map<string, number>();
  let done = 0;
  let failed = 0;
  const show = () => options.progress?.(done, total, `${done} done, ${running.size} running, ${failed} failed`);
  if (total === 0) return;

  let finish: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });

  /** The point's output, taken once. */
  const deliver = (id: string, output: PointOutput) => {
    outstanding.delete(id);
    running.delete(id);
    done++;
    if ("error" in output) failed++;
    try {
      options.onResult(indexOf.get(id)!, output);
    } catch (error) {
      fail(error);
      return;
    }
    show();
    if (outstanding.size === 0) finish();
  };

  /** A result that does not check out: said, and the point queued again (or, the last time, failed). */
  const reject = (id: string, why: string) => {
    const index = indexOf.get(id)!;
    const count = (rejections.get(id) ?? 0) + 1;
    rejections.set(id, count);
    running.delete(id);
    if (count >= MAX_REJECTIONS) {
      options.say(
        `losslab: ${options.label(index)}: rejected a result from the queue (${why}); ${count} rejected, not run again`,
      );
      deliver(id, { error: `rejected ${count} results from the queue; the last: ${why}` });
      return;
    }
    options.say(`losslab: ${options.label(index)}: rejected a result from the queue (${why}); running it again`);
    requeueing.add(id);
    void requeue(queue, points[index]!, id, options)
      .then(() => requeueing.delete(id))
      .catch(fail);
  };

  /** Takes the output of a finished job (completed: its result; failed: its reason) once, if it checks out. */
  const take = (id: string, job: Job<PointJobData, unknown> | undefined, state: string) => {
    if (!outstanding.has(id) || requeueing.has(id) || job === undefined) return;
    const verdict = judge(job, state, bindings.get(id)!, options.key);
    if (verdict === undefined) return;
    if ("rejected" in verdict) reject(id, verdict.rejected);
    else deliver(id, verdict.output);
  };
  const look = async (id: string) => {
    const job = await queue.getJob(id);
    if (job === undefined) return { job, state: "missing" };
    return { job, state: await job.getState() };
  };
  const check = (id: string) => look(id).then(({ job, state }) => take(id, job, state), fail);

  // Listening first, then queueing: a job that ends in between is found by the next recheck.
  const events = new QueueEvents(QUEUE_NAME, { connection: eventsClient });
  events.on("error", () => {}); // the client's own error listener reports lost connections
  events.on("active", ({ jobId }) => {
    if (!outstanding.has(jobId)) return;
    running.add(jobId);
    show();
  });
  events.on("completed", ({ jobId }) => {
    if (outstanding.has(jobId)) void check(jobId);
  });
  events.on("failed", ({ jobId }) => {
    if (outstanding.has(jobId)) void check(jobId);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await events.waitUntilReady();
    show();
    await enqueue(queue, points, options, (id, job, state) => {
      if (state === "active") running.add(id);
      take(id, job, state);
    });
    show();
    // Events can be missed (a reconnection, a job that ended while it was being queued): ask now and then.
    const recheck = async () => {
      for (const ids = [...outstanding]; ids.length > 0; ) {
        const batch = ids.splice(0, BATCH).filter((id) => !requeueing.has(id));
        const seen = await Promise.all(batch.map(look));
        const lost: SweepPoint[] = [];
        batch.forEach((id, i) => {
          const { job, state } = seen[i]!;
          if (state === "missing" && outstanding.has(id) && !requeueing.has(id)) lost.push(points[indexOf.get(id)!]!);
          else take(id, job, state);
        });
        // Removed meanwhile (another collector of the same sweep finished and forgot it): queue it again.
        if (lost.length > 0) await addJobs(queue, lost, options);
      }
      timer = setTimeout(() => void recheck().catch(fail), RECHECK_MS);
    };
    timer = setTimeout(() => void recheck().catch(fail), RECHECK_MS);
    if (outstanding.size > 0) await finished;
  } finally {
    clearTimeout(timer);
    await events.close().catch(() => {});
  }
}

/** Removes a point's job (its rejected result) and queues the point again. */
async function requeue(queue: PointQueue, point: SweepPoint, id: string, options: CollectOptions): Promise<void> {
  await queue.remove(id).catch(() => 0);
  // A job that cannot be removed (locked by a worker running it again) comes back through its events.
  if ((await queue.getJob(id)) === undefined) await addJobs(queue, [point], options);
}

/**
 * Queues the points that have no job yet; reports the jobs already there (to re-use their
 * results, which `take` checks). A job that failed, or whose point failed, is run again, as a
 * local sweep runs its failed points again; with `fresh`, every job is.
 */
async function enqueue(
  queue: PointQueue,
  points: readonly SweepPoint[],
  options: CollectOptions,
  found: (id: string, job: Job<PointJobData, unknown>, state: string) => void,
): Promise<void> {
  for (let start = 0; start < points.length; start += BATCH) {
    const batch = points.slice(start, start + BATCH);
    const jobs = await Promise.all(batch.map((point) => queue.getJob(pointJobId(options.sweep, point.index))));
    const states = await Promise.all(jobs.map((job) => job?.getState()));
    const toAdd: SweepPoint[] = [];
    for (const [i, point] of batch.entries()) {
      const job = jobs[i];
      const state = states[i];
      if (job === undefined || state === undefined || state === "unknown") {
        toAdd.push(point);
        continue;
      }
      const verdict =
        state === "completed"
          ? acceptResult(options.key, pointBinding(options.sweep, point), job.returnvalue)
          : undefined;
      const pointFailed =
        state === "failed" || (verdict !== undefined && "output" in verdict && "error" in verdict.output);
      if (options.fresh || pointFailed) {
        // A job being run cannot be removed: with --fresh its result is then taken as it comes.
        const removed = await job.remove().then(
          () => true,
          () => false,
        );
        if (removed) {
          toAdd.push(point);
          continue;
        }
      }
      found(job.id!, job, state);
    }
    await addJobs(queue, toAdd, options);
  }
}

async function addJobs(queue: PointQueue, points: readonly SweepPoint[], options: CollectOptions) {
  if (points.length === 0) return;
  await queue.addBulk(
    points.map((point) => ({
      name: POINT_JOB,
      data: pointJobData(options.key, options.version, options.sweep, point),
      opts: {
        jobId: pointJobId(options.sweep, point.index),
        // A point that throws on a worker is reported, not retried: a simulation gives the same error
        // every time. A worker that dies (SIGKILL, a lost machine) is another matter: its job stalls
        // and another worker runs it (see `losslab worker`).
        attempts: 1,
        removeOnComplete: { age: KEEP_SECONDS },
        removeOnFail: { age: KEEP_SECONDS },
      },
    })),
  );
}
