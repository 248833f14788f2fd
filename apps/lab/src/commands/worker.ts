import { hostname } from "node:os";
import { UnrecoverableError } from "bullmq";
import type { Redis } from "ioredis";
import { corruption, PointWorker } from "../queue/job-class.js";
import { JobRefused, jobScenario, QUEUE_NAME } from "../queue/point-job.js";
import { signResult } from "../queue/point-result.js";
import { queueKey } from "../queue/queue-key.js";
import { checkRedis, parseRedisAddress, redisClient } from "../queue/redis-address.js";
import { signedFailure } from "../queue/signature.js";
import { runScenarioSummary } from "../sweep/scenario-task.js";
import { openPool } from "../sweep/worker-pool.js";
import { errorLine } from "../terminal/error-line.js";
import { losslabVersion } from "../version.js";

export interface WorkerOptions {
  queue: string;
  /** A file holding the queue key (else LOSSLAB_QUEUE_KEY). */
  queueKeyFile?: string;
  /** A file holding the Redis password (else LOSSLAB_REDIS_PASSWORD, or the URL's). */
  queuePasswordFile?: string;
  /** Points run at once, each on its own worker thread. */
  concurrency: number;
  /** Seconds after which the job of a worker that stopped answering is run by another. */
  stalledAfter: number;
}

/** How many times a job may lose its worker (a killed process, a lost machine) before it counts as failed. */
const MAX_STALLED = 2;

/**
 * `losslab worker --queue URL`: runs the points of queued sweeps (`losslab sweep --queue`) on
 * worker threads, `--concurrency` at a time, until SIGINT or SIGTERM. A job is data: it is
 * checked (jobScenario) and refused, not run, when it is not signed with the queue key, not a
 * valid scenario of this version, or names a plugin or a file; a corrupt job (its data not
 * JSON) fails once, named as such. A point's output (its summary, or its own error) is
 * returned signed for its job; a refused job fails once, its reason signed when the job was.
 */
export async function workerCommand(options: WorkerOptions): Promise<void> {
  const key = await queueKey(options.queueKeyFile);
  const address = await parseRedisAddress(options.queue, { passwordFile: options.queuePasswordFile });
  await checkRedis(address);
  let lostSince = 0;
  const onLost = (error: Error) => {
    // One line per minute at most while Redis is away; the clients reconnect by themselves.
    if (Date.now() - lostSince < 60_000) return;
    lostSince = Date.now();
    process.stderr.write(`losslab: worker: Redis at ${address.shown}: ${address.redact(errorLine(error))}; retrying\n`);
  };
  const clients: Redis[] = [];
  const pool = openPool(options.concurrency, true);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const worker = new PointWorker(
    QUEUE_NAME,
    async (job) => {
      const corrupt = corruption(job.data);
      if (corrupt !== undefined) {
        log(`job ${job.id}: refused: ${corrupt}`);
        throw new UnrecoverableError(`refused by the worker: ${corrupt}`);
      }
      let checked: ReturnType<typeof jobScenario>;
      try {
        checked = jobScenario(job.data, losslabVersion, key);
      } catch (error) {
        const refused =
          error instanceof JobRefused ? error : new JobRefused(`it cannot be read (${errorLine(error).slice(0, 200)})`);
        log(`job ${job.id}: refused: ${refused.message}`);
        const message = `refused by the worker: ${refused.message}`;
        throw new UnrecoverableError(
          refused.binding === undefined ? message : signedFailure(key, refused.binding, message),
        );
      }
      const start = Date.now();
      log(`job ${job.id}: point ${checked.point} of sweep ${checked.sweep} started`);
      const output = await pool
        .run(runScenarioSummary, { scenario: checked.scenario, plugins: [] })
        .catch((error: unknown) => {
          // The worker thread died (out of memory, ...): report it once, like the local sweep.
          log(`job ${job.id}: point ${checked.point} failed: ${errorLine(error)}`);
          throw new UnrecoverableError(signedFailure(key, checked.binding, errorLine(error)));
        });
      log(`job ${job.id}: point ${checked.point} done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return signResult(key, checked.binding, output);
    },
    {
      connection: (() => {
        const made = redisClient(address, onLost);
        clients.push(made);
        return made;
      })(),
      concurrency: options.concurrency,
      name: `${hostname()}:${process.pid}`,
      lockDuration: options.stalledAfter * 1000,
      stalledInterval: options.stalledAfter * 1000,
      maxStalledCount: MAX_STALLED,
      autorun: false,
    },
  );
  // A worker's errors are the connection's (a job it cannot read fails as corrupt instead).
  worker.on("error", onLost);
  log(
    `losslab worker: running sweep points from ${address.shown} on ${options.concurrency} thread${options.concurrency === 1 ? "" : "s"}; ` +
      "SIGINT or SIGTERM stops it after its running points",
  );
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    const handler = (signal: NodeJS.Signals) => {
      process.off("SIGINT", handler).off("SIGTERM", handler);
      // A second signal stops at once: the running points are then run again by another worker.
      const now = () => {
        process.stderr.write("losslab: worker stopped; its running points will be run by another worker\n");
        process.exit(130);
      };
      process.once("SIGINT", now).once("SIGTERM", now);
      process.stderr.write("losslab: worker stopping after its running points (signal again to stop now)\n");
      resolve(signal);
    };
    process.on("SIGINT", handler).on("SIGTERM", handler);
  });
  void worker.run().catch(onLost);
  const signal = await stopped;
  await worker.close();
  await pool.destroy();
  for (const made of clients) made.disconnect();
  process.stderr.write("losslab: worker stopped\n");
  process.exitCode = signal === "SIGINT" ? 130 : 143;
}
