/**
 * What a worker returns for a point, and the collector's one check of it: a result is taken
 * only if it is signed for the very job the collector queued (sweep id, point, scenario hash:
 * signature.ts) and is a point's output (a summary of numbers, or an error message). Anything
 * else (null, "hello", {}, a summary without a signature or signed for another point) is
 * rejected with a reason, never thrown: the collector queues the point again.
 */
import type { ScenarioSummary } from "../sweep/scenario-task.js";
import { decodeValue, encodeValue } from "./result-codec.js";
import { type JobBinding, resultParts, sign, verify } from "./signature.js";

export type PointOutput = ScenarioSummary | { error: string };

/** A worker's return value: the output (through `encodeValue`) and its signature. */
export interface SignedResult {
  output: unknown;
  signature: string;
}

/** The value a worker returns for a job it verified. */
export function signResult(key: Buffer, binding: JobBinding, output: PointOutput): SignedResult {
  const encoded = encodeValue(output);
  return { output: encoded, signature: sign(key, resultParts(binding, JSON.stringify(encoded))) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** A few words on what a value is, for a rejection (never its contents beyond a short excerpt). */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "string")
    return `the text ${JSON.stringify(value.slice(0, 40))}${value.length > 40 ? "..." : ""}`;
  if (typeof value !== "object") return `the ${typeof value} ${String(value).slice(0, 40)}`;
  const keys = Object.keys(value);
  return keys.length === 0
    ? "an empty object"
    : `an object with ${keys.slice(0, 4).join(", ")}${keys.length > 4 ? ", ..." : ""}`;
}

const numbers = (value: unknown): boolean =>
  isRecord(value) && Object.values(value).every((entry) => typeof entry === "number");

/** `value` as a point's output if it has the shape of one (`runScenarioSummary`'s), else undefined. */
export function pointOutputOf(value: unknown): PointOutput | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value).sort().join(",");
  if (keys === "error") return typeof value.error === "string" ? { error: value.error } : undefined;
  if (keys !== "completions,delivered,fingerprint,groups,links,marked") return undefined;
  const ok =
    typeof value.fingerprint === "string" &&
    /^[0-9a-f]{16}$/.test(value.fingerprint) &&
    numbers(value.links) &&
    numbers(value.groups) &&
    typeof value.delivered === "number" &&
    typeof value.marked === "number" &&
    isRecord(value.completions) &&
    Object.values(value.completions).every(numbers);
  return ok ? (value as unknown as ScenarioSummary) : undefined;
}

/**
 * The output in `returned` (a job's return value as BullMQ read it from Redis) if it is signed
 * for `binding` and well formed; `{ rejected }` saying why not otherwise. Never throws.
 */
export function acceptResult(
  key: Buffer,
  binding: JobBinding,
  returned: unknown,
): { output: PointOutput } | { rejected: string } {
  try {
    if (!isRecord(returned) || !("output" in returned) || typeof returned.signature !== "string") {
      return { rejected: `it is not a signed losslab result (it is ${describeValue(returned)})` };
    }
    if (!verify(key, resultParts(binding, JSON.stringify(returned.output)), returned.signature)) {
      return {
        rejected:
          "its signature does not check out for this point (forged, for another point or sweep, or from a worker with another queue key)",
      };
    }
    const output = pointOutputOf(decodeValue(returned.output));
    if (output === undefined) return { rejected: "it is signed but is not a point's summary" };
    return { output };
  } catch (error) {
    // A result nested too deep for JSON.stringify, say.
    return { rejected: `it cannot be read (${error instanceof Error ? error.name : typeof error})` };
  }
}
