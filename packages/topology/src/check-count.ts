import { formatValue } from "@losslab/kinds";
import { TopologyError } from "./topology-error.js";

/** Throws a `TopologyError` unless option `field` of builder `builder` is an integer >= `minimum`. */
export function checkCount(builder: string, field: string, value: unknown, minimum: number): void {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < minimum) {
    throw new TopologyError(`${builder}: ${field} must be an integer >= ${minimum}, got ${formatValue(value)}`, field);
  }
}
