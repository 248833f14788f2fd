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

/**
 * Serialises a topology as stable, readable JSON: keys in a fixed order (`nodes`, `links`;
 * `id, kind, ports`; `a, b, bandwidth, delayPs, delayBackPs`; `node, port`), one node or
 * link per line, two-space indent, a trailing newline. `delayBackPs` is written only when
 * set; fields outside the data model are not written. The same topology always gives the
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
  return `{\n  "nodes": ${block(nodes)},\n  "links": ${block(links)}\n}\n`;
}
