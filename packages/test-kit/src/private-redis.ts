/**
 * A private redis-server for the queue tests: on a free port, no persistence, in a temporary
 * directory, with a password (so that every test also goes through the URL's password). No
 * Docker: Debian's redis-server, which `.ci/run` installs when it is missing.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";

/** The redis-server on PATH, or undefined. */
export function redisServerPath(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** Why the queue tests do not run here, or undefined if they do (in CI they always must). */
export function redisMissing(): string | undefined {
  if (redisServerPath() !== undefined || process.env.CI) return undefined;
  return "redis-server is not installed (apt-get install redis-server; .ci/run installs it): skipping the queue tests";
}

/** A port nobody listens on now: the one the system gives a listener on port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateRedis {
  /** redis://:PASSWORD@127.0.0.1:PORT */
  url: string;
  port: number;
  password: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<PrivateRedis> {
  const dir = mkdtempSync(join(tmpdir(), "losslab-redis-"));
  const port = await freePort();
  const password = "s3cret-test-password";
  const server: ChildProcess = spawn(
    redisServerPath() ?? "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  // The password goes in through the protocol, not the command line (which `ps` shows).
  const client = new Redis({ port, host: "127.0.0.1", lazyConnect: true, retryStrategy: () => null });
  client.on("error", () => {});
  for (let tries = 0; ; tries++) {
    try {
      await client.connect();
      await client.config("SET", "requirepass", password);
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  client.disconnect();
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    port,
    password,
    async stop() {
      server.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
