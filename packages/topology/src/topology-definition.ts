import { definer, type KindDefinition, type Parameters, type ValuesOf } from "@losslab/kinds";
import type { Channel } from "./channel.js";
import type { Topology } from "./topology.js";

/**
 * What a scenario gives every topology kind in code: the link fields every kind has
 * (`bandwidth` and `delayNs` in a scenario file), for the links the kind builds.
 */
export interface TopologyContext {
  /** Bytes per second of every link (a custom fabric's links may give their own). */
  readonly bandwidth: number;
  /** Propagation delay of every link, integer picoseconds. */
  readonly delayPs: number;
}

/** How many devices, links and ports a topology has, counted without building it. */
export interface FabricSize {
  hosts: number;
  switches: number;
  /** Topology links (each is two unidirectional channels). */
  links: number;
  /** Ports of all switches together. */
  switchPorts: number;
  /** The sum over switches of ports squared: what per-(input, output) state such as VOQs costs. */
  portPairs: number;
}

/** A multistage network's shape, for controllers whose defaults come from it (ferrer-2012's MVCM, sec. 4.3). */
export interface MultistageNetwork {
  /** k: the switch radix. */
  readonly radix: number;
  /** n: the switch stages. */
  readonly stages: number;
  /**
   * Whether packets cross each stage once (a butterfly: a minimum round trip crosses n
   * switches) rather than up and down (a bidirectional tree: 2n - 1), ferrer-2012 sec. 4.3.
   */
  readonly unidirectional: boolean;
}

/** What a simulation asks of a topology kind besides building it (`Values`: its checked parameters). */
export interface TopologyTraits<Values> {
  /**
   * Its size from the parameters alone, without building it: the size and memory checks run
   * before anything is built, on fabrics that may be far too big to build. Plain numbers
   * (no overflow: a 1e9-leaf spine-leaf is simply 1e9 leaves); its test compares them with
   * what `create` builds.
   */
  size(values: Values): FabricSize;
  /**
   * Checks what the parameters' ranges cannot say (a custom fabric's wiring: unique ids, ports
   * in range, connected), cheaply and without building routes or devices; throws a `KindError`
   * naming the field. The scenario's checks call it first, before `size`, so `losslab
   * validate` and `run` refuse a bad fabric alike before anything is built from it. Leave it
   * out when `create` cannot fail on parameters that passed their ranges.
   */
  check?(values: Values, context: TopologyContext): void;
  /** One line saying what the fabric is, for `losslab validate`: `"4-ary 3-tree, 64 hosts"`. */
  describe(values: Values): string;
  /**
   * How its parameters make the host count, in the words of the error refusing too many
   * hosts (`"<hostCount> makes 262144 hosts"`): `"k^n"`, `"leaves x hostsPerLeaf"`.
   */
  readonly hostCount: string;
  /** For multistage networks: radix, stages and round trip, which controllers may default to. */
  network?(values: Values): MultistageNetwork;
  /**
   * Its routing never makes a channel dependency cycle, whatever the parameters (its tests
   * check it), so the credit-loop check before a run is skipped. Leave it out and the routes
   * are checked (`channelDependencyCycle`).
   */
  readonly deadlockFree?: boolean;
  /**
   * For a kind whose switches route each packet and change its VL on the way (the Dragonfly),
   * which the routing tables cannot show: its own (channel, VL) dependency check, a cycle or
   * `undefined`; the credit-loop check before a run calls it instead of checking the tables.
   */
  dependencyCycle?(values: Values): Channel[] | undefined;
}

/**
 * A topology kind as scenario files know it (`topology.kind`, @losslab/kinds): its name, a
 * description, its parameters (ranges, defaults, docs), `create(values, links)` building the
 * `Topology` with the scenario's link defaults, and its traits (`size`, `describe`, ...).
 * Built-in kinds and plugins define theirs the same way; `topologies` lists the built-in ones.
 */
export type TopologyDefinition<Kind extends string = string, Ps extends Parameters = Parameters> = KindDefinition<
  Kind,
  Ps,
  TopologyContext,
  Topology
> &
  TopologyTraits<ValuesOf<Ps>>;

const define = definer<TopologyContext, Topology>("topology");

/**
 * Defines a topology kind, built in or in a plugin: its name, a line of description, its
 * parameters, a factory (usually a `TopologyBuilder`) and its traits. Scenario files can then
 * name it; every kind also takes the scenario's `bandwidth` and `delayNs`, given to `create`
 * as its context.
 *
 * @example
 * export default defineTopology({
 *   kind: "line",
 *   description: "switches in a row, one host on each",
 *   parameters: { switches: { type: "integer", min: 1, max: 64, description: "switches S0..S{n-1}" } },
 *   create: ({ switches }, links) => { const builder = new TopologyBuilder(links); ...; return builder.build(); },
 *   size: ({ switches }) => ({ hosts: switches, switches, links: 2 * switches - 1, ... }),
 *   describe: ({ switches }) => `a line of ${switches} switches`,
 *   hostCount: "switches",
 * });
 */
export function defineTopology<const Kind extends string, const Ps extends Parameters>(
  definition: Omit<TopologyDefinition<Kind, Ps>, "family">,
): TopologyDefinition<Kind, Ps> {
  return define(definition) as TopologyDefinition<Kind, Ps>;
}
