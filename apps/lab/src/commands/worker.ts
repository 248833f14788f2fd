import { hostname } from "node:os";
import { UnrecoverableError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { JobRefused, jobScenario, type PointJobData, QUEUE_NAME } from "../queue/point-job.js";
import { checkRedis, parseRedisAddress, redisClient } from "../queue/redis-address.js";
import { encodeValue } from "../queue/result-codec.js";
import { runScenarioSummary } from "../sweep/scenario-task.js";
import { openPool } from "../sweep/worker-pool.js";
import { errorLine } from "../terminal/error-line.js";
import { losslabVersion } from "../version.js";

export interface WorkerOptions {
  queue: string;
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
 * checked (jobScenario) and refused, not run, when it is not a valid scenario of this
 * version or names a file. A point's own error is its result; a refused job fails once.
 */
export async function workerCommand(options: WorkerOptions): Promise<void> {
  const address = parseRedisAddress(options.queue);
  await checkRedis(address);
  let lostSince = 0;
  const onLost = (error: Error) => {
    // One line per minute at most while Redis is away; the clients reconnect by themselves.
    if (Date.now() - lostSince < 60_000) return;
    lostSince = Date.now();
    process.stderr.write(`losslab: worker: Redis at ${address.shown}: ${errorLine(error)}; retrying\n`);
  };
  const clients: Redis[] = [];
  const pool = openPool(options.concurrency, true);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const worker = new Worker<PointJobData, unknown>(
    QUEUE_NAME,
    async (job) => {
      let checked: ReturnType<typeof jobScenario>;
      try {
        checked = jobScenario(job.data, losslabVersion);
      } catch (error) {
        if (!(error instanceof JobRefused)) throw error;
        log(`job ${job.id}: refused: ${error.message}`);
        throw new UnrecoverableError(`refused by the worker: ${error.message}`);
      }
      const start = Date.now();
      log(`job ${job.id}: point ${checked.point} of sweep ${checked.sweep} started`);
      const output = await pool.run(runScenarioSummary, checked.scenario).catch((error: unknown) => {
        // The worker thread died (out of memory, ...): report it once, like the local sweep.
        log(`job ${job.id}: point ${checked.point} failed: ${errorLine(error)}`);
        throw new UnrecoverableError(errorLine(error));
      });
      log(`job ${job.id}: point ${checked.point} done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return encodeValue(output);
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
