/** What a topology kind's `size` must say: the counts of the topology it builds. */
import type { FabricSize, Topology } from "@losslab/topology";

export function countedSize(topology: Topology): FabricSize {
  const switches = topology.nodes.filter((node) => node.kind === "switch");
  return {
    hosts: topology.nodes.length - switches.length,
    switches: switches.length,
    links: topology.links.length,
    switchPorts: switches.reduce((sum, node) => sum + node.ports, 0),
    portPairs: switches.reduce((sum, node) => sum + node.ports ** 2, 0),
  };
}
