import { checkCount, nodeCount } from "./check-count.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";

/** Options of `spineLeaf`. */
export interface SpineLeafOptions {
  /** Leaf (edge) switches `L0..L{leaves-1}`. An integer >= 1. */
  leaves: number;
  /** Spine switches `P0..P{spines-1}`. An integer >= 1. */
  spines: number;
  /** Hosts per leaf, `H<leaf>.0..H<leaf>.{hostsPerLeaf-1}`. An integer >= 1. */
  hostsPerLeaf: number;
  /** Bytes per second of every link. Default 1e9. */
  bandwidth?: number;
  /** Propagation delay of every link, integer picoseconds. Default 10_000 (10 ns). */
  delayPs?: number;
  /**
   * How a leaf picks the spine toward another leaf: "by-destination" (default), spine
   * `d mod spines` for host d; "ecmp", any spine, an ECMP group hashed per flow (and
   * entropy): the routing kind `spine-leaf-ecmp`, as htsim's leaf-spines route.
   */
  uplinks?: "by-destination" | "ecmp";
}

/**
 * A two-level fat tree (spine-leaf), chrysos section II: every leaf switch is linked to
 * every spine switch; hosts hang off the leaves.
 *
 * Ports: host `H<l>.<i>` is on port i of leaf `L<l>`; spine `P<p>` is on port
 * `hostsPerLeaf + p` of every leaf; leaf `L<l>` is on port l of every spine.
 *
 * Order: nodes leaves, spines, then hosts leaf by leaf; links: host links in that order
 * (host as end `a`), then leaf-spine links by leaf, then spine (leaf as end `a`).
 *
 * Routing: `routing` is `{ kind: "spine-leaf", leaves, spines, hostsPerLeaf }`. Number the
 * hosts d = l * hostsPerLeaf + i (`H<l>.<i>`); a packet for host d crosses spine
 * `P<d mod spines>` unless source and destination share a leaf, so consecutive hosts of a
 * leaf use different spines. For the lowest-port shortest paths (everything through `P0`),
 * route `{ ...spineLeaf(options), routing: { kind: "shortest-path" } }`.
 *
 * @example
 * const topology = spineLeaf({ leaves: 4, spines: 2, hostsPerLeaf: 5 }); // 20 hosts
 */
export function spineLeaf(options: SpineLeafOptions): Topology {
  const { leaves, spines, hostsPerLeaf, bandwidth = DEFAULT_BANDWIDTH, delayPs = DEFAULT_DELAY_PS } = options;
  checkCount("spineLeaf", "leaves", leaves, 1);
  checkCount("spineLeaf", "spines", spines, 1);
  checkCount("spineLeaf", "hostsPerLeaf", hostsPerLeaf, 1);
  const builder = new TopologyBuilder({ bandwidth, delayPs });
  for (let l = 0; l < leaves; l++) builder.switch(`L${l}`, hostsPerLeaf + spines);
  for (let p = 0; p < spines; p++) builder.switch(`P${p}`, leaves);
  for (let l = 0; l < leaves; l++) for (let i = 0; i < hostsPerLeaf; i++) builder.host(`H${l}.${i}`);
  for (let l = 0; l < leaves; l++) {
    for (let i = 0; i < hostsPerLeaf; i++) builder.link({ node: `H${l}.${i}`, port: 0 }, { node: `L${l}`, port: i });
  }
  for (let l = 0; l < leaves; l++) {
    for (let p = 0; p < spines; p++) {
      builder.link({ node: `L${l}`, port: hostsPerLeaf + p }, { node: `P${p}`, port: l });
    }
  }
  const kind = options.uplinks === "ecmp" ? "spine-leaf-ecmp" : "spine-leaf";
  return { ...builder.build(), routing: { kind, leaves, spines, hostsPerLeaf } };
}

/** Registry entry (topologies.ts): `topology: { kind: "spine-leaf", leaves, spines, hostsPerLeaf }`. */
export const spineLeafDefinition = defineTopology({
  kind: "spine-leaf",
  description: "two-level spine-leaf: every leaf linked to every spine",
  parameters: {
    leaves: nodeCount(1, "leaf (edge) switches L0.."),
    spines: nodeCount(1, "spine switches P0.."),
    hostsPerLeaf: nodeCount(1, "hosts per leaf: Hl.0.. on leaf Ll"),
    uplinks: {
      type: "choice",
      values: ["by-destination", "ecmp"],
      default: "by-destination",
      description:
        "a leaf's spine toward another leaf: by-destination (spine d mod spines) or ecmp (any spine, hashed per flow)",
    },
  },
  create: (values, links) => spineLeaf({ ...values, ...links }),
  size: ({ leaves, spines, hostsPerLeaf }) => {
    const hosts = leaves * hostsPerLeaf;
    const leafPorts = hostsPerLeaf + spines;
    return {
      hosts,
      switches: leaves + spines,
      links: hosts + leaves * spines,
      switchPorts: leaves * leafPorts + spines * leaves,
      portPairs: leaves * leafPorts ** 2 + spines * leaves ** 2,
    };
  },
  describe: ({ leaves, spines, hostsPerLeaf }) =>
    `spine-leaf ${leaves} leaves x ${spines} spines, ${leaves * hostsPerLeaf} hosts`,
  hostCount: "leaves x hostsPerLeaf",
  deadlockFree: true,
});
