import type { RandomStream } from "@losslab/engine";
import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";
import type { SpecPath } from "./spec-path.js";

/** A checked size distribution: what a size kind's factory makes. */
export interface MessageSize {
  /** Mean size in bytes (of the sizes `draw` returns): the load arithmetic uses it. */
  readonly mean: number;
  /** One size, a whole number of bytes >= 1; a fixed size draws nothing from the stream. */
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
