import { formatValue } from "@losslab/kinds";
import { TopologyError } from "./topology-error.js";

/** A plain object read field by field, before its shape is known. */
export type UnknownRecord = { readonly [key: string]: unknown };

/** `value` as a record, or a `TopologyError` naming `path`. */
export function expectRecord(value: unknown, path: string): UnknownRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new TopologyError(`${path} must be an object, got ${formatValue(value)}`, path);
  }
  return value as UnknownRecord;
}

/** `value` as an array, or a `TopologyError` naming `path`. */
export function expectArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) {
    throw new TopologyError(`${path} must be an array, got ${formatValue(value)}`, path);
  }
  return value;
}
