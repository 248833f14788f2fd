/** fabricSize counts what the topology builders would build, without building it. */
import { kAryNFly, kAryNTree, singleSwitch, spineLeaf, type Topology, twoSwitch } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { fabricSize, type TopologyCounts } from "../src/index.js";

function counted(topology: Topology) {
  const switches = topology.nodes.filter((node) => node.kind === "switch");
  return {
    hosts: topology.nodes.length - switches.length,
    switches: switches.length,
    links: topology.links.length,
    switchPorts: switches.reduce((sum, node) => sum + node.ports, 0),
    portPairs: switches.reduce((sum, node) => sum + node.ports ** 2, 0),
  };
}

const cases: Array<[TopologyCounts, Topology]> = [
  [{ kind: "two-switch", local: 5, remote: 1 }, twoSwitch({ local: 5, remote: 1 })],
  [{ kind: "two-switch", local: 0, remote: 3, victim: false }, twoSwitch({ local: 0, remote: 3, victim: false })],
  [{ kind: "single-switch", hosts: 7 }, singleSwitch(7)],
  [{ kind: "k-ary-n-tree", k: 4, n: 3 }, kAryNTree({ k: 4, n: 3 })],
  [{ kind: "k-ary-n-tree", k: 3, n: 1 }, kAryNTree({ k: 3, n: 1 })],
  [{ kind: "k-ary-n-tree", k: 2, n: 5 }, kAryNTree({ k: 2, n: 5 })],
  [{ kind: "k-ary-n-fly", k: 2, n: 4 }, kAryNFly({ k: 2, n: 4 })],
  [{ kind: "k-ary-n-fly", k: 4, n: 2 }, kAryNFly({ k: 4, n: 2 })],
  [{ kind: "spine-leaf", leaves: 4, spines: 2, hostsPerLeaf: 5 }, spineLeaf({ leaves: 4, spines: 2, hostsPerLeaf: 5 })],
];

describe("fabricSize", () => {
  it.each(cases)("counts %j as the builders build it", (counts, topology) => {
    expect(fabricSize(counts)).toEqual(counted(topology));
  });

  it("counts fabrics far too large to build, at once", () => {
    expect(fabricSize({ kind: "spine-leaf", leaves: 1e9, spines: 2, hostsPerLeaf: 1 }).hosts).toBe(1e9);
    expect(fabricSize({ kind: "k-ary-n-tree", k: 2, n: 30 }).hosts).toBe(2 ** 30);
  });
});
