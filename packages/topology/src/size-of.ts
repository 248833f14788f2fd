import type { Topology } from "./topology.js";
import type { FabricSize } from "./topology-definition.js";

/** The counts of a built topology: what a kind read from a peer's file (ns-3, htsim) reports as its `size`. */
export function sizeOf(topology: Topology): FabricSize {
  let hosts = 0;
  let switchPorts = 0;
  let portPairs = 0;
  for (const node of topology.nodes) {
    if (node.kind === "host") hosts++;
    else {
      switchPorts += node.ports;
      portPairs += node.ports ** 2;
    }
  }
  return { hosts, switches: topology.nodes.length - hosts, links: topology.links.length, switchPorts, portPairs };
}
