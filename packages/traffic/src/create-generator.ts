import { Registry, type SpecOf } from "@losslab/kinds";
import { allToAllDefinition } from "./all-to-all.js";
import { bernoulliDefinition } from "./bernoulli.js";
import { createKind } from "./create-kind.js";
import { dependentFlowsDefinition } from "./dependent-flows.js";
import type { GeneratorDefinition, NestedTrafficKinds } from "./generator-definition.js";
import { halvingDoublingDefinition } from "./halving-doubling.js";
import { hotSpotDefinition } from "./hot-spot.js";
import { htsimMatrixDefinition } from "./htsim-matrix.js";
import { incastDefinition } from "./incast.js";
import { nestedTrafficKinds } from "./nested-kinds.js";
import { ns3HpccFlowsDefinition } from "./ns3-hpcc-flows.js";
import { onOffDefinition } from "./on-off.js";
import { pipelineDefinition } from "./pipeline.js";
import { poissonDefinition } from "./poisson.js";
import { ringAllreduceDefinition } from "./ring-allreduce.js";
import { traceReplayDefinition } from "./trace-replay.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/** The built-in generators. Adding one: write its module with its definition, then add it here. */
const builtIn = [
  onOffDefinition,
  bernoulliDefinition,
  poissonDefinition,
  hotSpotDefinition,
  traceReplayDefinition,
  incastDefinition,
  dependentFlowsDefinition,
  ringAllreduceDefinition,
  halvingDoublingDefinition,
  allToAllDefinition,
  pipelineDefinition,
  htsimMatrixDefinition,
  ns3HpccFlowsDefinition,
] as const;

/**
 * The built-in traffic generators (family `"traffic"`), the only list of them: the scenario
 * schema, its JSON Schema and the README's table derive from it. A plugin's generators join
 * it with `generators.with([...])`.
 */
export const generators: Registry<GeneratorDefinition> = new Registry<GeneratorDefinition>("traffic", builtIn);

/**
 * A built-in traffic generator as written in a scenario file: `{ kind: "on-off", ... } |
 * { kind: "bernoulli", ... } | { kind: "poisson", ... } | { kind: "hot-spot", ... } |
 * { kind: "trace", ... } | { kind: "incast", ... }`, the dependency-driven ones:
 * `flow-graph`, `ring-allreduce`, `halving-doubling-allreduce`, `all-to-all`, `pipeline`, and the
 * peers' flow lists: `htsim-matrix`, `ns3-hpcc-flows`.
 */
export type GeneratorSpec = SpecOf<(typeof builtIn)[number]>;

/** The name of a built-in generator kind. */
export type GeneratorKind = GeneratorSpec["kind"];

/** The registries of every traffic family: generators and the families nested in their specs. */
export interface TrafficKinds extends NestedTrafficKinds {
  readonly traffic: Registry<GeneratorDefinition>;
}

/** The built-in traffic kinds of every family. */
export const trafficKinds: TrafficKinds = Object.freeze({ traffic: generators, ...nestedTrafficKinds });

/**
 * Builds the generator a spec names. The spec is checked at run time (it usually comes from
 * JSON): an unknown kind, an unknown field or a bad value throws a `KindError` naming the
 * field (prefixed by `path`) and what is allowed; hosts are checked when it starts. `kinds`:
 * the registries it names kinds from (default: the built-in ones; a scenario passes its
 * own, with its plugins' kinds).
 *
 * @example
 * const generator = createGenerator({ kind: "on-off", pairs: [{ source: "B1", destination: "BC" }], meanOnUs: 500 });
 * generator.start({ engine, sink, hosts, linkBandwidth: () => 1e9, endTime: ms(500) });
 * createGenerator({ kind: "foo" } as never);
 * // KindError: traffic.kind: unknown "foo"; allowed: on-off, bernoulli, poisson, hot-spot, trace, incast, flow-graph, ring-allreduce, halving-doubling-allreduce, all-to-all, pipeline, htsim-matrix, ns3-hpcc-flows
 */
export function createGenerator(
  spec: GeneratorSpec,
  path = "traffic",
  kinds: TrafficKinds = trafficKinds,
): TrafficGenerator {
  return createKind(kinds.traffic, spec, { path, kinds }, path);
}
