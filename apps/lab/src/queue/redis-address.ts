/**
 * The `--queue` address of a queued sweep or a `losslab worker`: redis://HOST:PORT[/DB], or
 * rediss:// for TLS, and its password: from LOSSLAB_REDIS_PASSWORD, from `--queue-password-file`,
 * or in the URL (`redis://:PASSWORD@...` or `?password=`), which `ps` shows to every user of
 * the machine. losslab parses the URL itself and gives ioredis the parts, so no library
 * ever prints it; every message shows the address with the password as `***`, and anything
 * that could still carry the password (an error from the connection) goes through `redact`
 * first. A URL that does not parse is one `losslab:` line that does not quote it.
 */
import { Redis, type RedisOptions } from "ioredis";
import { readTextFile } from "../files/regular-file.js";
import { errorLine } from "../terminal/error-line.js";
import { UserError } from "../user-error.js";

export interface RedisAddress {
  /** What the connections use (host, port, db, user, password, TLS): never printed. */
  options: RedisOptions;
  /** The address with its password replaced by `***`: what messages show. */
  shown: string;
  /** `text` with every form of the password (as written, decoded, encoded) replaced by `***`. */
  redact(text: string): string;
}

/** Where the password may come from besides the URL. */
export interface PasswordSources {
  /** `--queue-password-file`: a file holding the password (one line). */
  passwordFile?: string | undefined;
  /** The environment (LOSSLAB_REDIS_PASSWORD). */
  env?: NodeJS.ProcessEnv;
}

export const PASSWORD_VARIABLE = "LOSSLAB_REDIS_PASSWORD";

const FORM =
  "redis://HOST:PORT[/DB] (or rediss:// for TLS), the password in LOSSLAB_REDIS_PASSWORD or --queue-password-file (or redis://:PASSWORD@HOST:PORT, visible in ps)";

/** The longest password file losslab reads. */
const MAX_PASSWORD_FILE_BYTES = 4096;

/**
 * Parses a --queue URL and finds its password; a UserError naming the form when it is wrong,
 * which shows no more of the URL than its scheme and host.
 */
export async function parseRedisAddress(text: string, sources: PasswordSources = {}): Promise<RedisAddress> {
  const parts = splitUrl(text);
  const fromUrl = parts.password;
  const fromFile =
    sources.passwordFile === undefined
      ? undefined
      : firstLine(
          await readTextFile(sources.passwordFile, "password file", sources.passwordFile, {
            maxBytes: MAX_PASSWORD_FILE_BYTES,
          }).catch(rethrowAs("--queue-password-file")),
        );
  const fromEnv = (sources.env ?? process.env)[PASSWORD_VARIABLE];
  const given = [fromUrl, fromFile].filter((password) => password !== undefined);
  if (given.length > 1) {
    throw new UserError(`--queue: give the password once: in the URL or with --queue-password-file, not both`);
  }
  const password = given[0] ?? (fromEnv === undefined || fromEnv === "" ? undefined : fromEnv);
  const secrets = password === undefined ? [] : secretForms(password);
  const redact = (line: string) => {
    let out = line;
    for (const secret of secrets) out = out.split(secret).join("***");
    return out;
  };
  const user = parts.username === undefined ? "" : `${encodeURIComponent(parts.username)}`;
  const credentials = password === undefined && user === "" ? "" : `${user}${password === undefined ? "" : ":***"}@`;
  const host = parts.host.includes(":") ? `[${parts.host}]` : parts.host;
  const shown = `${parts.scheme}://${credentials}${host}:${parts.port}${parts.db === undefined ? "" : `/${parts.db}`}`;
  const options: RedisOptions = {
    host: parts.host,
    port: parts.port,
    ...(parts.db === undefined ? {} : { db: parts.db }),
    ...(parts.username === undefined ? {} : { username: parts.username }),
    ...(password === undefined ? {} : { password }),
    ...(parts.scheme === "rediss" ? { tls: { servername: parts.host } } : {}),
  };
  return { options, shown, redact };
}

interface UrlParts {
  scheme: "redis" | "rediss";
  username?: string;
  password?: string;
  host: string;
  port: number;
  db?: number;
}

/**
 * The parts of a Redis URL, read without `new URL` (whose rules cut a password holding `/`,
 * `?` or `#` in the middle): the credentials are everything up to the last `@`. Messages
 * quote only what cannot be secret: the scheme and, once found, the host.
 */
function splitUrl(text: string): UrlParts {
  const scheme = /^(rediss?):\/\//i.exec(text);
  if (scheme === null) {
    const shownScheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1];
    throw new UserError(
      `--queue: ${shownScheme === undefined ? "not a URL" : `"${shownScheme}:" is not a Redis URL`}; expected ${FORM}`,
    );
  }
  let rest = text.slice(scheme[0].length);
  let username: string | undefined;
  let password: string | undefined;
  const at = rest.lastIndexOf("@");
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = credentials.indexOf(":");
    const user = colon < 0 ? credentials : credentials.slice(0, colon);
    if (user !== "") username = decode(user, "the user name");
    if (colon >= 0) password = decode(credentials.slice(colon + 1), "the password");
  }
  const query = rest.indexOf("?");
  const search = query < 0 ? "" : rest.slice(query + 1);
  if (query >= 0) rest = rest.slice(0, query);
  const address = /^(\[[0-9a-f:.]+\]|[^/:[\]\s]+)(?::(\d{1,5}))?(?:\/(\d{1,5})?)?$/i.exec(rest);
  if (address === null) {
    throw new UserError(
      `--queue: the part after the credentials is not HOST:PORT[/DB] (a password with @, /, ? or # must be percent-encoded, or given in ${PASSWORD_VARIABLE}); expected ${FORM}`,
    );
  }
  const host = address[1]!.replace(/^\[|\]$/g, "");
  const port = address[2] === undefined ? 6379 : Number(address[2]);
  if (port < 1 || port > 65535) throw new UserError(`--queue: port ${port} is not a port (1 to 65535)`);
  const db = address[3] === undefined ? undefined : Number(address[3]);
  for (const pair of search === "" ? [] : search.split("&")) {
    const [name = "", value = ""] = pair.split("=");
    if (name !== "password") {
      throw new UserError(`--queue: unknown parameter "${name.slice(0, 40)}" in the URL; expected ${FORM}`);
    }
    if (password !== undefined) throw new UserError("--queue: the URL gives the password twice");
    password = decode(value, "the password");
  }
  const parts: UrlParts = { scheme: scheme[1]!.toLowerCase() as "redis" | "rediss", host, port };
  if (username !== undefined) parts.username = username;
  if (password !== undefined && password !== "") parts.password = password;
  if (db !== undefined) parts.db = db;
  return parts;
}

/** A percent-encoded part of the URL, decoded; a `%` that is no escape is a UserError that does not quote it. */
function decode(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UserError(
      `--queue: ${what} in the URL has a % that is not followed by two hex digits (write % as %25, or give the password in ${PASSWORD_VARIABLE})`,
    );
  }
}

/** The forms a password may take in a message: as is, and percent-encoded. Short ones too: better a *** too many. */
function secretForms(password: string): string[] {
  const forms = new Set([password, encodeURIComponent(password), encodeURI(password)]);
  return [...forms].filter((form) => form !== "").sort((a, b) => b.length - a.length);
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/)[0] ?? "";
  if (line === "") throw new UserError("--queue-password-file: the file's first line is empty");
  return line;
}

const rethrowAs = (flag: string) => (error: unknown) => {
  throw error instanceof UserError ? new UserError(`${flag}: ${error.message}`) : error;
};

/**
 * A Redis client for BullMQ (which wants `maxRetriesPerRequest: null`): it reconnects for as
 * long as the process runs; `onError` hears of a lost connection (ioredis would print it).
 */
export function redisClient(address: RedisAddress, onError: (error: Error) => void): Redis {
  const client = new Redis({ ...address.options, maxRetriesPerRequest: null });
  client.on("error", onError);
  return client;
}

/** How long the first connection may take before Redis counts as unreachable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects once and pings, failing fast: a UserError that names the address (without its
 * password) and what to check when Redis cannot be reached or refuses the connection.
 */
export async function checkRedis(address: RedisAddress): Promise<void> {
  const probe = new Redis({
    ...address.options,
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
  const message = address.redact(errorLine(error));
  if (/WRONGPASS|NOAUTH|invalid password|invalid username/i.test(message)) {
    return `Redis at ${address.shown} refused the connection (${message}): check the user name and the password (${PASSWORD_VARIABLE}, --queue-password-file or the URL)`;
  }
  if (/ssl|tls|certificate|EPROTO/i.test(`${message} ${code}`)) {
    return (
      `cannot reach Redis at ${address.shown} over TLS (${message}): check that the server speaks TLS (rediss://) or not (redis://), ` +
      "and that its certificate is trusted (a private CA: NODE_EXTRA_CA_CERTS=ca.pem)"
    );
  }
  const reason = typeof code === "string" ? code : message;
  return `cannot reach Redis at ${address.shown} (${reason}): check that redis-server runs there, listens on that host and port, and that no firewall is in the way${code === "ECONNRESET" && address.options.tls === undefined ? " (a server that speaks TLS needs rediss://)" : ""}`;
}
