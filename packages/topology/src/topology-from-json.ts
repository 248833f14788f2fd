import { expectArray, expectRecord, type UnknownRecord } from "./record.js";
import { checkRouting, type Routing, routingFields } from "./routing.js";
import type { LinkEnd, Topology, TopologyLink, TopologyNode } from "./topology.js";
import { TopologyError } from "./topology-error.js";
import { validateTopology } from "./validate-topology.js";

/** Reads `path` as an object with only the `known` keys. */
function expectFields(value: unknown, path: string, known: readonly string[]): UnknownRecord {
  const record = expectRecord(value, path);
  for (const key of Object.keys(record)) {
    if (!known.includes(key)) {
      const field = path === "topology" ? key : `${path}.${key}`;
      throw new TopologyError(`${field} is not a topology field; expected one of ${known.join(", ")}`, field);
    }
  }
  return record;
}

function readEnd(value: unknown, path: string): LinkEnd {
  const { node, port } = expectFields(value, path, ["node", "port"]);
  return { node, port } as LinkEnd;
}

/** Reads `routing`: a known kind (checked first, so the message lists the kinds), then only its fields. */
function readRouting(value: unknown): Routing {
  const routing = checkRouting(value, "routing");
  expectFields(value, "routing", routingFields(routing.kind) ?? []);
  return routing;
}

/**
 * Reads a topology from JSON text (a string) or from an already parsed value, checks its
 * shape (objects where objects belong, no unknown fields, `routing` optional) and content
 * (`validateTopology`),
 * and returns a fresh `Topology` with keys in the canonical order. Errors are
 * `TopologyError`s naming the field path: `links[3].bandwidth must be a positive number,
 * got -1`.
 *
 * `topologyFromJSON(topologyToJSON(t))` deep-equals `t` for every valid `t`.
 *
 * @example
 * const topology = topologyFromJSON(readFileSync("fabric.json", "utf8"));
 */
export function topologyFromJSON(input: unknown): Topology {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new TopologyError(`topology JSON does not parse: ${(error as Error).message}`);
    }
  }
  const root = expectFields(value, "topology", ["nodes", "links", "routing"]);
  const nodes = expectArray(root.nodes, "nodes").map((node, index): TopologyNode => {
    const { id, kind, ports } = expectFields(node, `nodes[${index}]`, ["id", "kind", "ports"]);
    return { id, kind, ports } as TopologyNode;
  });
  const links = expectArray(root.links, "links").map((link, index): TopologyLink => {
    const path = `links[${index}]`;
    const fields = ["a", "b", "bandwidth", "delayPs", "delayBackPs"];
    const { a, b, bandwidth, delayPs, delayBackPs } = expectFields(link, path, fields);
    const read = { a: readEnd(a, `${path}.a`), b: readEnd(b, `${path}.b`), bandwidth, delayPs };
    return (delayBackPs === undefined ? read : { ...read, delayBackPs }) as TopologyLink;
  });
  const topology: Topology = { nodes, links };
  if (root.routing !== undefined) topology.routing = readRouting(root.routing);
  validateTopology(topology);
  return topology;
}
