import { checkCount, nodeCount } from "./check-count.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";

/** Options of `twoSwitch`. */
export interface TwoSwitchOptions {
  /** L: local sources `B1..BL` on switch B. An integer >= 0. */
  local: number;
  /** R: remote sources `A1..AR` on switch A. An integer >= 0. */
  remote: number;
  /** Include the victim source `AV` (on A) and victim destination `BV` (on B). Default true. */
  victim?: boolean;
  /** Bytes per second of every link. Default 1e9 (santos-2002 Table 1). */
  bandwidth?: number;
  /** Propagation delay of every link, integer picoseconds. Default 10_000 (10 ns). */
  delayPs?: number;
}

/**
 * The two-switch scenario of santos-2002 Fig. 1 (Scenario S of spec/reproductions.md):
 * switches `A` and `B` joined by one inter-switch link (ISL). Remote sources `A1..AR` and
 * the victim source `AV` attach to A; local sources `B1..BL`, the congested destination
 * `BC` and the victim destination `BV` attach to B. The root link is `B -> BC`.
 *
 * ```text
 *   A1 ───0─┐                                 ┌─0──── B1
 *   ..      │                                 │       ..
 *   AR ─R-1─┼── A ─R+1──── ISL ────L+2─ B ────┼─L-1── BL
 *   AV ───R─┘                                 ├─L──── BC   congested destination
 *                                             └─L+1── BV   victim destination
 * ```
 *
 * Ports (deterministic): every host uses its port 0. On A: `Ai` is port i-1, `AV` is port
 * R, the ISL is port R+1. On B: `Bi` is port i-1, `BC` is port L, `BV` is port L+1, the
 * ISL is port L+2. Without the victim, `AV`/`BV` are left out and the ISL moves down by
 * one. Each switch has exactly as many ports as links.
 *
 * Order: nodes `A, B, A1..AR, AV, B1..BL, BC, BV`; links host links in that same host
 * order (host as end `a`, switch as end `b`), then the ISL (`a` = A, `b` = B).
 *
 * @example
 * const topology = twoSwitch({ local: 5, remote: 1 }); // Fig. 2: 11 nodes, 10 links
 */
export function twoSwitch(options: TwoSwitchOptions): Topology {
  const { local, remote, victim = true, bandwidth = DEFAULT_BANDWIDTH, delayPs = DEFAULT_DELAY_PS } = options;
  checkCount("twoSwitch", "local", local, 0);
  checkCount("twoSwitch", "remote", remote, 0);
  const numbered = (prefix: string, count: number): string[] =>
    Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  const onA = [...numbered("A", remote), ...(victim ? ["AV"] : [])];
  const onB = [...numbered("B", local), "BC", ...(victim ? ["BV"] : [])];

  const builder = new TopologyBuilder({ bandwidth, delayPs }).switch("A").switch("B");
  for (const host of [...onA, ...onB]) builder.host(host);
  for (const host of onA) builder.link(host, "A");
  for (const host of onB) builder.link(host, "B");
  return builder.link("A", "B").build();
}

/** Registry entry (topologies.ts): `topology: { kind: "two-switch", local, remote, victim }`. */
export const twoSwitchDefinition = defineTopology({
  kind: "two-switch",
  description: "santos-2002 Fig. 1: switches A and B, remote sources on A, local sources on B",
  parameters: {
    local: nodeCount(0, "L: local sources B1..BL"),
    remote: nodeCount(0, "R: remote sources A1..AR"),
    victim: { type: "boolean", default: true, description: "include the victim pair AV -> BV" },
  },
  create: (values, links) => twoSwitch({ ...values, ...links }),
  size: ({ local, remote, victim }) => {
    // A: remote sources, AV, the ISL; B: local sources, BC, BV, the ISL.
    const pair = victim ? 1 : 0;
    const a = remote + pair + 1;
    const b = local + 1 + pair + 1;
    const hosts = local + remote + 1 + 2 * pair;
    return { hosts, switches: 2, links: hosts + 1, switchPorts: a + b, portPairs: a * a + b * b };
  },
  describe: ({ local, remote }) => `two-switch L=${local} R=${remote}`,
  hostCount: "local + remote + BC, AV, BV",
  deadlockFree: true,
});
