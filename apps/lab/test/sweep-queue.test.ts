/**
 * `losslab sweep --queue` with `losslab worker` processes on a private redis-server: the
 * same bytes as `--workers 1`, a worker killed (SIGKILL) in the middle of a point, a
 * collector killed and run again, jobs a worker must refuse, forged and corrupt results and
 * jobs, secrets kept out of every message (issue 42), and the CLI's one-line errors.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ringDeadlock, ringScenario } from "@losslab/test-kit/deadlock-ring";
import { cliArgs, losslab } from "@losslab/test-kit/losslab-cli";
import { freePort, type PrivateRedis, redisMissing, startRedis } from "@losslab/test-kit/private-redis";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { rowsOnDisk, snapshot } from "@losslab/test-kit/sweep-files";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxConcurrency } from "../src/program.js";
import { sweepId } from "../src/queue/point-job.js";
import { jobParts, scenarioHash, sign } from "../src/queue/signature.js";
import { errorLine } from "../src/terminal/error-line.js";
import { losslabVersion } from "../src/version.js";
import { losslabInProcess } from "./in-process.js";

/** The queue key the collectors and workers of these tests share (child processes inherit it). */
const KEY = randomBytes(32).toString("hex");
process.env.LOSSLAB_QUEUE_KEY = KEY;

const POINTS = 12;
/** Points of about half a second on a worker thread: long enough to kill a worker in the middle of one. */
const sweep = {
  base: {
    name: "queued",
    durationMs: 10,
    topology: { kind: "two-switch", local: 1, remote: 1 },
    flows: { pattern: "santos", victimMs: null },
  },
  parameters: { "topology.local": [1, 2, 3, 4], "limits.window": [1, 2, 3] },
};

/** A `losslab` child process with its output so far, to wait on. */
interface Child {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once `test` holds for stdout (polled). */
  until: (test: (stdout: string) => boolean) => Promise<void>;
}

const children: ChildProcess[] = [];

function start(args: string[], env: NodeJS.ProcessEnv = process.env): Child {
  const child = spawn(process.execPath, [...cliArgs, ...args], { cwd: repositoryRoot, env });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const until = (test: (stdout: string) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (test(stdout)) {
          clearInterval(poll);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(poll);
          reject(new Error(`losslab ${args.join(" ")} ended: ${stderr}`));
        }
      }, 5);
    });
  return { process: child, stdout: () => stdout, stderr: () => stderr, exit, until };
}

/**
 * `losslab worker` on the queue, once it says it runs. `stalledAfter`: seconds (short only
 * where a worker is killed: on a busy machine a short lock can lapse and run a point twice).
 */
async function startWorker(url: string, concurrency = 1, stalledAfter = 30): Promise<Child> {
  const worker = start([
    "worker",
    "--queue",
    url,
    "--concurrency",
    String(concurrency),
    "--stalled-after",
    String(stalledAfter),
  ]);
  await worker.until((out) => out.includes("losslab worker: running"));
  return worker;
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern, "g"))?.length ?? 0;

const missing = redisMissing();
if (missing !== undefined) console.warn(`sweep-queue.test.ts: ${missing}`);

describe.skipIf(missing !== undefined)("losslab sweep --queue", () => {
  let redis: PrivateRedis;
  const dir = mkdtempSync(join(tmpdir(), "losslab-queue-"));
  const file = join(dir, "sweep.json");
  writeFileSync(file, JSON.stringify(sweep));
  let local: Record<string, string>;

  beforeAll(async () => {
    redis = await startRedis();
    const out = join(dir, "local");
    expect(losslab("sweep", file, "--workers", "1", "--out", out).status).toBe(0);
    local = snapshot(out);
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await redis?.stop();
  });

  it("two workers, one killed with SIGKILL in the middle of a point: its point runs elsewhere, same bytes as --workers 1", {
    timeout: 90_000,
  }, async () => {
    const [first, second] = await Promise.all([startWorker(redis.url, 1, 2), startWorker(redis.url, 1, 2)]);
    const out = join(dir, "queued");
    const collector = start(["sweep", file, "--queue", redis.url, "--out", out]);
    // Halfway, the first worker is killed right after it starts a point.
    await collector.until(() => rowsOnDisk(join(out, "results.csv")) >= POINTS / 2);
    const startedBefore = count(first.stdout(), /started/);
    await first.until((text) => count(text, /started/) > startedBefore);
    const lastStart = [...first.stdout().matchAll(/job (\S+): point (\d+) of sweep \S+ started/g)].at(-1)!;
    first.process.kill("SIGKILL");
    const exit = await collector.exit;
    expect(collector.stderr()).toBe("");
    expect(exit.code).toBe(0);
    expect(collector.stdout()).toContain(`running ${POINTS} on the queue at redis://:***@127.0.0.1:${redis.port}`);
    expect(collector.stdout()).not.toContain(redis.password);
    expect(snapshot(out)).toEqual(local);
    // The killed worker's point was run again by the other one (stalled-job detection).
    const [, job, point] = lastStart;
    expect(first.stdout()).not.toContain(`job ${job}: point ${point} done`);
    expect(second.stdout()).toContain(`job ${job}: point ${point} done`);
    expect(count(first.stdout() + second.stdout(), / done in /g)).toBe(POINTS);
    // Collected: the sweep's jobs are gone from Redis.
    const queue = new Queue("losslab-sweep", { connection: { port: redis.port, password: redis.password } });
    expect(await queue.getJobCounts("completed", "failed", "wait", "active")).toEqual({
      completed: 0,
      failed: 0,
      wait: 0,
      active: 0,
    });
    await queue.close();
    second.process.kill("SIGTERM");
    expect((await second.exit).code).toBe(143);
  });

  it("a collector killed and run again takes the points finished meanwhile from Redis, recomputing none", {
    timeout: 90_000,
  }, async () => {
    // Another database of the same server: nothing from the other test's sweep.
    const url = `${redis.url}/1`;
    const worker = await startWorker(url, 2);
    const out = join(dir, "resumed");
    const csv = join(out, "results.csv");
    const collector = start(["sweep", file, "--queue", url, "--out", out]);
    await collector.until(() => rowsOnDisk(csv) >= 3);
    collector.process.kill("SIGKILL");
    await collector.exit;
    const kept = rowsOnDisk(csv);
    expect(kept).toBeLessThan(POINTS);
    // The worker goes on without a collector; the results wait in Redis.
    await worker.until((text) => count(text, / done in /g) === POINTS);

    // Not spawnSync: this process must read the worker's output meanwhile, to see it run nothing.
    const again = start(["sweep", file, "--queue", url, "--out", out]);
    expect((await again.exit).code).toBe(0);
    expect(again.stderr()).toBe(
      `losslab: resuming from ${csv}: re-using ${kept} of ${POINTS} points, running ${POINTS - kept}: ${POINTS - kept} not in it\n`,
    );
    expect(snapshot(out)).toEqual(local);
    // Every point ran once.
    expect(count(worker.stdout(), /started/g)).toBe(POINTS);
    worker.process.kill("SIGINT");
    expect((await worker.exit).code).toBe(130);
  });

  it("a worker refuses, once, a job not signed with its key, or that names plugins, a file or another version, and runs no code", {
    timeout: 60_000,
  }, async () => {
    const url = `${redis.url}/2`;
    const worker = await startWorker(url);
    const connection = { port: redis.port, password: redis.password, db: 2 };
    const queue = new Queue("losslab-sweep", { connection });
    const events = new QueueEvents("losslab-sweep", { connection });
    await events.waitUntilReady();
    const base = { ...sweep.base, durationMs: 1 };
    const key = Buffer.from(KEY);
    /** A job as a collector with the key would queue it (signed), or with `signature` instead. */
    const data = (scenario: unknown, losslab = losslabVersion, signature?: string) => {
      const binding = { sweep: "test", point: 1, scenario: scenarioHash(scenario) };
      return {
        format: 2,
        losslab,
        sweep: "test",
        point: 1,
        scenario,
        signature: signature ?? sign(key, jobParts(losslab, binding)),
      };
    };
    const jobs = {
      unsigned: data(base, losslabVersion, "0".repeat(64)),
      otherKey: {
        ...data(base),
        signature: sign(
          Buffer.from("x".repeat(40)),
          jobParts(losslabVersion, { sweep: "test", point: 1, scenario: scenarioHash(base) }),
        ),
      },
      oldFormat: { format: 1, losslab: losslabVersion, sweep: "test", point: 1, scenario: base },
      plugins: data({ ...base, plugins: ["evil-plugin"] }),
      file: data({ ...base, traffic: [{ kind: "trace", file: "/etc/passwd" }] }),
      version: data(base, "0.0.0-other"),
      path: data("../scenario.json"),
    };
    const reasons: Record<string, string> = {};
    for (const [name, job] of Object.entries(jobs)) {
      const added = await queue.add("point", job, { jobId: `refused-${name}`, attempts: 3 });
      await added.waitUntilFinished(events).catch((error: Error) => {
        // A refusal of a job that checked out is signed for its collector: the signature is not the message.
        reasons[name] = error.message.replace(/ #signed:[0-9a-f]{64}$/, "");
      });
      const after = await queue.getJob(added.id!);
      // Refused once: failed for good, with attempts to spare.
      expect(await after!.getState()).toBe("failed");
      expect(after!.attemptsMade).toBe(1);
    }
    const unsigned =
      "refused by the worker: its signature does not check out: it was not queued by a collector with this worker's queue key (LOSSLAB_QUEUE_KEY or --queue-key-file)";
    expect(reasons.unsigned).toBe(unsigned);
    expect(reasons.otherKey).toBe(unsigned);
    expect(reasons.oldFormat).toContain("not a losslab sweep point");
    expect(reasons.plugins).toBe(
      "refused by the worker: its scenario names plugins; a worker loads no code from a job (run plugin sweeps with --workers)",
    );
    expect(reasons.file).toBe(
      'refused by the worker: traffic[0].file names a file ("/etc/passwd"); a worker reads no files: a queued scenario carries its trace inline (csv or entries)',
    );
    expect(reasons.version).toContain(`queued by losslab 0.0.0-other, and this worker is losslab ${losslabVersion}`);
    expect(reasons.path).toContain("its scenario is not a scenario object");
    expect(count(worker.stdout(), /: refused: /g)).toBe(7);
    expect(worker.stdout()).not.toContain("started");

    // A point whose simulation fails (the deadlock ring at 3 ms) is a result: reported once with its point and message.
    const ringFile = join(dir, "ring.json");
    writeFileSync(ringFile, JSON.stringify({ base: ringScenario(), parameters: { durationMs: [1, 3] } }));
    // Not spawnSync: this process goes on reading the worker's output meanwhile.
    const collector = start(["sweep", ringFile, "--queue", url, "--out", join(dir, "ring")]);
    expect((await collector.exit).code).toBe(3);
    expect(
      collector
        .stderr()
        .split("\n")
        .filter((line) => !line.includes("warning: topology")),
    ).toEqual([
      `losslab: point 2 (durationMs=3) failed: ${errorLine(ringDeadlock(3))}`,
      `losslab: 1 of 2 points failed; their errors are in ${join(dir, "ring", "results.csv")} and results.json, and the same command runs them again`,
      "",
    ]);
    expect(count(worker.stdout(), /point 2 of sweep \S+ started/g)).toBe(1);
    await events.close();
    await queue.close();
    worker.process.kill("SIGTERM");
    await worker.exit;
  });

  it("says in one line what is wrong with the URL or the server, without the password", async () => {
    const closed = await freePort();
    const unreachable = await losslabInProcess("worker", "--queue", `redis://:hunter2@127.0.0.1:${closed}/0`);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toBe(
      `losslab: cannot reach Redis at redis://:***@127.0.0.1:${closed}/0 (ECONNREFUSED): check that redis-server runs there, listens on that host and port, and that no firewall is in the way\n`,
    );
    const wrong = await losslabInProcess("sweep", file, "--queue", `redis://:hunter2@127.0.0.1:${redis.port}`);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      new RegExp(
        `^losslab: Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${redis.port} refused the connection \\(.*\\): check the user name and the password \\(LOSSLAB_REDIS_PASSWORD, --queue-password-file or the URL\\)\\n$`,
      ),
    );
    expect(wrong.stderr).not.toContain("hunter2");
    const scheme = await losslabInProcess("sweep", file, "--queue", "http://:hunter2@localhost:6379");
    expect(scheme.stderr).toMatch(/^losslab: --queue: "http:" is not a Redis URL; expected redis:\/\/HOST:PORT/);
    expect(scheme.stderr).not.toContain("hunter2");
    const both = await losslabInProcess("sweep", file, "--queue", redis.url, "--workers", "2");
    expect(both).toMatchObject({
      code: 2,
      stderr: "losslab: option '--queue <url>' cannot be used with option '--workers <n>'\n",
    });
  });

  // Issue 42: the password was printed given as ?password= or holding a /, a % that does not
  // decode was a URIError stack trace, and the documented form put it on the command line.
  it("keeps the password out of every message, in every URL form, and takes it from the environment or a file", {
    timeout: 60_000,
  }, async () => {
    const closed = await freePort();
    const secret = "s/e?c#r%25et";
    const forms = [
      `redis://127.0.0.1:${closed}?password=${encodeURIComponent(secret)}`,
      `redis://:${encodeURIComponent(secret)}@127.0.0.1:${closed}`,
      `redis://:${secret}@127.0.0.1:${closed}`,
      `redis://user:${secret}@127.0.0.1:${closed}/3`,
      `redis://:pa/ss@127.0.0.1:${closed}`,
    ];
    for (const url of forms) {
      for (const command of [
        ["worker", "--queue", url],
        ["sweep", file, "--queue", url],
      ]) {
        const run = spawnSync(process.execPath, [...cliArgs, ...command], { cwd: repositoryRoot, encoding: "utf8" });
        expect(run.status, url).toBe(2);
        for (const output of [run.stdout, run.stderr]) {
          expect(output, url).not.toContain("s/e?c");
          expect(output, url).not.toContain(encodeURIComponent(secret));
          expect(output, url).not.toContain("pa/ss");
        }
        expect(run.stderr.split("\n")).toHaveLength(2);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      }
    }
    const percent = await losslabInProcess("worker", "--queue", `redis://:50%off@127.0.0.1:${closed}`);
    expect(percent.stderr).toBe(
      "losslab: --queue: the password in the URL has a % that is not followed by two hex digits (write % as %25, or give the password in LOSSLAB_REDIS_PASSWORD)\n",
    );
    const garbage = await losslabInProcess("worker", "--queue", "redis://:hunter2@[not a host");
    expect(garbage.stderr).toMatch(/^losslab: --queue: the part after the credentials is not HOST:PORT/);
    expect(garbage.stderr).not.toContain("hunter2");

    // From the environment and from a file: the URL (and so `ps`) holds no password.
    const plain = `redis://127.0.0.1:${redis.port}/4`;
    const env = { ...process.env, LOSSLAB_REDIS_PASSWORD: redis.password };
    const worker = start(["worker", "--queue", plain, "--concurrency", "1"], env);
    await worker.until((out) => out.includes("losslab worker: running"));
    const passwordFile = join(dir, "redis-password");
    writeFileSync(passwordFile, `${redis.password}\n`);
    const small = join(dir, "small.json");
    writeFileSync(
      small,
      JSON.stringify({ base: { ...sweep.base, durationMs: 1 }, parameters: { "topology.local": [1, 2] } }),
    );
    const collector = start([
      "sweep",
      small,
      "--queue",
      plain,
      "--queue-password-file",
      passwordFile,
      "--out",
      join(dir, "from-file"),
    ]);
    expect((await collector.exit).code).toBe(0);
    expect(collector.stdout()).toContain(`on the queue at redis://:***@127.0.0.1:${redis.port}/4`);
    expect(collector.stdout() + collector.stderr() + worker.stdout() + worker.stderr()).not.toContain(redis.password);
    worker.process.kill("SIGTERM");
    await worker.exit;
  });

  it("needs the queue key, refuses what a worker would refuse before queueing, and bounds --concurrency", async () => {
    const url = `${redis.url}/5`;
    const noKey = spawnSync(process.execPath, [...cliArgs, "worker", "--queue", url], {
      cwd: repositoryRoot,
      encoding: "utf8",
      env: { ...process.env, LOSSLAB_QUEUE_KEY: "" },
    });
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toMatch(/^losslab: --queue needs the queue key that the collector and its workers share/);
    const short = spawnSync(process.execPath, [...cliArgs, "sweep", file, "--queue", url], {
      cwd: repositoryRoot,
      encoding: "utf8",
      env: { ...process.env, LOSSLAB_QUEUE_KEY: "too short" },
    });
    expect(short.stderr).toBe(
      "losslab: the queue key (LOSSLAB_QUEUE_KEY) has 9 characters; it needs at least 32 (make one with: openssl rand -hex 32)\n",
    );
    // A sweep with plugins, or with an invalid custom fabric: refused with exit 2 before anything is queued (it ran, then exited 3).
    const example = join(repositoryRoot, "examples", "plugin-marking");
    const plugins = join(example, ".tmp-queue-sweep.json");
    writeFileSync(
      plugins,
      JSON.stringify({ base: "scenario.yaml", parameters: { "marking.thresholdPackets": [4, 8] } }),
    );
    try {
      const refused = await losslabInProcess("sweep", plugins, "--queue", url);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(
        `losslab: ${plugins}: --queue: the sweep loads plugins (./index.js), and a losslab worker loads no code from a job: run plugin sweeps with --workers\n`,
      );
    } finally {
      spawnSync("rm", ["-f", plugins]);
    }
    const ring = ringScenario() as { topology: { nodes: Array<{ id: string }> } };
    ring.topology.nodes[1]!.id = "H0";
    const custom = join(dir, "custom.json");
    writeFileSync(custom, JSON.stringify({ base: ring, parameters: { durationMs: [1, 2] } }));
    const invalid = await losslabInProcess("sweep", custom, "--queue", url);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/topology: duplicate node id "H0": nodes\[0\] and nodes\[1\]\n$/);

    // 40 idle threads took 1.06 GB: at most one per core and per GiB.
    const many = await losslabInProcess("worker", "--queue", url, "--concurrency", String(maxConcurrency() + 1));
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(
      new RegExp(
        `^losslab: option '--concurrency <n>' argument '${maxConcurrency() + 1}' is invalid\\. --concurrency must be an integer from 1 to ${maxConcurrency()} on this machine`,
      ),
    );
    expect(maxConcurrency(64, 8 * 2 ** 30)).toBe(8);
    expect(maxConcurrency(2, 64 * 2 ** 30)).toBe(2);
    expect(maxConcurrency(8, 2 ** 29)).toBe(1);
  });

  it("sweep ids cannot be guessed: an HMAC under the key, not a hash of the sweep", async () => {
    const point = { index: 1, values: [1], scenario: { name: "s" } } as never;
    const a = sweepId(Buffer.from("a".repeat(64)), losslabVersion, [point]);
    const b = sweepId(Buffer.from("b".repeat(64)), losslabVersion, [point]);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(sweepId(Buffer.from("a".repeat(64)), losslabVersion, [point])).toBe(a);
  });

  // Issue 42: a forged result was written to results.csv as genuine; null, "hello" or {} made the
  // collector print a stack trace on that run and every rerun.
  it("rejects forged, malformed and unbound results, naming the point, and runs those points again: same bytes", {
    timeout: 120_000,
  }, async () => {
    const url = `${redis.url}/6`;
    const connection = { port: redis.port, password: redis.password, db: 6 };
    const out = join(dir, "forged");
    const forgedFile = join(dir, "forged.json");
    writeFileSync(forgedFile, JSON.stringify(sweep));
    const collector = start(["sweep", forgedFile, "--queue", url, "--out", out]);
    // A worker without the key answers the first jobs it takes with forgeries of each kind.
    const forgeries: unknown[] = [
      null,
      "hello",
      {},
      {
        output: { fingerprint: "0123456789abcdef", links: {}, groups: {}, delivered: 1, marked: 0, completions: {} },
        signature: "0".repeat(64),
      },
      { output: { error: "a planted failure" }, signature: "f".repeat(64) },
    ];
    const fake = new Worker("losslab-sweep", null, { connection });
    fake.on("error", () => {});
    for (const forgery of forgeries) {
      let job = await fake.getNextJob("fake", { block: true });
      // Until the collector has queued its points.
      while (job === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = await fake.getNextJob("fake", { block: true });
      }
      await job.moveToCompleted(forgery, "fake", false);
    }
    await fake.close();
    // Then one waiting job's hash made corrupt (its data not JSON): its worker fails it, unsigned.
    const raw = new Redis(connection);
    const queue = new Queue("losslab-sweep", { connection });
    const [waiting] = await queue.getWaiting(0, 0);
    await raw.hset(`bull:losslab-sweep:${waiting!.id}`, "data", "{not json");
    await queue.close();
    // Then a real worker.
    const worker = await startWorker(url, 1);
    const exit = await collector.exit;
    await raw.quit();
    expect(exit.code).toBe(0);
    expect(snapshot(out)).toEqual(local);
    const rejected = collector
      .stderr()
      .split("\n")
      .filter((line) => line.includes("rejected a result"));
    expect(rejected).toHaveLength(forgeries.length + 1);
    for (const line of rejected) {
      expect(line).toMatch(
        /^losslab: point \d+ \(topology\.local=\d, limits\.window=\d\): rejected a result from the queue \(.*\); running it again$/,
      );
    }
    expect(collector.stderr()).toContain("it is not a signed losslab result (it is null)");
    expect(collector.stderr()).toContain('it is not a signed losslab result (it is the text "hello")');
    expect(collector.stderr()).toContain("it is not a signed losslab result (it is an empty object)");
    expect(collector.stderr()).toContain("its signature does not check out for this point");
    expect(collector.stderr()).toContain(
      "it failed, and no worker of this sweep signed the failure: refused by the worker: corrupt job: its data in Redis is not JSON",
    );
    expect(collector.stderr()).not.toMatch(/\n\s+at /);
    worker.process.kill("SIGTERM");
    await worker.exit;
  });

  it("a job whose data in Redis is not JSON fails once, named as corrupt, not logged as a lost connection", {
    timeout: 60_000,
  }, async () => {
    const url = `${redis.url}/7`;
    const connection = { port: redis.port, password: redis.password, db: 7 };
    const queue = new Queue("losslab-sweep", { connection });
    const events = new QueueEvents("losslab-sweep", { connection });
    await events.waitUntilReady();
    const added = await queue.add("point", { format: 2 }, { jobId: "corrupt-1", attempts: 3 });
    const raw = new Redis(connection);
    await raw.hset("bull:losslab-sweep:corrupt-1", "data", "{not json");
    const worker = await startWorker(url);
    const reason = await added.waitUntilFinished(events).then(
      () => "completed",
      (error: Error) => error.message,
    );
    expect(reason).toBe("refused by the worker: corrupt job: its data in Redis is not JSON");
    expect(await queue.getJobState("corrupt-1")).toBe("failed");
    expect(worker.stdout()).toContain("job corrupt-1: refused: corrupt job: its data in Redis is not JSON");
    expect(worker.stderr()).not.toContain("Redis at");
    await raw.quit();
    await events.close();
    await queue.close();
    worker.process.kill("SIGTERM");
    await worker.exit;
  });
});

describe.skipIf(missing !== undefined || !hasOpenssl())("losslab sweep --queue over TLS (rediss://)", () => {
  it("runs with a server certificate from a private CA the processes are told of, and says so when they are not", {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-tls-"));
    const tls = await startTlsRedis(dir);
    try {
      const file = join(dir, "sweep.json");
      writeFileSync(
        file,
        JSON.stringify({ base: { ...sweep.base, durationMs: 1 }, parameters: { "topology.local": [1, 2] } }),
      );
      const url = `rediss://127.0.0.1:${tls.port}`;
      const untrusted = await losslabInProcess("sweep", file, "--queue", url, "--out", join(dir, "out"));
      expect(untrusted.code).toBe(2);
      expect(untrusted.stderr).toContain(`losslab: cannot reach Redis at ${url} over TLS (`);
      expect(untrusted.stderr).toContain("NODE_EXTRA_CA_CERTS");

      const env = { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, "ca.pem") };
      const worker = start(["worker", "--queue", url, "--concurrency", "1"], env);
      await worker.until((out) => out.includes("losslab worker: running"));
      const collector = start(["sweep", file, "--queue", url, "--out", join(dir, "out")], env);
      expect((await collector.exit).code).toBe(0);
      expect(rowsOnDisk(join(dir, "out", "results.csv"))).toBe(2);
      worker.process.kill("SIGTERM");
      await worker.exit;
    } finally {
      await tls.stop();
    }
  });
});

function hasOpenssl(): boolean {
  return spawnSync("sh", ["-c", "command -v openssl"]).status === 0;
}

/** redis-server with TLS only, its certificate signed by a CA made here (dir/ca.pem). */
async function startTlsRedis(dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const openssl = (...args: string[]) => {
    const run = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`openssl ${args.join(" ")}: ${run.stderr}`);
  };
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=losslab test CA",
  );
  openssl(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    "/CN=127.0.0.1",
  );
  writeFileSync(join(dir, "san.cnf"), "subjectAltName=IP:127.0.0.1\n");
  openssl(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.pem",
    "-days",
    "1",
    "-extfile",
    "san.cnf",
  );
  const port = await freePort();
  const server = spawn(
    "redis-server",
    [
      "--port",
      "0",
      "--tls-port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--tls-cert-file",
      "server.pem",
      "--tls-key-file",
      "server.key",
      "--tls-ca-cert-file",
      "ca.pem",
      "--tls-auth-clients",
      "no",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
    ],
    { cwd: dir, stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(server);
  let log = "";
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on("data", (chunk) => {
      log += chunk;
      if (log.includes("Ready to accept connections")) resolve();
    });
    server.once("exit", () => reject(new Error(`redis-server with TLS ended: ${log}`)));
  });
  server.stdout!.resume();
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  return {
    port,
    async stop() {
      server.kill("SIGTERM");
      await exited;
    },
  };
}
