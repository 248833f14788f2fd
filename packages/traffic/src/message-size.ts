import { KindError, Registry, type SpecOf } from "@losslab/kinds";
import { empiricalSizeDefinition } from "./empirical-size.js";
import { defineSizeDistribution, type SizeDefinition } from "./size-definition.js";
import { messageBytes } from "./traffic-parameters.js";

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
const builtIn = [fixedSizeDefinition, uniformSizeDefinition, empiricalSizeDefinition] as const;

/**
 * The built-in size distributions (family `"size"`), the only list of them: the generators'
 * `size`, the scenario schema and the README's table derive from it.
 */
export const sizeDistributions: Registry<SizeDefinition> = new Registry<SizeDefinition>("size", builtIn);

/** A built-in size distribution as written in a spec: `{ kind: "fixed", bytes }`, ... */
export type MessageSizeSpec = SpecOf<(typeof builtIn)[number]>;
export type FixedSizeSpec = SpecOf<typeof fixedSizeDefinition>;
export type UniformSizeSpec = SpecOf<typeof uniformSizeDefinition>;
export type { EmpiricalSizeSpec } from "./empirical-size.js";
