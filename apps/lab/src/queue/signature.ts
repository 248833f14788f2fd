/**
 * Signatures of a queued sweep's jobs and results (HMAC-SHA256 under the queue key,
 * queue-key.ts): what binds a result to the job it answers. A job is signed over (losslab
 * version, sweep id, point, scenario hash); a result over (sweep id, point, scenario hash,
 * the result's JSON); a failure over (sweep id, point, scenario hash, its message). The
 * collector checks a result against the job it queued itself, so a result signed for another
 * point, another scenario or another sweep does not pass.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** What a job, and so its result, is bound to. */
export interface JobBinding {
  sweep: string;
  point: number;
  /** `scenarioHash` of the point's scenario as queued (encoded). */
  scenario: string;
}

const HEX_MAC = /^[0-9a-f]{64}$/;

/** SHA-256 of a point's encoded scenario (result-codec.ts) as JSON text: the same text on either side of Redis. */
export function scenarioHash(encodedScenario: unknown): string {
  return createHash("sha256").update(JSON.stringify(encodedScenario)).digest("hex");
}

/** The HMAC of `parts`, each length-prefixed so that no two lists of parts sign alike. */
export function sign(key: Buffer, parts: readonly string[]): string {
  const hmac = createHmac("sha256", key);
  for (const part of parts) hmac.update(`${part.length}:${part};`);
  return hmac.digest("hex");
}

/** Whether `mac` is the HMAC of `parts` (compared in constant time); false for anything that is not 64 hex digits. */
export function verify(key: Buffer, parts: readonly string[], mac: unknown): boolean {
  if (typeof mac !== "string" || !HEX_MAC.test(mac)) return false;
  return timingSafeEqual(Buffer.from(sign(key, parts), "hex"), Buffer.from(mac, "hex"));
}

/** The parts a job's signature covers. */
export const jobParts = (version: string, binding: JobBinding): string[] => [
  "job",
  version,
  binding.sweep,
  String(binding.point),
  binding.scenario,
];

/** The parts a result's signature covers: the binding and the result's JSON text. */
export const resultParts = (binding: JobBinding, json: string): string[] => [
  "result",
  binding.sweep,
  String(binding.point),
  binding.scenario,
  json,
];

/** The parts a failure's signature covers. */
export const failureParts = (binding: JobBinding, message: string): string[] => [
  "failure",
  binding.sweep,
  String(binding.point),
  binding.scenario,
  message,
];

/** How a signed failure message ends: ` #signed:<64 hex digits>`. */
const SIGNED_FAILURE = / #signed:([0-9a-f]{64})$/;

/** A worker's failure message for a job it verified, signed. */
export function signedFailure(key: Buffer, binding: JobBinding, message: string): string {
  return `${message} #signed:${sign(key, failureParts(binding, message))}`;
}

/** The message of a signed failure, if `reason` is one for `binding`; undefined otherwise. */
export function verifiedFailure(key: Buffer, binding: JobBinding, reason: unknown): string | undefined {
  if (typeof reason !== "string") return undefined;
  const match = SIGNED_FAILURE.exec(reason);
  if (match === null) return undefined;
  const message = reason.slice(0, match.index);
  return verify(key, failureParts(binding, message), match[1]) ? message : undefined;
}
