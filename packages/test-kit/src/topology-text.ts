/** A topology's wiring and a route's hops as short strings, for compact assertions. */
import type { Routes, Topology } from "@losslab/topology";

/** `node:port` of each link end, as "a <-> b". */
export const wiring = (topology: Topology): string[] =>
  topology.links.map(({ a, b }) => `${a.node}:${a.port} <-> ${b.node}:${b.port}`);

/** The route from `source` to `destination` as the `node:outPort` of each hop. */
export const hops = (routes: Routes, source: string, destination: string): string[] =>
  routes.path(source, destination).map(({ node, outPort }) => `${node}:${outPort}`);
