/**
 * The santos-2002 two-switch scenario: build it, route it, save it as JSON.
 * Run from the repository root: node --import tsx packages/topology/examples/basic.ts
 * (Outside this repository, import from "@losslab/topology" instead of the source.)
 */
import { buildRoutes, topologyFromJSON, topologyToJSON, twoSwitch } from "../src/index.js";

const topology = twoSwitch({ local: 5, remote: 1 }); // Fig. 2: L = 5, R = 1
console.log(`${topology.nodes.length} nodes, ${topology.links.length} links`);

const routes = buildRoutes(topology);
const show = (source: string, destination: string) =>
  routes
    .path(source, destination)
    .map(({ node, outPort }) => `${node}:${outPort}`)
    .join(" -> ");
console.log(`victim flow   AV -> BV: ${show("AV", "BV")} -> BV`);
console.log(`remote flow   A1 -> BC: ${show("A1", "BC")} -> BC`);
console.log(`its ACKs      BC -> A1: ${show("BC", "A1")} -> A1`);

// The hot-path lookup a switch model makes: dense indices, one typed-array read.
const switchB = routes.nodeIndex("B");
const rootPort = routes.outputPort(switchB, routes.nodeIndex("BC"));
console.log(`switch B sends packets for BC on port ${rootPort} (the root link)`);

const text = topologyToJSON(topology);
const again = topologyFromJSON(text);
console.log(`JSON: ${text.length} characters; reads back equal: ${topologyToJSON(again) === text}`);
