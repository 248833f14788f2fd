import { formatValue } from "@losslab/kinds";
import type { LinkOptions } from "./link-options.js";
import type { Topology } from "./topology.js";
import { type LinkEndSpec, TopologyBuilder } from "./topology-builder.js";
import { TopologyError } from "./topology-error.js";

/**
 * A node in a `TopologySpec`: a host has 1 port unless it gives 2 (sends on port 0, receives
 * on port 1); a switch's port count may be left out.
 */
export type NodeSpec = { id: string; kind: "host"; ports?: number } | { id: string; kind: "switch"; ports?: number };

/** A link in a `TopologySpec`: ends by id (automatic port) or `{ node, port }`. */
export interface LinkSpec extends Partial<LinkOptions> {
  a: LinkEndSpec;
  b: LinkEndSpec;
}

/** A declarative topology: `Topology` with optional ports and shared link defaults. */
export interface TopologySpec {
  nodes: readonly NodeSpec[];
  links: readonly LinkSpec[];
  /** Bandwidth and delays for links that do not give their own. */
  defaults?: Partial<LinkOptions>;
}

/**
 * Builds and validates a `Topology` from a declarative spec, assigning ports exactly like
 * `TopologyBuilder` (in link order, lowest free port first).
 *
 * When to use: a topology held as data, when writing every port number would be noise.
 * To load a complete `Topology` document, use `topologyFromJSON`.
 *
 * @example
 * createTopology({
 *   nodes: [{ id: "S", kind: "switch" }, { id: "H0", kind: "host" }, { id: "H1", kind: "host" }],
 *   links: [{ a: "H0", b: "S" }, { a: "H1", b: { node: "S", port: 5 }, bandwidth: 2e9 }],
 *   defaults: { bandwidth: 1e9, delayPs: 10_000 },
 * });
 */
export function createTopology(spec: TopologySpec): Topology {
  const builder = new TopologyBuilder(spec.defaults);
  spec.nodes.forEach((node: NodeSpec, index) => {
    if (node.kind === "host") builder.host(node.id, node.ports);
    else if (node.kind === "switch") builder.switch(node.id, node.ports);
    else {
      const kind: unknown = (node as { kind: unknown }).kind;
      throw new TopologyError(
        `nodes[${index}].kind must be "host" or "switch", got ${formatValue(kind)}`,
        `nodes[${index}].kind`,
      );
    }
  });
  for (const { a, b, ...options } of spec.links) builder.link(a, b, options);
  return builder.build();
}
