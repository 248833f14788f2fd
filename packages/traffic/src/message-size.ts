import type { RandomStream } from "@losslab/engine";
import { messageBytes, onlyFields, specObject, unknownKind } from "./check-spec.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/** Every message has the same size. */
export interface FixedSizeSpec {
  readonly kind: "fixed";
  /** Message size in bytes (positive integer). */
  readonly bytes: number;
}

/** Sizes uniform over the integers `minBytes..maxBytes` (ferrer-2012 sec. 5.1: "variable payloads of 256 up to 1,024 bytes"). */
export interface UniformSizeSpec {
  readonly kind: "uniform";
  readonly minBytes: number;
  readonly maxBytes: number;
}

/** The _how much_ of a message generator: a size distribution. */
export type MessageSizeSpec = FixedSizeSpec | UniformSizeSpec;

/** The names of the size distributions. */
export const messageSizeKinds: readonly MessageSizeSpec["kind"][] = Object.freeze(["fixed", "uniform"]);

/** A checked size distribution. Internal. */
export interface MessageSize {
  /** Mean size in bytes: the load arithmetic uses it. */
  readonly mean: number;
  /** One size; a fixed size draws nothing from the stream. */
  draw(stream: RandomStream): number;
}

/** Checks a size spec at `path` and builds the distribution. */
export function createMessageSize(value: unknown, path: string): MessageSize {
  const spec = specObject(value, path, `an object like { "kind": "fixed", "bytes": 2048 }`);
  if (spec.kind === "fixed") {
    onlyFields(spec, path, ["kind", "bytes"], 'size kind "fixed"');
    const bytes = messageBytes(spec.bytes, `${path}.bytes`);
    return { mean: bytes, draw: () => bytes };
  }
  if (spec.kind === "uniform") {
    onlyFields(spec, path, ["kind", "minBytes", "maxBytes"], 'size kind "uniform"');
    const min = messageBytes(spec.minBytes, `${path}.minBytes`);
    const max = messageBytes(spec.maxBytes, `${path}.maxBytes`);
    if (max < min) {
      throw new TrafficSpecError(`${path}.maxBytes`, `${path}.maxBytes must be >= minBytes (${min}), got ${max}`);
    }
    return { mean: (min + max) / 2, draw: (stream) => stream.uniformInt(min, max) };
  }
  throw unknownKind(spec.kind, `${path}.kind`, messageSizeKinds);
}
