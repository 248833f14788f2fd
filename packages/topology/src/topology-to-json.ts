import { type Routing, routingFields } from "./routing.js";
import type { Topology } from "./topology.js";

type Inline = string | number | { readonly [key: string]: Inline | undefined };

/** One-line JSON with a space inside braces and after `:` and `,`; undefined fields left out. */
function inline(value: Inline): string {
  if (typeof value !== "object") return JSON.stringify(value);
  const fields = Object.entries(value).flatMap(([key, field]) =>
    field === undefined ? [] : [`${JSON.stringify(key)}: ${inline(field)}`],
  );
  return `{ ${fields.join(", ")} }`;
}

function block(entries: readonly Inline[]): string {
  if (entries.length === 0) return "[]";
  return `[\n${entries.map((entry) => `    ${inline(entry)}`).join(",\n")}\n  ]`;
}

/** `routing` with only its kind's fields, in canonical order (just `kind` for an unknown kind). */
function canonicalRouting(routing: Routing): Inline {
  const fields = routing as unknown as Readonly<Record<string, Inline>>;
  return Object.fromEntries((routingFields(routing.kind) ?? ["kind"]).map((key) => [key, fields[key]]));
}

/**
 * Serialises a topology as stable, readable JSON: keys in a fixed order (`nodes`, `links`,
 * `routing`; `id, kind, ports`; `a, b, bandwidth, delayPs, delayBackPs`; `node, port`;
 * `kind` then the routing kind's fields), one node or link per line, the routing on one
 * line, two-space indent, a trailing newline. `delayBackPs` and `routing` are written only
 * when set; fields outside the data model are not written. The same topology always gives the
 * same text, so files diff cleanly.
 *
 * Gotcha: it does not validate; `topologyFromJSON` does when reading back.
 *
 * @example
 * topologyToJSON(singleSwitch(1));
 * // {
 * //   "nodes": [
 * //     { "id": "S", "kind": "switch", "ports": 1 },
 * //     { "id": "H0", "kind": "host", "ports": 1 }
 * //   ],
 * //   "links": [
 * //     { "a": { "node": "H0", "port": 0 }, "b": { "node": "S", "port": 0 }, "bandwidth": 1000000000, "delayPs": 10000 }
 * //   ]
 * // }
 */
export function topologyToJSON(topology: Topology): string {
  const nodes = topology.nodes.map(({ id, kind, ports }) => ({ id, kind, ports }));
  const links = topology.links.map(({ a, b, bandwidth, delayPs, delayBackPs }) => ({
    a: { node: a.node, port: a.port },
    b: { node: b.node, port: b.port },
    bandwidth,
    delayPs,
    delayBackPs,
  }));
  const { routing } = topology;
  const routingLine = routing === undefined ? "" : `,\n  "routing": ${inline(canonicalRouting(routing))}`;
  return `{\n  "nodes": ${block(nodes)},\n  "links": ${block(links)}${routingLine}\n}\n`;
}
