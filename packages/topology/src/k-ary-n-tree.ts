import { kAryNHosts, kAryNParameters } from "./k-ary-n-size.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";

/** Options of `kAryNTree`. */
export interface KAryNTreeOptions {
  /** Arity: hosts per leaf switch, and up links per non-top switch. An integer >= 2. */
  k: number;
  /** Number of switch stages. An integer >= 1. */
  n: number;
  /** Bytes per second of every link. Default 1e9. */
  bandwidth?: number;
  /** Propagation delay of every link, integer picoseconds. Default 10_000 (10 ns). */
  delayPs?: number;
}

/**
 * The bidirectional k-ary n-tree fat tree (Petrini and Vanneschi), the "k-ary n-fly with
 * bidirectional links" of ferrer-2012: `k^n` hosts `H0..H{k^n-1}` and `n` stages of
 * `k^(n-1)` switches `S<stage>.<index>`; stage 0 holds the leaves, stage n-1 the roots.
 *
 * Wiring: host `Hh` is on port `h mod k` of leaf `S0.<floor(h/k)>`. Write a switch index
 * `i` in base k with n-1 digits, digit 0 least significant. For stage s < n-1, up port
 * `k + u` of `S<s>.<i>` goes to `S<s+1>.<i'>`, where i' is i with digit s replaced by u,
 * arriving on down port (digit s of i). So stage-s and stage-(s+1) switches are linked
 * exactly when their indices differ at most in digit s (Petrini-Vanneschi's rule).
 *
 * Ports: stages 0..n-2 have 2k ports, down ports 0..k-1 and up ports k..2k-1; the top
 * stage has k ports, down ports only (its up ports would be unused, so they are left out).
 *
 * Order: switches stage by stage, index ascending, then hosts; links: the host links in
 * host order (host as end `a`), then the up links by stage, switch index and up port
 * (lower switch as end `a`). k^n hosts, n k^(n-1) switches, n k^n links; k^n <= 65 536.
 *
 * Routing: `routing` is `{ kind: "k-ary-n-tree", k, n }`, destination-digit up*\/down*
 * (d-mod-k): at stage s a switch sends a packet for host d down port (digit s of d) when
 * d is below it, otherwise up port k + (digit s of d). So the k hosts of a leaf are
 * reached through k different up ports and every root carries the same share of the
 * traffic. For the lowest-port shortest paths instead, route
 * `{ ...kAryNTree({ k, n }), routing: { kind: "shortest-path" } }`.
 *
 * @example
 * const topology = kAryNTree({ k: 4, n: 3 }); // 64 hosts, 48 switches, 192 links
 */
export function kAryNTree(options: KAryNTreeOptions): Topology {
  const { k, n, bandwidth = DEFAULT_BANDWIDTH, delayPs = DEFAULT_DELAY_PS } = options;
  const hosts = kAryNHosts("kAryNTree", k, n);
  const perStage = hosts / k;
  const name = (stage: number, index: number): string => `S${stage}.${index}`;
  const builder = new TopologyBuilder({ bandwidth, delayPs });
  for (let stage = 0; stage < n; stage++) {
    for (let index = 0; index < perStage; index++) builder.switch(name(stage, index), stage < n - 1 ? 2 * k : k);
  }
  for (let h = 0; h < hosts; h++) builder.host(`H${h}`);
  for (let h = 0; h < hosts; h++) {
    builder.link({ node: `H${h}`, port: 0 }, { node: name(0, Math.floor(h / k)), port: h % k });
  }
  for (let stage = 0, weight = 1; stage < n - 1; stage++, weight *= k) {
    for (let index = 0; index < perStage; index++) {
      const digit = Math.floor(index / weight) % k;
      for (let u = 0; u < k; u++) {
        const upper = index + (u - digit) * weight;
        builder.link({ node: name(stage, index), port: k + u }, { node: name(stage + 1, upper), port: digit });
      }
    }
  }
  return { ...builder.build(), routing: { kind: "k-ary-n-tree", k, n } };
}

/** Registry entry (topologies.ts): `topology: { kind: "k-ary-n-tree", k, n }`. */
export const kAryNTreeDefinition = defineTopology({
  kind: "k-ary-n-tree",
  description: "bidirectional k-ary n-tree fat tree (ferrer-2012's bidirectional k-ary n-fly): k^n hosts H0..",
  parameters: kAryNParameters,
  create: ({ k, n }, links) => kAryNTree({ k, n, ...links }),
  size: ({ k, n }) => {
    // n stages of k^(n-1) switches; all but the top have k ports down and k up.
    const hosts = k ** n;
    const perStage = k ** (n - 1);
    const lower = (n - 1) * perStage;
    return {
      hosts,
      switches: n * perStage,
      links: n * hosts,
      switchPorts: lower * 2 * k + perStage * k,
      portPairs: lower * (2 * k) ** 2 + perStage * k ** 2,
    };
  },
  describe: ({ k, n }) => `${k}-ary ${n}-tree, ${k ** n} hosts`,
  hostCount: "k^n",
  // Up to the lowest common ancestor and down: 2n - 1 switches between hosts farthest apart.
  network: ({ k, n }) => ({ radix: k, stages: n, unidirectional: false }),
  deadlockFree: true,
});
