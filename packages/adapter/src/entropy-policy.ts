import type { RandomStream } from "@losslab/engine";
import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";

/**
 * How one flow picks the entropy value of each data packet it sends (UEC's multipath
 * "load balancing" schemes, docs/spec/uec.md sec. 4): ECMP switches hash the flow with it, so
 * a new value may take a new path. The policy hears the entropy each ACK echoes, and whether
 * that ACK echoes ECN, to favour paths that went well (REPS), and the entropy of each NACK
 * (a packet trimmed on its path) to avoid paths that went badly (bitmap, mixed).
 */
export interface EntropyPolicy {
  /** The entropy value (>= 0) of the flow's next data packet. */
  next(): number;
  /** An ACK of the flow came back echoing `entropy`; `marked`: it echoes ECN (BECN). */
  acked(entropy: number, marked: boolean): void;
  /** A NACK of the flow came back: the packet sent with `entropy` was trimmed (uet-htsim's PATH_NACK). Absent: ignored. */
  nacked?(entropy: number): void;
}

/**
 * Makes each flow's `EntropyPolicy` (option `entropy` of the adapter), drawing any random
 * choice from `stream`: its host's stream `<host>/multipath`, shared by the host's flows in
 * the order they send, so a run stays a function of its seed.
 */
export type EntropyPolicyFactory = (stream: RandomStream) => EntropyPolicy;

/** A multipath kind makes a factory, or nothing: one path per flow, the flow hash alone (no entropy). */
export type EntropyPolicyDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  undefined,
  EntropyPolicyFactory | undefined
>;

/** Defines a multipath kind (scenario field `multipath`), as `defineController` does a controller. */
export const defineEntropyPolicy = definer<undefined, EntropyPolicyFactory | undefined>("multipath");

/** The most entropy values a multipath kind takes: UEC's EV is a 16-bit field. */
export const MAX_ENTROPIES = 65536;

/** The `entropies` parameter of the spraying kinds: how many values, uet-htsim's `-paths` (default 64). */
export function entropiesParameter(description: string) {
  return { type: "integer", min: 1, max: MAX_ENTROPIES, default: 64, description } as const;
}
