/**
 * The `--queue` URL of a queued sweep or a `losslab worker`: redis://HOST:PORT[/DB], or
 * rediss:// for TLS, with an optional password. Checked before anything runs; shown in
 * messages without its password.
 */
import { Redis } from "ioredis";
import { errorLine } from "../terminal/error-line.js";
import { UserError } from "../user-error.js";

export interface RedisAddress {
  /** The URL as given (with its password): what the connections use. */
  url: string;
  /** The URL with its password replaced by `***`: what messages show. */
  shown: string;
}

const FORM = "redis://[:PASSWORD@]HOST:PORT[/DB] (or rediss:// for TLS)";

/** Checks the form of a --queue URL (a UserError naming the form when it is wrong). */
export function parseRedisAddress(text: string): RedisAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UserError(`--queue: "${withoutPassword(text)}" is not a URL; expected ${FORM}`);
  }
  const shown = hidePassword(url);
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new UserError(`--queue: ${shown} is not a Redis URL; expected ${FORM}`);
  }
  if (url.hostname === "") throw new UserError(`--queue: ${shown} names no host; expected ${FORM}`);
  if (!/^(\/\d{0,5})?$/.test(url.pathname)) {
    throw new UserError(`--queue: ${shown}: the path must be a database number such as /0; expected ${FORM}`);
  }
  return { url: text, shown };
}

function hidePassword(url: URL): string {
  if (url.password === "") return url.href;
  const copy = new URL(url.href);
  copy.password = "***";
  return copy.href;
}

/** A string that may not parse as a URL, with anything between "//" and "@" hidden but the user name. */
function withoutPassword(text: string): string {
  return text.replace(/\/\/([^/@:]*):[^/@]*@/, "//$1:***@");
}

/**
 * A Redis client for BullMQ (which wants `maxRetriesPerRequest: null`): it reconnects for as
 * long as the process runs; `onError` hears of a lost connection (ioredis would print it).
 */
export function redisClient(address: RedisAddress, onError: (error: Error) => void): Redis {
  const client = new Redis(address.url, { maxRetriesPerRequest: null });
  client.on("error", onError);
  return client;
}

/** How long the first connection may take before Redis counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects once and pings, failing fast: a UserError that names the URL (without its
 * password) and what to check when Redis cannot be reached or refuses the connection.
 */
export async function checkRedis(address: RedisAddress): Promise<void> {
  const probe = new Redis(address.url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  probe.on("error", (error: Error) => {
    lastError = error;
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new UserError(redisProblem(address, lastError ?? error));
  } finally {
    probe.disconnect();
  }
}

function redisProblem(address: RedisAddress, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = errorLine(error);
  if (/WRONGPASS|NOAUTH|invalid password|invalid username/i.test(message)) {
    return `Redis at ${address.shown} refused the connection (${message}): check the user name and password in the --queue URL`;
  }
  if (/ssl|tls|certificate|EPROTO/i.test(`${message} ${code}`)) {
    return (
      `cannot reach Redis at ${address.shown} over TLS (${message}): check that the server speaks TLS (rediss://) or not (redis://), ` +
      "and that its certificate is trusted (a private CA: NODE_EXTRA_CA_CERTS=ca.pem)"
    );
  }
  const reason = typeof code === "string" ? code : message;
  return `cannot reach Redis at ${address.shown} (${reason}): check that redis-server runs there, listens on that host and port, and that no firewall is in the way${code === "ECONNRESET" && address.url.startsWith("redis:") ? " (a server that speaks TLS needs rediss://)" : ""}`;
}
