/**
 * A sharded sweep keeps each point's result in a file of its own, `<dir>/points/point-<n>.json`,
 * written atomically (atomic-write.ts) as the point finishes: shards that share one directory
 * (a cluster's shared filesystem) never write the same file, a killed shard leaves whole files
 * only, and a shard run again or `--collect` reads them back trusting nothing. A record names
 * the losslab version that ran it, the sweep file, the point and the SHA-256 of its scenario,
 * then the result as the sweep's row (values through result-codec.ts, so NaN and Infinity come
 * back as they went in), and ends with the SHA-256 of all that: a file cut short, edited by
 * hand or damaged does not check out. Anyone who can write the directory can recompute a
 * SHA-256, though: with a key (the queue key, queue-key.ts) the seal is an HMAC-SHA256 under
 * it instead, which no one without the key can make, and a reader with the key takes no
 * record without it.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { lstat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { readTextFile } from "../files/regular-file.js";
import { decodeValue, encodeValue } from "../queue/result-codec.js";
import { scenarioHash } from "../queue/signature.js";
import { UserError } from "../user-error.js";
import type { SweepPoint } from "./sweep-file.js";
import type { SweepRow } from "./sweep-table.js";

/** The layout of a record; another is not read. */
const FORMAT = "losslab-sweep-point/1";

/** What makes a record this point's: the same losslab, the same scenario. */
export interface PointContext {
  /** This losslab's version: another's result may not be the same bytes. */
  version: string;
  /** The sweep file, as the command names it (made absolute in the record, for messages). */
  file: string;
  /** The key that seals the records (LOSSLAB_QUEUE_KEY or --queue-key-file), when one is given. */
  key?: Buffer | undefined;
}

/** The record file of `point` in `dir` (a shard's --out, the directory --collect reads). */
export const pointRecordPath = (dir: string, point: SweepPoint): string =>
  join(pointsDir(dir), `point-${point.index}.json`);

/** The directory of the records. */
export const pointsDir = (dir: string): string => join(dir, "points");

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
const hmac = (key: Buffer, text: string): string => createHmac("sha256", key).update(text).digest("hex");
const HEX_64 = /^[0-9a-f]{64}$/;

/** The text of `point`'s record: its result `row` (its values, fingerprint or error), run by shard `shard`. */
export function pointRecordText(context: PointContext, point: SweepPoint, shard: string, row: SweepRow): string {
  const body = {
    format: FORMAT,
    losslab: context.version,
    sweep: resolve(context.file),
    shard,
    point: point.index,
    scenario: scenarioHash(encodeValue(point.scenario)),
    result:
      row.error === undefined
        ? { values: encodeValue(row.values), fingerprint: row.fingerprint }
        : { error: row.error },
  };
  const text = JSON.stringify(body);
  const seal = context.key === undefined ? { sha256: sha256(text) } : { hmac: hmac(context.key, text) };
  return `${JSON.stringify({ ...body, ...seal })}\n`;
}

/** A record read back: the row it holds and the shard that ran it, or why it cannot be used. */
export type KeptPoint = { row: SweepRow; shard: string } | { problem: string; shard?: string };

const FINGERPRINT = /^[0-9a-f]{16}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Reads `point`'s record from `dir`: its row (with `cells`), or the problem in a few words
 * ("missing", "cut short or not JSON", "edited or damaged (its SHA-256 does not check out)",
 * "kept by losslab 0.3.0", "kept for another sweep file (/x/other.json)", "its scenario has
 * changed since it ran", ...).
 */
export async function readPointRecord(
  dir: string,
  point: SweepPoint,
  cells: string[],
  context: PointContext,
): Promise<KeptPoint> {
  const path = pointRecordPath(dir, point);
  if ((await lstat(path).catch(() => undefined)) === undefined) return { problem: "missing" };
  let text: string;
  try {
    text = await readTextFile(path, "kept point");
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { problem: error.message.replace(/^cannot read kept point "[^"]*": /, "") };
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return { problem: "cut short or not JSON" };
  }
  if (!isObject(record) || record.format !== FORMAT) return { problem: "not a losslab point record" };
  const { sha256: digest, hmac: mac, ...body } = record;
  const problem = sealProblem(JSON.stringify(body), digest, mac, context.key);
  if (problem !== undefined) return { problem };
  const shard = typeof body.shard === "string" ? body.shard.slice(0, 20) : undefined;
  const known = (problem: string): KeptPoint => (shard === undefined ? { problem } : { problem, shard });
  if (body.losslab !== context.version) {
    return known(`kept by losslab ${String(body.losslab).slice(0, 40)}, and this is losslab ${context.version}`);
  }
  if (body.point !== point.index) return known(`it is the record of point ${String(body.point).slice(0, 20)}`);
  if (body.scenario !== scenarioHash(encodeValue(point.scenario))) {
    return known(
      body.sweep === resolve(context.file)
        ? "its scenario has changed since it ran"
        : `kept for another sweep file (${String(body.sweep).slice(0, 200)})`,
    );
  }
  const result = body.result;
  if (shard !== undefined && isObject(result)) {
    if (typeof result.error === "string" && Object.keys(result).length === 1) {
      return { row: { cells, values: {}, error: result.error }, shard };
    }
    const values = decodeValue(result.values);
    if (
      typeof result.fingerprint === "string" &&
      FINGERPRINT.test(result.fingerprint) &&
      isObject(values) &&
      Object.values(values).every((value) => typeof value === "number")
    ) {
      return { row: { cells, values: values as Record<string, number>, fingerprint: result.fingerprint }, shard };
    }
  }
  return known("not a point's result");
}

/** Why a record's seal does not check out (see the top of this file), or undefined when it does. */
function sealProblem(text: string, digest: unknown, mac: unknown, key: Buffer | undefined): string | undefined {
  if (key === undefined) {
    if (mac !== undefined && digest === undefined) {
      return "sealed with a key: give the shards' key (LOSSLAB_QUEUE_KEY or --queue-key-file) to read it";
    }
    return digest === sha256(text) ? undefined : "edited or damaged (its SHA-256 does not check out)";
  }
  if (typeof mac !== "string" || !HEX_64.test(mac) || digest !== undefined) {
    return "not sealed with the key (kept by a shard run without LOSSLAB_QUEUE_KEY or --queue-key-file, or forged)";
  }
  const same = timingSafeEqual(Buffer.from(mac, "hex"), Buffer.from(hmac(key, text), "hex"));
  return same ? undefined : "edited, damaged or forged (its HMAC does not check out under this key)";
}
