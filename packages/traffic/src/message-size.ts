import type { RandomStream } from "@losslab/engine";
import { definer, type KindDefinition, KindError, type Parameters, Registry, type SpecOf } from "@losslab/kinds";
import type { SpecPath } from "./spec-path.js";
import { messageBytes } from "./traffic-parameters.js";

/** A checked size distribution: what a size kind's factory makes. */
export interface MessageSize {
  /** Mean size in bytes: the load arithmetic uses it. */
  readonly mean: number;
  /** One size; a fixed size draws nothing from the stream. */
  draw(stream: RandomStream): number;
}

/**
 * A message-size distribution, the _how much_ of a message generator (family `"size"`): a
 * generator's `size` names one. `create(values, { path })` builds the distribution.
 */
export type SizeDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  SpecPath,
  MessageSize
>;

/** Defines a size distribution, built in or in a plugin. */
export const defineSizeDistribution = definer<SpecPath, MessageSize>("size");

const fixedSizeDefinition = defineSizeDistribution({
  kind: "fixed",
  description: "every message the same size",
  parameters: { bytes: { ...messageBytes, description: "message size, bytes" } },
  create: ({ bytes }) => ({ mean: bytes, draw: () => bytes }),
});

const uniformSizeDefinition = defineSizeDistribution({
  kind: "uniform",
  description: 'sizes uniform over the integers minBytes..maxBytes (ferrer-2012 sec. 5.1: "variable payloads")',
  parameters: {
    minBytes: { ...messageBytes, description: "the smallest size, bytes" },
    maxBytes: { ...messageBytes, description: "the largest size, bytes (>= minBytes)" },
  },
  create: ({ minBytes, maxBytes }, { path }) => {
    if (maxBytes < minBytes) {
      throw new KindError(`${path}.maxBytes`, `${path}.maxBytes must be >= minBytes (${minBytes}), got ${maxBytes}`);
    }
    return { mean: (minBytes + maxBytes) / 2, draw: (stream) => stream.uniformInt(minBytes, maxBytes) };
  },
});

/** The built-in size distributions. Adding one: define it here (or in its module), then list it. */
const builtIn = [fixedSizeDefinition, uniformSizeDefinition] as const;

/**
 * The built-in size distributions (family `"size"`), the only list of them: the generators'
 * `size`, the scenario schema and the README's table derive from it.
 */
export const sizeDistributions: Registry<SizeDefinition> = new Registry<SizeDefinition>("size", builtIn);

/** A built-in size distribution as written in a spec: `{ kind: "fixed", bytes }`, ... */
export type MessageSizeSpec = SpecOf<(typeof builtIn)[number]>;
export type FixedSizeSpec = SpecOf<typeof fixedSizeDefinition>;
export type UniformSizeSpec = SpecOf<typeof uniformSizeDefinition>;
