import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";
import type { ControllerFactory } from "./controller.js";

/**
 * What a simulation gives a controller kind in code, besides the values a scenario file
 * writes: the numbers those values are relative to (a rate as a fraction of the link) and
 * what a kind may derive its defaults from (mvcm's radix and stages).
 */
export interface ControllerContext {
  /** The hosts' link rate, bytes/s: Rmax, and what fractions of "the link" are fractions of. */
  readonly lineRate: number;
  /** The largest data packet on the wire, bytes. */
  readonly packetBytes: number;
  /** An ACK on the wire, bytes. */
  readonly ackBytes: number;
  /** The fabric, for kinds whose defaults come from it; absent when the caller does not know it. */
  readonly network?: ControllerNetwork;
  /**
   * The fabric's largest unloaded round trip between two hosts, ps, for kinds whose defaults
   * come from it (HPCC's T); absent when the caller does not know it.
   */
  readonly baseRtt?: number;
}

/** What a controller kind may know of the fabric (ferrer-2012 sec. 4.3's k and n). */
export interface ControllerNetwork {
  /** What it is, for messages: a scenario's topology kind ("k-ary-n-tree", "two-switch"). */
  readonly name: string;
  /** k: the switches' radix, for a k-ary n-tree or n-fly. */
  readonly radix?: number;
  /** n: its stages. */
  readonly stages?: number;
  /** A unidirectional butterfly: a round trip crosses n switches, not 2n - 1. */
  readonly unidirectional?: boolean;
}

/**
 * What a controller kind makes: a factory per class of flow it controls (one controller per
 * flow). A class it leaves out runs uncontrolled; `{}` controls nothing. Give both classes
 * the same factory when it serves both: flows then share what it builds once (rate tables).
 */
export interface ControllerMade {
  /** Reliable flows' (acknowledged) controllers. */
  readonly reliable?: ControllerFactory;
  /** Unreliable flows' and RDMA read responses' (no ACKs: CN packets only). */
  readonly unreliable?: ControllerFactory;
  /**
   * Keep one controller per (source, destination) across consecutive flows, so a new flow
   * starts where the previous one of its pair left off (santos-2002 sec. 6.3.2).
   */
  readonly persistent?: boolean;
}

/** What a simulation must know of a controller kind besides what it makes. */
export interface ControllerTraits {
  /**
   * For a kind that makes `unreliable` only: what a scenario with reliable flows is told to do
   * besides making them unreliable, e.g. `use "hybrid" (turner-2001 sec. 5.1)`.
   */
  readonly reliableFlows?: string;
  /**
   * What its controllers need on every ACK besides the echoed marks, which a simulation then
   * produces: "rtt", an RTT sample (`AckEvent.rtt`, TIMELY), or "telemetry", the switches'
   * INT records (`AckEvent.telemetry`, HPCC). Absent: neither.
   */
  readonly feedback?: "rtt" | "telemetry";
}

/**
 * A congestion controller as scenario files know it (@losslab/kinds): its `kind`, a
 * description, its parameters in scenario units (us, Mb/s, fractions of the link) and
 * `create(values, context)`, which converts them and builds the factories. `controllers`
 * lists the built-in ones; plugins define theirs the same way.
 */
export type ControllerDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  ControllerContext,
  ControllerMade
> &
  ControllerTraits;

/**
 * Defines a controller kind, built in or in a plugin: its name, a line of description, its
 * parameters and a factory. Scenario files can then name it and `losslab validate` checks
 * its parameters like a built-in's.
 *
 * @example
 * export default defineController({
 *   kind: "fixed-window",
 *   description: "a fixed window of `window` packets, no rate limit",
 *   parameters: { window: { type: "integer", min: 1, default: 4, description: "packets in flight" } },
 *   create: ({ window }) => everyFlow(() => ({ rate: Infinity, window, ... })),
 * });
 */
export const defineController = definer<ControllerContext, ControllerMade, ControllerTraits>("controller");

/** The product of a kind whose factory controls every flow, reliable or not. */
export function everyFlow(factory: ControllerFactory): ControllerMade {
  return { reliable: factory, unreliable: factory };
}
