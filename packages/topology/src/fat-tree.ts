import { formatValue, KindError, MAX_BANDWIDTH, MAX_HOSTS } from "@losslab/kinds";
import { checkCount } from "./check-count.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";
import { TopologyError } from "./topology-error.js";

/** Options of `fatTree`. */
export interface FatTreeOptions {
  /** The switch radix: k pods, k-port aggregation and core switches. An even integer >= 2. */
  k: number;
  /** Hosts per edge switch (ToR). Default k/2 (no oversubscription); more oversubscribes the ToR hostsPerTor : k/2. */
  hostsPerTor?: number;
  /** Bytes per second of the host links. Default 1e9. */
  bandwidth?: number;
  /** Bytes per second of the switch-to-switch links (edge-aggregation, aggregation-core). Default `bandwidth`. */
  fabricBandwidth?: number;
  /** Propagation delay of every link, integer picoseconds. Default 10_000 (10 ns). */
  delayPs?: number;
}

/** Switch names of the fat tree: `pod<p>-edge<e>`, `pod<p>-agg<a>`, `core<c>`. */
export const edgeName = (pod: number, edge: number): string => `pod${pod}-edge${edge}`;
export const aggregationName = (pod: number, aggregation: number): string => `pod${pod}-agg${aggregation}`;
export const coreName = (core: number): string => `core${core}`;

/**
 * The three-tier k-ary fat tree of Al-Fares, Loukissas and Vahdat ("A Scalable, Commodity
 * Data Center Network Architecture", SIGCOMM 2008, sec. 3.2): k pods, each with k/2 edge
 * switches (ToRs) and k/2 aggregation switches; (k/2)^2 core switches; with the default
 * `hostsPerTor` = k/2, k^3/4 hosts and 5k^2/4 switches of k ports each.
 *
 * Wiring (numbers are ports; the paper's Fig. 3 for k = 4):
 * - Host `Hh` (h = 0..hosts-1) is on port `h mod hostsPerTor` of edge switch
 *   `pod<p>-edge<e>`, where `floor(h / hostsPerTor)` = p * k/2 + e.
 * - Edge switch `pod<p>-edge<e>` has hostsPerTor + k/2 ports: hosts on 0..hostsPerTor-1 and
 *   aggregation switch `pod<p>-agg<a>` on port `hostsPerTor + a`, reaching its port e.
 * - Aggregation switch `pod<p>-agg<a>` has k ports: edges on 0..k/2-1, and on port
 *   `k/2 + u` core `core<a * k/2 + u>`, reaching its port p. So aggregation switch a of every
 *   pod links to the a-th group of k/2 cores (the paper's core grid row), and core port p
 *   leads to pod p.
 * - Links: host links in host order (host as end `a`), then edge-aggregation links by pod,
 *   edge and aggregation switch, then aggregation-core links by pod, aggregation switch and
 *   core (lower switch as end `a`). Nodes: edges, aggregation switches (pod by pod), cores,
 *   then hosts.
 *
 * Oversubscription: with `hostsPerTor` > k/2 the edge switch has more host ports than
 * uplinks, hostsPerTor : k/2 (the paper's sec. 2.1 definition; hostsPerTor = k gives 2:1).
 * Link speeds: the switch-to-switch links may be faster than the host links (`fabricBandwidth`).
 *
 * Routing: `routing` is `{ kind: "fat-tree", k, hostsPerTor }`, up*\/down* with ECMP: an
 * edge or aggregation switch sends a packet for a host outside its subtree up any of its
 * k/2 uplinks, chosen by a per-switch salted hash of the packet's flow (see `ecmp.ts`).
 *
 * @example
 * const topology = fatTree({ k: 4 }); // 16 hosts, 20 switches, 48 links
 */
export function fatTree(options: FatTreeOptions): Topology {
  const { k, bandwidth = DEFAULT_BANDWIDTH, delayPs = DEFAULT_DELAY_PS } = options;
  checkFatTreeK("fatTree", k);
  const half = k / 2;
  const hostsPerTor = options.hostsPerTor ?? half;
  checkCount("fatTree", "hostsPerTor", hostsPerTor, 1);
  const fabricBandwidth = options.fabricBandwidth ?? bandwidth;
  const hosts = k * half * hostsPerTor;
  if (hosts > MAX_HOSTS) {
    throw new TopologyError(
      `fatTree: k x k/2 x hostsPerTor must be at most ${MAX_HOSTS} hosts, got ${k} x ${half} x ${hostsPerTor} = ${hosts}`,
      "k",
    );
  }
  const builder = new TopologyBuilder({ bandwidth, delayPs });
  for (let pod = 0; pod < k; pod++) for (let e = 0; e < half; e++) builder.switch(edgeName(pod, e), hostsPerTor + half);
  for (let pod = 0; pod < k; pod++) for (let a = 0; a < half; a++) builder.switch(aggregationName(pod, a), k);
  for (let c = 0; c < half * half; c++) builder.switch(coreName(c), k);
  for (let h = 0; h < hosts; h++) builder.host(`H${h}`);
  for (let h = 0; h < hosts; h++) {
    const tor = Math.floor(h / hostsPerTor);
    const edge = edgeName(Math.floor(tor / half), tor % half);
    builder.link({ node: `H${h}`, port: 0 }, { node: edge, port: h % hostsPerTor });
  }
  const fabric = { bandwidth: fabricBandwidth };
  for (let pod = 0; pod < k; pod++) {
    for (let e = 0; e < half; e++) {
      for (let a = 0; a < half; a++) {
        builder.link(
          { node: edgeName(pod, e), port: hostsPerTor + a },
          { node: aggregationName(pod, a), port: e },
          fabric,
        );
      }
    }
  }
  for (let pod = 0; pod < k; pod++) {
    for (let a = 0; a < half; a++) {
      for (let u = 0; u < half; u++) {
        builder.link(
          { node: aggregationName(pod, a), port: half + u },
          { node: coreName(a * half + u), port: pod },
          fabric,
        );
      }
    }
  }
  return { ...builder.build(), routing: { kind: "fat-tree", k, hostsPerTor } };
}

/** Throws a `TopologyError` (path `k`) unless `k` is an even integer >= 2. */
export function checkFatTreeK(builder: string, k: unknown): void {
  if (typeof k !== "number" || !Number.isSafeInteger(k) || k < 2 || k % 2 !== 0) {
    throw new TopologyError(`${builder}: k must be an even integer >= 2, got ${formatValue(k)}`, "k");
  }
}

/** Registry entry (topologies.ts): `topology: { kind: "fat-tree", k, hostsPerTor?, fabricSpeedup? }`. */
export const fatTreeDefinition = defineTopology({
  kind: "fat-tree",
  description:
    "Al-Fares et al.'s 3-tier k-ary fat tree (SIGCOMM 2008 sec. 3): k pods of k/2 edge and k/2 aggregation switches, (k/2)^2 cores, ECMP routing; hosts H0..",
  parameters: {
    k: { type: "integer", min: 2, max: 256, description: "k: the switch radix, an even number (k pods, k^3/4 hosts)" },
    hostsPerTor: {
      type: "integer",
      min: 1,
      max: MAX_HOSTS,
      optional: true,
      description:
        "hosts per edge switch (ToR), default k/2; more oversubscribes it hostsPerTor : k/2 (the ToR then has hostsPerTor + k/2 ports)",
    },
    fabricSpeedup: {
      type: "number",
      min: 1,
      max: 1000,
      default: 1,
      description: "switch-to-switch links run at bandwidth x fabricSpeedup (host links at bandwidth)",
    },
  },
  create: ({ k, hostsPerTor, fabricSpeedup }, { bandwidth, delayPs }) => {
    if (k % 2 !== 0) throw new KindError("topology.k", `topology.k must be an even integer >= 2, got ${k}`);
    if (bandwidth * fabricSpeedup > MAX_BANDWIDTH) {
      throw new KindError(
        "topology.fabricSpeedup",
        `topology.fabricSpeedup ${fabricSpeedup} x bandwidth ${bandwidth} B/s makes switch links faster than ${MAX_BANDWIDTH} B/s (one byte per picosecond)`,
      );
    }
    return fatTree({ k, hostsPerTor, bandwidth, fabricBandwidth: bandwidth * fabricSpeedup, delayPs });
  },
  size: ({ k, hostsPerTor = k / 2 }) => {
    const half = k / 2;
    const pods = k * half; // edge switches, and aggregation switches
    const torPorts = hostsPerTor + half;
    return {
      hosts: pods * hostsPerTor,
      switches: 2 * pods + half * half,
      // host links, then k/2 x k/2 edge-aggregation and as many aggregation-core links per pod
      links: pods * hostsPerTor + 2 * k * half * half,
      switchPorts: pods * torPorts + (pods + half * half) * k,
      portPairs: pods * torPorts ** 2 + (pods + half * half) * k ** 2,
    };
  },
  describe: ({ k, hostsPerTor = k / 2, fabricSpeedup }) => {
    const hosts = k * (k / 2) * hostsPerTor;
    const ratio = +(hostsPerTor / (k / 2)).toFixed(2);
    const over =
      hostsPerTor > k / 2
        ? `, ToRs oversubscribed ${ratio}:1`
        : hostsPerTor < k / 2
          ? `, ${hostsPerTor} hosts per ToR`
          : "";
    const speed = fabricSpeedup === 1 ? "" : `, fabric links x${fabricSpeedup}`;
    return `${k}-ary fat tree, ${hosts} hosts${over}${speed}`;
  },
  hostCount: "k x k/2 x hostsPerTor",
  deadlockFree: true,
});
