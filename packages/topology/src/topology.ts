import type { Routing } from "./routing.js";

/**
 * The topology data model: hosts and switches with numbered ports, joined by full-duplex
 * links. Plain JSON-compatible data, so a topology can be written by hand, stored in a
 * scenario file and shared between packages without any class instances.
 */

/** What a node is. Hosts (channel adapters, NICs) end flows; switches forward packets. */
export type NodeKind = "host" | "switch";

/**
 * A host or a switch. Ports are numbered `0..ports-1`.
 *
 * A host never forwards. It has one link, on which it sends and receives (the builders
 * give it `ports: 1`), or, in a fabric with unidirectional paths such as the butterfly
 * `kAryNFly`, two links: it sends on port 0 and receives on port 1. The links stay full
 * duplex, but the channels into a host's port 0 and out of its port 1 carry nothing.
 */
export interface TopologyNode {
  /** Unique, non-empty name, e.g. `"A"`, `"BC"`, `"H0"`. */
  id: string;
  kind: NodeKind;
  /** Number of ports; a positive integer. Ports need not all be linked. */
  ports: number;
}

/** One end of a link: a port of a node. */
export interface LinkEnd {
  /** The node's `id`. */
  node: string;
  /** A port number in `0..ports-1` of that node. */
  port: number;
}

/**
 * A full-duplex link: two unidirectional channels, `a -> b` and `b -> a`, with the same
 * bandwidth. Propagation delays may differ per direction.
 */
export interface TopologyLink {
  a: LinkEnd;
  b: LinkEnd;
  /** Bytes per second, in each direction. A positive number. */
  bandwidth: number;
  /** Propagation delay from `a` to `b`, in integer picoseconds (>= 0). */
  delayPs: number;
  /** Propagation delay from `b` to `a`, in integer picoseconds; defaults to `delayPs`. */
  delayBackPs?: number;
}

/** A whole fabric: its nodes and links. Check one with `validateTopology`. */
export interface Topology {
  nodes: TopologyNode[];
  links: TopologyLink[];
  /** How `buildRoutes` routes it; absent means `{ kind: "shortest-path" }`. */
  routing?: Routing;
}
