/**
 * htsim's fat tree configuration files (uet-htsim, sim/datacenter/topologies/*.topo, read by
 * FatTreeTopologyCfg::read_cfg in fat_tree_topology.cpp) as a losslab fabric, and the
 * `htsim-fat-tree` topology kind that names one. A file is a header and one section per tier
 * (0 = ToR, 1 = aggregation or spine, 2 = core), a keyword and a number per line, keywords in
 * any case, `#` comments:
 *
 *     Nodes 32          Tier 0                   Tier 1
 *     Tiers 2           Downlink_speed_Gbps 100  Downlink_speed_Gbps 100
 *     Podsize 32        Radix_Down 8             Radix_Down 4
 *                       Radix_Up 2               Downlink_Latency_ns 1000
 *                       Downlink_Latency_ns 1000
 *                       Oversubscribed 4
 *
 * A tier's downlink speed and latency are those of the links below its switches (tier 0's:
 * the host links). The switch counts follow set_custom_params: ToRs per pod = Podsize /
 * Radix_Down(0); ToR uplinks = Nodes x speed(0) / (speed(1) x Oversubscribed(0));
 * aggregation switches per pod = ToR uplinks / (pods x Radix_Down(1)); with 3 tiers, core
 * switches = ToR uplinks x speed(1) / (speed(2) x Oversubscribed(1)) / Radix_Down(2). Every
 * ToR links to every aggregation switch of its pod (all of them with 2 tiers) with Bundle(1)
 * parallel links; aggregation switch a (position p in its pod) links to cores p, p + aggs
 * per pod, ... with Bundle(2) links.
 */
import { formatValue, KindError, tokenLines } from "@losslab/kinds";
import { fatTree } from "./fat-tree.js";
import { sizeOf } from "./size-of.js";
import { spineLeaf } from "./spine-leaf.js";
import type { Topology, TopologyLink } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";

/** The per-tier attributes read_cfg knows (lower case), and the header's. */
const TIER_KEYS = [
  "downlink_speed_gbps",
  "radix_up",
  "radix_down",
  "queue_up",
  "queue_down",
  "oversubscribed",
  "bundle",
  "switch_latency_ns",
  "downlink_latency_ns",
] as const;
type TierKey = (typeof TIER_KEYS)[number];
const HEADER_KEYS = ["nodes", "tiers", "podsize"] as const;
type HeaderKey = (typeof HEADER_KEYS)[number];

/** A number read from the file, with its line (for errors about it). */
interface Setting {
  readonly value: number;
  readonly line: number;
}

/** A parsed htsim fat tree file. */
export interface HtsimFatTree {
  /**
   * The fabric. Two tiers with single links: losslab's spine-leaf wiring and routing (hosts
   * `H<leaf>.<i>`, leaves `L<l>`, spines `P<p>`); three tiers of a k-ary fat tree: losslab's
   * fat-tree wiring and ECMP routing (hosts `H<n>`); any other shape: ToRs `T<i>`,
   * aggregation switches `A<i>`, cores `C<i>`, hosts `H<n>`, routed by shortest path. In
   * every case the n-th host is htsim's host n.
   */
  readonly topology: Topology;
  /** How the fabric is routed: "spine-leaf", "fat-tree", or "shortest-path" (one path per pair, no ECMP). */
  readonly routing: "spine-leaf" | "fat-tree" | "shortest-path";
  /** The attributes read but not modelled (queue sizes, switch latencies), by line: docs/formats.md. */
  readonly dropped: ReadonlyArray<{ readonly line: number; readonly key: string }>;
}

/**
 * Parses an htsim fat tree file (see the module comment). Errors are `KindError`s naming
 * `origin`, the line and the field, or the tier and the rule of set_custom_params a shape
 * breaks: `leaf.topo line 9, field Radix_Up: must be an integer from 1 to ..., got "x"`.
 */
export function parseHtsimFatTree(text: string, origin = "fabric.topo"): HtsimFatTree {
  const header: Partial<Record<HeaderKey, Setting>> = {};
  const tiers: Array<Partial<Record<TierKey, Setting>>> = [];
  const dropped: Array<{ line: number; key: string }> = [];
  let tier: number | undefined;
  const fail = (line: number, message: string): never => {
    throw new KindError(`${origin} line ${line}`, `${origin} line ${line}: ${message}`);
  };
  for (const { line, tokens } of tokenLines(text)) {
    const [word = "", value, extra] = tokens;
    if (word.startsWith("#")) continue;
    const key = word.toLowerCase();
    const field = `${origin} line ${line}, field ${word}`;
    if (value === undefined || (extra !== undefined && !extra.startsWith("#"))) {
      fail(line, `expected "${word} <number>", got ${formatValue(tokens.join(" "))}`);
    }
    const number = Number(value);
    if (!/^\d+$/.test(value as string) || !Number.isSafeInteger(number)) {
      throw new KindError(field, `${field}: must be a whole number, got ${formatValue(value)}`);
    }
    const setting = { value: number, line };
    if (key === "tier") {
      if (number > 2) throw new KindError(field, `${field}: must be 0, 1 or 2, got ${formatValue(value)}`);
      if (tiers[number] !== undefined) fail(line, `tier ${number} appears twice`);
      tier = number;
      tiers[number] = {};
    } else if ((HEADER_KEYS as readonly string[]).includes(key) && tier === undefined) {
      header[key as HeaderKey] = setting;
    } else if ((TIER_KEYS as readonly string[]).includes(key) && tier !== undefined) {
      const settings = tiers[tier] as Partial<Record<TierKey, Setting>>;
      if (settings[key as TierKey] !== undefined) fail(line, `${word} is set twice for tier ${tier}`);
      if (key === "radix_up" && tier === 2) fail(line, "tier 2 (core) has no uplinks: Radix_Up is not allowed");
      settings[key as TierKey] = setting;
      if (key.startsWith("queue_") || (key === "switch_latency_ns" && number > 0)) dropped.push({ line, key: word });
    } else {
      fail(
        line,
        tier === undefined
          ? `unknown header field ${formatValue(word)}; allowed: Nodes, Tiers, Podsize, then Tier <n> sections`
          : `unknown field ${formatValue(word)}; allowed: Tier, ${TIER_KEYS.map((k) => k.replace(/(^|_)[a-z]/g, (c) => c.toUpperCase())).join(", ")}`,
      );
    }
  }
  const need = (key: HeaderKey, name: string): number => {
    const setting = header[key];
    if (setting === undefined || setting.value < 1) {
      throw new KindError(origin, `${origin}: the header must give ${name} (an integer >= 1) before the first Tier`);
    }
    return setting.value;
  };
  const nodes = need("nodes", "Nodes");
  const tierCount = need("tiers", "Tiers");
  if (tierCount < 2 || tierCount > 3) {
    const where = `${origin} line ${header.tiers?.line}, field Tiers`;
    throw new KindError(where, `${where}: must be 2 or 3, got ${tierCount}`);
  }
  const podsize = need("podsize", "Podsize");
  const get = (t: number, key: TierKey, name: string, fallback?: number): number => {
    if (tiers[t] === undefined)
      throw new KindError(origin, `${origin}: no "Tier ${t}" section (Tiers is ${tierCount})`);
    const setting = tiers[t]?.[key];
    if (setting === undefined) {
      if (fallback !== undefined) return fallback;
      throw new KindError(origin, `${origin}: tier ${t} must give ${name}`);
    }
    if (setting.value < 1) {
      const where = `${origin} line ${setting.line}, field ${name}`;
      throw new KindError(where, `${where}: must be at least 1, got ${setting.value}`);
    }
    return setting.value;
  };
  const shape = (message: string): never => {
    throw new KindError(origin, `${origin}: ${message} (htsim's set_custom_params refuses it too)`);
  };
  const speed = [0, 1, 2].slice(0, tierCount).map((t) => get(t, "downlink_speed_gbps", "Downlink_speed_Gbps"));
  const latencyNs = [0, 1, 2].slice(0, tierCount).map((t) => get(t, "downlink_latency_ns", "Downlink_Latency_ns"));
  const down = [0, 1, 2].slice(0, tierCount).map((t) => get(t, "radix_down", "Radix_Down"));
  const up = [0, 1].slice(0, tierCount - 1).map((t) => get(t, "radix_up", "Radix_Up"));
  const bundle = [0, 1, 2].slice(0, tierCount).map((t) => get(t, "bundle", "Bundle", 1));
  const oversub = [0, 1, 2].slice(0, tierCount).map((t) => get(t, "oversubscribed", "Oversubscribed", 1));
  if (bundle[0] !== 1) shape("tier 0 Bundle must be 1 (hosts have one link)");
  for (let t = 0; t < tierCount; t++) {
    if (down[t]! % bundle[t]! !== 0)
      shape(`tier ${t} Radix_Down ${down[t]} is not a multiple of its Bundle ${bundle[t]}`);
    if (t < tierCount - 1 && up[t]! % bundle[t + 1]! !== 0) {
      shape(`tier ${t} Radix_Up ${up[t]} is not a multiple of tier ${t + 1}'s Bundle ${bundle[t + 1]}`);
    }
  }
  if (nodes % podsize !== 0) shape(`Nodes ${nodes} is not a multiple of Podsize ${podsize}`);
  const pods = nodes / podsize;
  if (podsize % down[0]! !== 0) shape(`Podsize ${podsize} is not a multiple of tier 0 Radix_Down ${down[0]}`);
  const torsPerPod = podsize / down[0]!;
  const torUplinks = (nodes * speed[0]!) / (speed[1]! * oversub[0]!);
  if (!Number.isInteger(torUplinks))
    shape(`Nodes x tier 0 speed / (tier 1 speed x tier 0 Oversubscribed) is not whole`);
  if (Math.floor(down[0]! / up[0]!) !== oversub[0]) {
    shape(`tier 0 Radix_Down / Radix_Up (${down[0]} / ${up[0]}) must be its Oversubscribed ratio ${oversub[0]}`);
  }
  if (torUplinks % (pods * down[1]!) !== 0) shape(`the ${torUplinks} ToR uplinks do not fill whole tier 1 switches`);
  const aggsPerPod = torUplinks / (pods * down[1]!);
  if (aggsPerPod * bundle[1]! !== up[0]) {
    shape(`tier 0 Radix_Up ${up[0]} must be ${aggsPerPod} tier 1 switches per pod x tier 1 Bundle ${bundle[1]}`);
  }
  let cores = 0;
  if (tierCount === 3) {
    const aggUplinks = (torUplinks * speed[1]!) / (speed[2]! * oversub[1]!);
    if (!Number.isInteger(aggUplinks) || aggUplinks % down[2]! !== 0) {
      shape(`the tier 1 uplinks do not fill whole tier 2 switches of Radix_Down ${down[2]}`);
    }
    cores = aggUplinks / down[2]!;
    if (cores % aggsPerPod !== 0)
      shape(`${cores} core switches are not a multiple of ${aggsPerPod} tier 1 switches per pod`);
    if ((cores * bundle[2]!) / aggsPerPod !== up[1]) {
      shape(
        `tier 1 Radix_Up ${up[1]} must be ${cores} cores x Bundle ${bundle[2]} / ${aggsPerPod} tier 1 switches per pod`,
      );
    }
  }
  const tors = torsPerPod * pods;
  const aggs = aggsPerPod * pods;
  const rate = (t: number) => (speed[t]! * 1e9) / 8;
  const delay = (t: number) => latencyNs[t]! * 1000;
  let topology: Topology;
  let routing: HtsimFatTree["routing"];
  // A link's tier: 0 when it has a host end; else 1 when it has a ToR (or leaf, or edge) end; else 2.
  const tierOf = (link: TopologyLink, isHost: (id: string) => boolean, isTor: (id: string) => boolean) =>
    isHost(link.a.node) || isHost(link.b.node) ? 0 : isTor(link.a.node) || isTor(link.b.node) ? 1 : 2;
  const retime = (built: Topology, isTor: (id: string) => boolean): Topology => {
    const hosts = new Set(built.nodes.filter((node) => node.kind === "host").map((node) => node.id));
    const links = built.links.map((link) => {
      const t = tierOf(link, (id) => hosts.has(id), isTor);
      return { ...link, bandwidth: rate(t), delayPs: delay(t) };
    });
    return { ...built, links };
  };
  if (tierCount === 2 && bundle[1] === 1) {
    topology = retime(spineLeaf({ leaves: tors, spines: aggs, hostsPerLeaf: down[0]! }), (id) => id.startsWith("L"));
    routing = "spine-leaf";
  } else if (
    tierCount === 3 &&
    bundle[1] === 1 &&
    bundle[2] === 1 &&
    pods % 2 === 0 &&
    torsPerPod === pods / 2 &&
    aggsPerPod === pods / 2 &&
    cores === (pods / 2) ** 2
  ) {
    topology = retime(fatTree({ k: pods, hostsPerTor: down[0]! }), (id) => id.includes("-edge"));
    routing = "fat-tree";
  } else {
    topology = htsimWiring({
      nodes,
      tierCount,
      torsPerPod,
      aggsPerPod,
      tors,
      aggs,
      cores,
      down,
      up,
      bundle,
      rate,
      delay,
    });
    routing = "shortest-path";
  }
  return { topology, routing, dropped };
}

/** htsim's own wiring (fat_tree_topology.cpp, init_network), for the shapes losslab's rules do not route. */
function htsimWiring(shape: {
  nodes: number;
  tierCount: number;
  torsPerPod: number;
  aggsPerPod: number;
  tors: number;
  aggs: number;
  cores: number;
  down: number[];
  up: number[];
  bundle: number[];
  rate: (tier: number) => number;
  delay: (tier: number) => number;
}): Topology {
  const { nodes, tierCount, torsPerPod, aggsPerPod, tors, aggs, cores, down, up, bundle, rate, delay } = shape;
  const builder = new TopologyBuilder({ bandwidth: rate(0), delayPs: delay(0) });
  const next = new Map<string, number>();
  const port = (node: string) => {
    const value = next.get(node) ?? 0;
    next.set(node, value + 1);
    return { node, port: value };
  };
  for (let t = 0; t < tors; t++) builder.switch(`T${t}`, down[0]! + up[0]!);
  for (let a = 0; a < aggs; a++) builder.switch(`A${a}`, down[1]! + (tierCount === 3 ? up[1]! : 0));
  for (let c = 0; c < cores; c++) builder.switch(`C${c}`, down[2]!);
  for (let h = 0; h < nodes; h++) builder.host(`H${h}`);
  for (let h = 0; h < nodes; h++) builder.link(port(`H${h}`), port(`T${Math.floor(h / down[0]!)}`));
  const tier1 = { bandwidth: rate(1), delayPs: delay(1) };
  for (let t = 0; t < tors; t++) {
    const pod = Math.floor(t / torsPerPod);
    const [first, last] = tierCount === 3 ? [pod * aggsPerPod, (pod + 1) * aggsPerPod] : [0, aggs];
    for (let a = first; a < last; a++) {
      for (let b = 0; b < bundle[1]!; b++) builder.link(port(`T${t}`), port(`A${a}`), tier1);
    }
  }
  if (tierCount === 3) {
    const tier2 = { bandwidth: rate(2), delayPs: delay(2) };
    for (let a = 0; a < aggs; a++) {
      for (let l = 0; l < up[1]! / bundle[2]!; l++) {
        const core = (a % aggsPerPod) + aggsPerPod * l;
        for (let b = 0; b < bundle[2]!; b++) builder.link(port(`A${a}`), port(`C${core}`), tier2);
      }
    }
  }
  return { ...builder.build(), routing: { kind: "shortest-path" } };
}

/**
 * Registry entry (topologies.ts): `topology: { kind: "htsim-fat-tree", text }`, the text of
 * an htsim `.topo` file; a scenario file may name the file instead (`file: leaf_spine.topo`),
 * which losslab's CLI reads into `text`. Queue sizes and switch latencies are dropped
 * (docs/formats.md).
 */
export const htsimFatTreeDefinition = defineTopology({
  kind: "htsim-fat-tree",
  description:
    "an htsim fat tree / leaf-spine .topo file (uet-htsim sim/datacenter/topologies): tiers, radixes, speeds, latencies; the n-th host is htsim's host n",
  parameters: {
    text: {
      type: "text",
      description: "the file's text (in a scenario file, `file: fabric.topo` instead: the CLI reads it)",
    },
  },
  create: ({ text }) => parseHtsimFatTree(text, "topology.text").topology,
  check: ({ text }) => {
    parseHtsimFatTree(text, "topology.text");
  },
  size: ({ text }) => sizeOf(parseHtsimFatTree(text, "topology.text").topology),
  describe: ({ text }) => {
    const { topology, routing } = parseHtsimFatTree(text, "topology.text");
    const hosts = topology.nodes.filter((node) => node.kind === "host").length;
    return `htsim fat tree, ${hosts} hosts and ${topology.nodes.length - hosts} switches, ${routing} routing`;
  },
  hostCount: "the file's Nodes",
});
