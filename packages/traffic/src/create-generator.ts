import { formatValue } from "@losslab/core";
import { bernoulliDefinition } from "./bernoulli.js";
import { unknownKind } from "./check-spec.js";
import type { SpecOf } from "./generator-definition.js";
import { hotSpotDefinition } from "./hot-spot.js";
import { onOffDefinition } from "./on-off.js";
import { poissonDefinition } from "./poisson.js";
import { traceReplayDefinition } from "./trace-replay.js";
import type { TrafficGenerator } from "./traffic-sink.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/** Every known generator. Adding one: write its module, then add its definition here. */
const definitions = [
  onOffDefinition,
  bernoulliDefinition,
  poissonDefinition,
  hotSpotDefinition,
  traceReplayDefinition,
] as const;

/**
 * A traffic generator as written in a scenario file: `{ kind: "on-off", ... } |
 * { kind: "bernoulli", ... } | { kind: "poisson", ... } | { kind: "hot-spot", ... } |
 * { kind: "trace", ... }`.
 */
export type GeneratorSpec = SpecOf<(typeof definitions)[number]>;

/** The name of a known generator kind. */
export type GeneratorKind = GeneratorSpec["kind"];

/** The names of the known generators, in registry order. */
export const generatorKinds: readonly GeneratorKind[] = Object.freeze(definitions.map((definition) => definition.kind));

const byKind = new Map<string, (typeof definitions)[number]>(
  definitions.map((definition) => [definition.kind, definition]),
);

/**
 * Builds the generator a spec names. The spec is checked at run time (it usually comes from
 * JSON): an unknown kind, an unknown field or a bad value throws a `TrafficSpecError` naming
 * the field (prefixed by `path`) and what is allowed; hosts are checked when it starts.
 *
 * @example
 * const generator = createGenerator({ kind: "on-off", pairs: [{ source: "B1", destination: "BC" }], meanOnUs: 500 });
 * generator.start({ engine, sink, hosts, linkBandwidth: () => 1e9, endTime: ms(500) });
 * createGenerator({ kind: "foo" } as never);
 * // TrafficSpecError: traffic.kind: unknown "foo"; allowed: on-off, bernoulli, poisson, hot-spot, trace
 */
export function createGenerator(spec: GeneratorSpec, path = "traffic"): TrafficGenerator {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    throw new TrafficSpecError(path, `${path} must be an object with a "kind" field, got ${formatValue(spec)}`);
  }
  const kind: unknown = spec.kind;
  const definition = typeof kind === "string" ? byKind.get(kind) : undefined;
  if (definition === undefined) throw unknownKind(kind, `${path}.kind`, generatorKinds);
  return (definition.create as (checked: GeneratorSpec, at: string) => TrafficGenerator)(spec, path);
}
