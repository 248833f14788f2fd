import { formatValue, KindError, MAX_BANDWIDTH, MAX_TIME_NS, MIN_BANDWIDTH } from "@losslab/kinds";
import type { Topology } from "./topology.js";
import { defineTopology, type TopologyContext } from "./topology-definition.js";
import { TopologyError } from "./topology-error.js";
import { topologyFromJSON } from "./topology-from-json.js";

/**
 * The fabric of a custom topology's `nodes`, `links` and `routing`, its links given the
 * scenario's bandwidth and delay where they have none; checked by `topologyFromJSON`, whose
 * errors become `KindError`s naming the scenario field.
 */
function customTopology(
  { nodes, links, routing }: { nodes: readonly unknown[]; links: readonly unknown[]; routing?: unknown },
  { bandwidth, delayPs }: TopologyContext,
): Topology {
  const linked = links.map((link) => ({ bandwidth, delayPs, ...(link as object) }));
  let topology: Topology;
  try {
    topology = topologyFromJSON({ nodes, links: linked, ...(routing === undefined ? {} : { routing }) });
  } catch (error) {
    if (!(error instanceof TopologyError)) throw error;
    if (error.path === undefined || !error.message.startsWith(error.path)) {
      throw new KindError("topology", `topology: ${error.message}`);
    }
    throw new KindError(`topology.${error.path}`, `topology.${error.message}`);
  }
  // A host has one link, or two (port 0 sends, port 1 receives): more ports would only cost
  // memory (the routes keep a slot per port), 10^12 of them more than there is.
  topology.nodes.forEach((node, i) => {
    if (node.kind === "host" && node.ports > 2) {
      throw new KindError(
        `topology.nodes[${i}].ports`,
        `topology.nodes[${i}].ports must be 1 or 2 for a host (one link, or port 0 to send and port 1 to receive), got ${formatValue(node.ports)} (host ${formatValue(node.id)})`,
      );
    }
  });
  // A link's own bandwidth and delay keep to the ranges of the scenario's (`topology.bandwidth`,
  // `topology.delayNs`): a link of 1e173 B/s would send every packet in no time.
  topology.links.forEach((link, i) => {
    const field = `topology.links[${i}]`;
    if (!(link.bandwidth >= MIN_BANDWIDTH && link.bandwidth <= MAX_BANDWIDTH)) {
      throw new KindError(
        `${field}.bandwidth`,
        `${field}.bandwidth must be from ${MIN_BANDWIDTH} to ${MAX_BANDWIDTH} bytes/s, got ${formatValue(link.bandwidth)}`,
      );
    }
    for (const [name, delay] of [
      ["delayPs", link.delayPs],
      ["delayBackPs", link.delayBackPs],
    ] as const) {
      if (delay !== undefined && delay > MAX_TIME_NS * 1000) {
        throw new KindError(
          `${field}.${name}`,
          `${field}.${name} must be at most ${MAX_TIME_NS * 1000} ps, got ${formatValue(delay)}`,
        );
      }
    }
  });
  return topology;
}

/**
 * Registry entry (topologies.ts): `topology: { kind: "custom", nodes, links, routing? }`, any
 * fabric in the JSON of `topologyFromJSON`, which checks it (`check`, before anything is
 * built from it, and again when it is built). Links without a
 * bandwidth or delay of their own take the scenario's. Its errors name the scenario field:
 * `topology.links[3].bandwidth must be a positive number, got -1`.
 */
export const customDefinition = defineTopology({
  kind: "custom",
  description:
    "any fabric: nodes and links as @losslab/topology's JSON, routed by shortest path unless `routing` says otherwise",
  parameters: {
    nodes: {
      type: "list",
      items: { type: "json", shape: "object", description: "a node" },
      minItems: 1,
      description: '`{ id, kind: "host" | "switch", ports }`: the format of @losslab/topology\'s `topologyFromJSON`',
    },
    links: {
      type: "list",
      items: { type: "json", shape: "object", description: "a link" },
      description:
        "`{ a: { node, port }, b: { node, port }, bandwidth?, delayPs?, delayBackPs? }`; without their own, the scenario's bandwidth and delay",
    },
    routing: {
      type: "json",
      shape: "object",
      optional: true,
      description:
        'how packets are routed: `{ kind: "shortest-path" }` (default) or a rule-based kind of @losslab/topology',
    },
  },
  create: customTopology,
  check: (values, context) => {
    customTopology(values, context);
  },
  size: ({ nodes, links }) => {
    // Counted from the lists as written (topologyFromJSON checks them when the fabric is built).
    let hosts = 0;
    let switchPorts = 0;
    let portPairs = 0;
    for (const node of nodes) {
      const { kind, ports } = (node ?? {}) as { kind?: unknown; ports?: unknown };
      if (kind === "host") hosts++;
      else if (typeof ports === "number" && ports > 0) {
        switchPorts += ports;
        portPairs += ports ** 2;
      }
    }
    return { hosts, switches: nodes.length - hosts, links: links.length, switchPorts, portPairs };
  },
  describe: ({ nodes }) => {
    const hosts = nodes.filter((node) => (node as { kind?: unknown } | null)?.kind === "host").length;
    return `custom, ${hosts} hosts and ${nodes.length - hosts} switches`;
  },
  hostCount: "the host nodes",
});
