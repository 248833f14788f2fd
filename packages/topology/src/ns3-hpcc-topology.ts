/**
 * The HPCC artifact's ns-3 topology file (simulation/mix/topology.txt, read by
 * simulation/scratch/third.cc) as a losslab fabric, and the `ns3-hpcc` topology kind that
 * names one. The file is a stream of whitespace-separated words, as ns-3 reads it:
 *
 *     <nodes> <switches> <links>
 *     <switch id> ... (one per switch)
 *     <src> <dst> <rate> <delay> <error rate>   (one per link; rate "100Gbps", delay "0.001ms")
 *
 * Nodes are numbered 0..nodes-1; the ones not listed as switches are hosts. A host becomes
 * `H<id>` and a switch `S<id>`, so the flow file's node ids name the same hosts; each node's
 * ports are its links in file order. Routing is losslab's shortest path, which takes the
 * lowest-numbered of equal next hops where third.cc's CalculateRoutes hashes flows over all of
 * them (ECMP): the same on a single switch or a tree, fewer paths in a multipath fabric.
 */
import { KindError, tokenLines, WordReader } from "@losslab/kinds";
import { ns3DataRate, ns3Time } from "./ns3-units.js";
import { sizeOf } from "./size-of.js";
import type { Topology, TopologyLink, TopologyNode } from "./topology.js";
import { defineTopology } from "./topology-definition.js";
import { TopologyError } from "./topology-error.js";
import { topologyFromJSON } from "./topology-from-json.js";

/** A parsed ns-3 topology file: the fabric, and what it has that losslab does not model. */
export interface Ns3Topology {
  /** Hosts `H<id>`, switches `S<id>`, links with their own bandwidth (B/s) and delay (ps). */
  readonly topology: Topology;
  /** The ns-3 node id of each host, in id order. */
  readonly hostIds: readonly number[];
  /** Links with a packet error rate above 0 (dropped: a lossless fabric loses nothing), by line. */
  readonly lossyLinks: ReadonlyArray<{ readonly line: number; readonly errorRate: number }>;
  /**
   * The first line after the counted links that still has words, if any: ns-3 never reads
   * them (the artifact's own topology.txt announces 65 links and has 262 link lines).
   */
  readonly ignoredFrom?: number;
}

/** At most this many nodes: more than any fabric losslab can build, and it bounds the work here. */
const MAX_NODES = 10_000_000;

/**
 * Parses an ns-3 topology file (see the module comment). Errors are `KindError`s naming
 * `origin`, the line and the field: `topology.txt line 7, field rate: must be an ns-3 data
 * rate such as 100Gbps, got "100Gbs"`. Words after the counted links are ignored, as ns-3
 * ignores them (`ignoredFrom`).
 *
 * @example
 * parseNs3Topology("3 1 2\n0\n0 1 100Gbps 0.001ms 0\n0 2 100Gbps 0.001ms 0\n").topology.nodes[1];
 * // { id: "H1", kind: "host", ports: 1 }
 */
export function parseNs3Topology(text: string, origin = "topology.txt"): Ns3Topology {
  const reader = new WordReader(tokenLines(text), origin);
  const nodeCount = reader.integer("node count", 1, MAX_NODES).value;
  const switchCount = reader.integer("switch count", 0, nodeCount).value;
  const linkCount = reader.integer("link count", 0, MAX_NODES).value;
  const isSwitch = new Array<boolean>(nodeCount).fill(false);
  for (let i = 0; i < switchCount; i++) {
    const { value, line } = reader.integer(`switch id ${i + 1} of ${switchCount}`, 0, nodeCount - 1);
    if (isSwitch[value])
      throw reader.bad(line, `switch id ${i + 1} of ${switchCount}`, "a node not listed yet", String(value));
    isSwitch[value] = true;
  }
  const name = (id: number) => (isSwitch[id] ? `S${id}` : `H${id}`);
  const ports = new Array<number>(nodeCount).fill(0);
  const links: TopologyLink[] = [];
  const lossyLinks: Array<{ line: number; errorRate: number }> = [];
  for (let i = 0; i < linkCount; i++) {
    const src = reader.integer("src", 0, nodeCount - 1);
    const dst = reader.integer("dst", 0, nodeCount - 1);
    if (dst.value === src.value)
      throw reader.bad(dst.line, "dst", `a node other than src ${src.value}`, String(dst.value));
    const rate = reader.word("rate");
    const bandwidth = ns3DataRate(rate.text);
    if (bandwidth === undefined || !(bandwidth > 0)) {
      throw reader.bad(rate.line, "rate", "an ns-3 data rate such as 100Gbps or 25Gb/s", rate.text);
    }
    const delay = reader.word("delay");
    const delayPs = ns3Time(delay.text);
    if (delayPs === undefined)
      throw reader.bad(delay.line, "delay", "an ns-3 time such as 0.001ms or 1000ns", delay.text);
    const error = reader.word("error rate");
    const errorRate = Number(error.text);
    if (error.text.trim() === "" || !(errorRate >= 0 && errorRate <= 1)) {
      throw reader.bad(error.line, "error rate", "a packet error rate from 0 to 1", error.text);
    }
    if (errorRate > 0) lossyLinks.push({ line: error.line, errorRate });
    for (const end of [src, dst]) {
      if (!isSwitch[end.value] && ports[end.value]! > 0) {
        throw new KindError(
          `${origin} line ${end.line}`,
          `${origin} line ${end.line}: host ${end.value} has a second link; a losslab host has one link (make node ${end.value} a switch, or give it one link)`,
        );
      }
    }
    links.push({
      a: { node: name(src.value), port: ports[src.value]!++ },
      b: { node: name(dst.value), port: ports[dst.value]!++ },
      bandwidth,
      delayPs,
    });
  }
  const nodes: TopologyNode[] = [];
  const hostIds: number[] = [];
  for (let id = 0; id < nodeCount; id++) {
    // A node without links keeps one port, so that the fabric's own check names it unconnected.
    nodes.push({ id: name(id), kind: isSwitch[id] ? "switch" : "host", ports: Math.max(1, ports[id]!) });
    if (!isSwitch[id]) hostIds.push(id);
  }
  const ignored = reader.rest()[0];
  const topology = { topology: { nodes, links }, hostIds, lossyLinks };
  return ignored === undefined ? topology : { ...topology, ignoredFrom: ignored.line };
}

/** The fabric of an `ns3-hpcc` topology's text, its errors naming the scenario field. */
function ns3Fabric(text: string): Topology {
  const { topology } = parseNs3Topology(text, "topology.text");
  try {
    return topologyFromJSON(topology);
  } catch (error) {
    if (error instanceof TopologyError) throw new KindError("topology.text", `topology.text: ${error.message}`);
    throw error;
  }
}

/**
 * Registry entry (topologies.ts): `topology: { kind: "ns3-hpcc", text }`, the text of an HPCC
 * artifact topology file; a scenario file may name the file instead (`file: topology.txt`),
 * which losslab's CLI reads into `text`. Link error rates are dropped (docs/formats.md).
 */
export const ns3HpccDefinition = defineTopology({
  kind: "ns3-hpcc",
  description:
    "the HPCC artifact's ns-3 topology file (mix/topology.txt): hosts H<id>, switches S<id>, each link's rate and delay; shortest-path routing",
  parameters: {
    text: {
      type: "text",
      description: "the file's text (in a scenario file, `file: topology.txt` instead: the CLI reads it)",
    },
  },
  create: ({ text }) => ns3Fabric(text),
  check: ({ text }) => {
    ns3Fabric(text);
  },
  size: ({ text }) => sizeOf(parseNs3Topology(text, "topology.text").topology),
  describe: ({ text }) => {
    const { topology, hostIds } = parseNs3Topology(text, "topology.text");
    return `ns-3 HPCC topology, ${hostIds.length} hosts and ${topology.nodes.length - hostIds.length} switches`;
  },
  hostCount: "the file's hosts",
});
