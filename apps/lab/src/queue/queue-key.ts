/**
 * The queue key: a secret the collector (`losslab sweep --queue`) and its workers (`losslab
 * worker`) share and Redis never holds. The collector signs each job with it and makes the
 * sweep's id from it (so ids cannot be guessed); a worker runs only jobs whose signature
 * checks out and signs what it returns; the collector accepts only results signed for the job
 * it queued (signature.ts). Whoever can write to Redis can still delete or delay jobs, but can
 * no longer put a result, or a job, in losslab's name.
 *
 * It comes from LOSSLAB_QUEUE_KEY or from a file (`--queue-key-file`), never from a flag's
 * value, which `ps` would show: `openssl rand -hex 32 > queue.key`.
 */
import { readTextFile } from "../files/regular-file.js";
import { UserError } from "../user-error.js";

export const KEY_VARIABLE = "LOSSLAB_QUEUE_KEY";

/** The shortest key losslab accepts: 32 characters (`openssl rand -hex 32` makes 64). */
export const MIN_KEY_LENGTH = 32;

/** The queue key, from `--queue-key-file` or else LOSSLAB_QUEUE_KEY; a UserError saying how to give one. */
export async function queueKey(keyFile: string | undefined, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  let key: string;
  if (keyFile !== undefined) {
    const text = await readTextFile(keyFile, "queue key file").catch((error: unknown) => {
      throw error instanceof UserError ? new UserError(`--queue-key-file: ${error.message}`) : error;
    });
    key = text.trim();
  } else {
    key = (env[KEY_VARIABLE] ?? "").trim();
    if (key === "") {
      throw new UserError(
        `--queue needs the queue key that the collector and its workers share (Redis never holds it): set ${KEY_VARIABLE} or give --queue-key-file FILE, the same on every machine (make one with: openssl rand -hex 32)`,
      );
    }
  }
  if (key.length < MIN_KEY_LENGTH) {
    throw new UserError(
      `the queue key (${keyFile === undefined ? KEY_VARIABLE : "--queue-key-file"}) has ${key.length} characters; it needs at least ${MIN_KEY_LENGTH} (make one with: openssl rand -hex 32)`,
    );
  }
  return Buffer.from(key, "utf8");
}
