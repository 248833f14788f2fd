import { formatValue, MAX_HOSTS } from "@losslab/kinds";
import { TopologyError } from "./topology-error.js";

/** Throws a `TopologyError` unless option `field` of builder `builder` is an integer >= `minimum`. */
export function checkCount(builder: string, field: string, value: unknown, minimum: number): void {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < minimum) {
    throw new TopologyError(`${builder}: ${field} must be an integer >= ${minimum}, got ${formatValue(value)}`, field);
  }
}

/** A parameter counting hosts or switches of a topology kind: an integer from `min` to MAX_HOSTS. */
export const nodeCount = (min: number, description: string) =>
  ({ type: "integer", min, max: MAX_HOSTS, description }) as const;
