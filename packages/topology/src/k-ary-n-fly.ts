import { digit } from "./digit.js";
import { kAryNHosts, kAryNParameters } from "./k-ary-n-size.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";

/** Options of `kAryNFly`. */
export interface KAryNFlyOptions {
  /** Radix: inputs and outputs per switch. An integer >= 2. */
  k: number;
  /** Number of switch stages. An integer >= 1. */
  n: number;
  /** Bytes per second of every link. Default 1e9. */
  bandwidth?: number;
  /** Propagation delay of every link, integer picoseconds. Default 10_000 (10 ns). */
  delayPs?: number;
}

/**
 * The unidirectional k-ary n-fly butterfly, ferrer-2012's "Butterfly MINs with
 * unidirectional links": `k^n` hosts `H0..H{k^n-1}` and `n` stages of `k^(n-1)` switches
 * `S<stage>.<index>`, each with k inputs (ports 0..k-1) and k outputs (ports k..2k-1).
 * Packets cross the stages in order 0, 1, ..., n-1: every path has exactly n switches.
 *
 * Wiring (the butterfly of Leighton's and Dally and Towles' textbooks, most significant
 * digit first): write a switch index in base k with n-1 digits, digit 0 least significant.
 * - Host `Hh` sends on its port 0 into input `h mod k` of `S0.<floor(h/k)>`, and receives
 *   on its port 1 from output `k + (h mod k)` of `S<n-1>.<floor(h/k)>`.
 * - For stage s < n-1, output `k + u` of `S<s>.<i>` goes to `S<s+1>.<i'>`, i' = i with
 *   digit n-2-s replaced by u, arriving on input (digit n-2-s of i). So stage s and s+1
 *   switches are linked exactly when their indices differ at most in digit n-2-s.
 *
 * Links are full duplex in the data model; only the direction `a -> b` carries packets
 * (host to stage 0, stage s to s+1, stage n-1 to host). Hosts have two ports (see
 * `TopologyNode`).
 *
 * Routing: `routing` is `{ kind: "k-ary-n-fly", k, n }`, destination-tag routing: at
 * stage s a switch sends a packet for host d on output `k + digit n-1-s of d`, so the
 * stages resolve the destination's digits from the most significant down and the last
 * switch is `S<n-1>.<floor(d/k)>`. The path is unique.
 *
 * Order: switches stage by stage, index ascending, then hosts; links: the injection links
 * in host order (host as end `a`), the inter-stage links by stage, switch index and
 * output (lower stage as end `a`), then the ejection links in host order (switch as end
 * `a`). k^n hosts, n k^(n-1) switches, (n+1) k^n links; k^n <= 65 536.
 *
 * @example
 * const topology = kAryNFly({ k: 2, n: 3 }); // 8 hosts, 12 switches, 32 links
 */
export function kAryNFly(options: KAryNFlyOptions): Topology {
  const { k, n, bandwidth = DEFAULT_BANDWIDTH, delayPs = DEFAULT_DELAY_PS } = options;
  const hosts = kAryNHosts("kAryNFly", k, n);
  const perStage = hosts / k;
  const name = (stage: number, index: number): string => `S${stage}.${index}`;
  const builder = new TopologyBuilder({ bandwidth, delayPs });
  for (let stage = 0; stage < n; stage++) {
    for (let index = 0; index < perStage; index++) builder.switch(name(stage, index), 2 * k);
  }
  for (let h = 0; h < hosts; h++) builder.host(`H${h}`, 2);
  for (let h = 0; h < hosts; h++) {
    builder.link({ node: `H${h}`, port: 0 }, { node: name(0, Math.floor(h / k)), port: h % k });
  }
  for (let stage = 0; stage < n - 1; stage++) {
    const position = n - 2 - stage;
    for (let index = 0; index < perStage; index++) {
      const old = digit(index, position, k);
      for (let u = 0; u < k; u++) {
        const next = index + (u - old) * k ** position;
        builder.link({ node: name(stage, index), port: k + u }, { node: name(stage + 1, next), port: old });
      }
    }
  }
  for (let h = 0; h < hosts; h++) {
    builder.link({ node: name(n - 1, Math.floor(h / k)), port: k + (h % k) }, { node: `H${h}`, port: 1 });
  }
  return { ...builder.build(), routing: { kind: "k-ary-n-fly", k, n } };
}

/** Registry entry (topologies.ts): `topology: { kind: "k-ary-n-fly", k, n }`. */
export const kAryNFlyDefinition = defineTopology({
  kind: "k-ary-n-fly",
  description: "unidirectional k-ary n-fly butterfly: hosts inject into stage 0 and receive from stage n-1",
  parameters: kAryNParameters,
  create: ({ k, n }, links) => kAryNFly({ k, n, ...links }),
  size: ({ k, n }) => {
    // Every switch has k inputs and k outputs; hosts inject into stage 0 and receive from stage n-1.
    const hosts = k ** n;
    const switches = n * k ** (n - 1);
    return {
      hosts,
      switches,
      links: (n + 1) * hosts,
      switchPorts: switches * 2 * k,
      portPairs: switches * (2 * k) ** 2,
    };
  },
  describe: ({ k, n }) => `${k}-ary ${n}-fly, ${k ** n} hosts`,
  hostCount: "k^n",
  // Every path crosses the n stages once.
  network: ({ k, n }) => ({ radix: k, stages: n, unidirectional: true }),
  deadlockFree: true,
});
