/**
 * BullMQ's queue and worker with a job class that survives a corrupt job hash: Redis holds a
 * job's data as JSON text, and BullMQ parses it when it reads the job, so a job whose data
 * (or options, or progress) is not JSON would throw there, outside any handler: the worker
 * would leave it active for good and log the error as a lost connection, the collector would
 * crash. Read through `LosslabJob`, such a job is one whose data says it is corrupt: the
 * worker fails it once, named as such, and the collector queues its point again.
 */
import { Job, type JobJsonRaw, type MinimalQueue, Queue, Worker } from "bullmq";
import type { PointJobData } from "./point-job.js";

/** The one field of the data a corrupt job is read with. */
export const CORRUPT = "$losslab-corrupt";

/** What a corrupt job's data is read as. */
export type CorruptData = { [CORRUPT]: string };

/** Whether a job's data is the stand-in of a corrupt job hash; its reason if so. */
export function corruption(data: unknown): string | undefined {
  if (data === null || typeof data !== "object" || !(CORRUPT in data)) return undefined;
  return String((data as CorruptData)[CORRUPT]);
}

const parses = (text: unknown) => {
  if (text === undefined || text === null || text === "") return true;
  try {
    JSON.parse(String(text));
    return true;
  } catch {
    return false;
  }
};

export class LosslabJob extends Job {
  static override fromJSON<T = unknown, R = unknown, N extends string = string>(
    queue: MinimalQueue,
    json: JobJsonRaw,
    jobId?: string,
  ): Job<T, R, N> {
    const bad = (["data", "opts", "progress"] as const).filter((field) => !parses(json[field]));
    if (bad.length === 0) return Job.fromJSON<T, R, N>(queue, json, jobId);
    const data: CorruptData = {
      [CORRUPT]: `corrupt job: its ${bad.join(" and ")} in Redis ${bad.length === 1 ? "is" : "are"} not JSON`,
    };
    const repaired: JobJsonRaw = { ...json, data: JSON.stringify(data) };
    if (bad.includes("opts")) repaired.opts = "{}";
    if (bad.includes("progress")) repaired.progress = "0";
    return Job.fromJSON<T, R, N>(queue, repaired, jobId);
  }
}

/** The collector's queue: jobs read through LosslabJob. */
export class PointQueue extends Queue<PointJobData, unknown> {
  protected override get Job(): typeof Job {
    return LosslabJob as unknown as typeof Job;
  }
}

/** `losslab worker`'s BullMQ worker: jobs read through LosslabJob. */
export class PointWorker extends Worker<PointJobData | CorruptData, unknown> {
  protected override get Job(): typeof Job {
    return LosslabJob as unknown as typeof Job;
  }
}
