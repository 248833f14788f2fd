import { checkCount, nodeCount } from "./check-count.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";

/** Options of `singleSwitch`. */
export interface SingleSwitchOptions {
  /** Bytes per second of every link. Default 1e9. */
  bandwidth?: number;
  /** Propagation delay of every link, integer picoseconds. Default 10_000 (10 ns). */
  delayPs?: number;
}

/**
 * `n` hosts `H0..H{n-1}` on one switch `S`: host `Hi` port 0 <-> `S` port i. The fabric for
 * fan-in and hot-spot experiments (e.g. chrysos' QCN fan-in on one switch).
 *
 * Order: nodes `S, H0..H{n-1}`; link i joins `Hi` (end `a`) to `S` (end `b`).
 *
 * @example
 * const topology = singleSwitch(4); // S with ports 0..3
 */
export function singleSwitch(n: number, options: SingleSwitchOptions = {}): Topology {
  const { bandwidth = DEFAULT_BANDWIDTH, delayPs = DEFAULT_DELAY_PS } = options;
  checkCount("singleSwitch", "n", n, 1);
  const builder = new TopologyBuilder({ bandwidth, delayPs }).switch("S", n);
  for (let i = 0; i < n; i++) builder.host(`H${i}`);
  for (let i = 0; i < n; i++) builder.link(`H${i}`, "S");
  return builder.build();
}

/** Registry entry (topologies.ts): `topology: { kind: "single-switch", hosts }`. */
export const singleSwitchDefinition = defineTopology({
  kind: "single-switch",
  description: "hosts H0..H{n-1} on one switch S: fan-in and hot-spot experiments (chrysos' QCN fan-in)",
  parameters: {
    hosts: nodeCount(2, "hosts H0..H{n-1}, host Hi on port i of S"),
  },
  create: ({ hosts }, links) => singleSwitch(hosts, links),
  size: ({ hosts }) => ({ hosts, switches: 1, links: hosts, switchPorts: hosts, portPairs: hosts ** 2 }),
  describe: ({ hosts }) => `single switch, ${hosts} hosts`,
  hostCount: "hosts",
  deadlockFree: true,
});
