import { formatValue } from "@losslab/kinds";
import type { LinkOptions } from "./link-options.js";
import type { LinkEnd, NodeKind, Topology, TopologyLink, TopologyNode } from "./topology.js";
import { TopologyError } from "./topology-error.js";
import { validateTopology } from "./validate-topology.js";

/**
 * One end of a link as given to a builder: a node id (the port is assigned automatically)
 * or an explicit `{ node, port }`.
 */
export type LinkEndSpec = string | LinkEnd;

interface PendingNode {
  readonly id: string;
  readonly kind: NodeKind;
  readonly ports: number | undefined;
}

interface PendingLink {
  readonly a: LinkEndSpec;
  readonly b: LinkEndSpec;
  readonly options: Partial<LinkOptions>;
}

/**
 * Builds a `Topology` call by call. Nodes and links keep the order of the calls.
 *
 * Port assignment: a link end given as a bare node id gets the lowest port of that node not
 * taken by an earlier `link()` call (explicit ports count as taken). So hosts get port 0
 * and a switch's ports follow the order of its links. A switch declared without a port
 * count gets exactly as many as its highest used port + 1 (at least one).
 *
 * When to use: custom fabrics in code. For data (scenario files) use `createTopology` or
 * `topologyFromJSON`; for the papers' fabrics use `twoSwitch` and `singleSwitch`.
 *
 * Gotcha: nothing is checked until `build()`, which validates the whole topology with
 * `validateTopology` (so errors name `nodes[i]` and `links[i]` in call order).
 *
 * @example
 * const topology = new TopologyBuilder({ bandwidth: 1e9, delayPs: 10_000 })
 *   .switch("S")
 *   .host("H0")
 *   .host("H1")
 *   .link("H0", "S") // H0 port 0 <-> S port 0
 *   .link("H1", "S") // H1 port 0 <-> S port 1
 *   .build();
 */
export class TopologyBuilder {
  private readonly nodes: PendingNode[] = [];
  private readonly links: PendingLink[] = [];

  /** @param defaults link options used where a `link()` call leaves them out. */
  constructor(private readonly defaults: Partial<LinkOptions> = {}) {}

  /**
   * Adds a host with `ports` ports: 1 (default), or 2 for a host of a fabric with
   * unidirectional paths, which sends on port 0 and receives on port 1.
   */
  host(id: string, ports = 1): this {
    this.nodes.push({ id, kind: "host", ports });
    return this;
  }

  /** Adds a switch with `ports` ports, or as many as its links need when omitted. */
  switch(id: string, ports?: number): this {
    this.nodes.push({ id, kind: "switch", ports });
    return this;
  }

  /**
   * Adds a full-duplex link between `a` and `b` (node ids for automatic ports, or explicit
   * `{ node, port }` ends). `options` override the builder's defaults for this link.
   */
  link(a: LinkEndSpec, b: LinkEndSpec, options: Partial<LinkOptions> = {}): this {
    this.links.push({ a, b, options });
    return this;
  }

  /** The topology so far, validated. Throws `TopologyError` naming the first problem. */
  build(): Topology {
    const taken = new Map<string, Set<number>>();
    const resolve = (end: LinkEndSpec): LinkEnd => {
      const node = typeof end === "string" ? end : end.node;
      let ports = taken.get(node);
      if (ports === undefined) {
        ports = new Set();
        taken.set(node, ports);
      }
      let port = typeof end === "string" ? 0 : end.port;
      if (typeof end === "string") while (ports.has(port)) port++;
      ports.add(port);
      return { node, port };
    };
    const links = this.links.map(({ a, b, options }, index): TopologyLink => {
      const ends = { a: resolve(a), b: resolve(b) };
      const bandwidth = options.bandwidth ?? this.defaults.bandwidth;
      const delayPs = options.delayPs ?? this.defaults.delayPs;
      const delayBackPs = options.delayBackPs ?? this.defaults.delayBackPs;
      const required = (field: "bandwidth" | "delayPs", value: number | undefined): number => {
        if (value !== undefined) return value;
        throw new TopologyError(
          `links[${index}] (${formatValue(ends.a.node)} - ${formatValue(ends.b.node)}) has no ${field}: pass it to link() or to the TopologyBuilder defaults`,
          `links[${index}].${field}`,
        );
      };
      return {
        ...ends,
        bandwidth: required("bandwidth", bandwidth),
        delayPs: required("delayPs", delayPs),
        ...(delayBackPs === undefined ? {} : { delayBackPs }),
      };
    });
    const nodes = this.nodes.map(
      ({ id, kind, ports }): TopologyNode => ({
        id,
        kind,
        ports: ports ?? Math.max(0, ...(taken.get(id) ?? [])) + 1,
      }),
    );
    const topology = { nodes, links };
    validateTopology(topology);
    return topology;
  }
}
