import type { Topology, TopologyLink } from "./topology.js";
import { TopologyError } from "./topology-error.js";

/**
 * A split of a topology's devices into parts that can run on different threads
 * (docs/spec/parallel.md sec. 6): which part holds each node, and the window the parts may
 * run ahead of each other, the shortest delay of a link between two parts.
 */
export interface Partition {
  /** How many parts; every one holds at least one node. */
  readonly parts: number;
  /** The part of each node, by its index in `topology.nodes`. */
  readonly partOf: readonly number[];
  /**
   * The shortest propagation delay, either direction, of a link whose ends are in different
   * parts, picoseconds: a frame sent across the cut at time t arrives at t + window or later,
   * so the parts may run windows of this length between exchanges. Undefined with one part.
   */
  readonly windowPs: number | undefined;
  /** The link that sets the window, `a<->b`; undefined with one part. */
  readonly windowLink: string | undefined;
  /** Links whose ends are in different parts. */
  readonly cutLinks: number;
  /** How the parts were chosen: the topology's groups (pods, groups, leaves) or a cut of the device graph. */
  readonly by: "pods" | "groups" | "leaves" | "graph";
}

/**
 * Splits `topology` into `parts` parts by its own structure where it has one: a fat tree by
 * pods (edge and aggregation switches with their hosts; the cores spread over the parts), a
 * Dragonfly by groups, a spine-leaf fabric by leaves with their hosts (the spines spread);
 * otherwise by a balanced cut of the device graph (switches in breadth-first order, cut
 * into runs of equal size). A host stays with the switch it is linked to, so the cut never
 * crosses a host's link. Pure and deterministic: the same topology and count, the same split.
 *
 * Throws a TopologyError when the topology has fewer units (pods, groups, leaves, switches)
 * than `parts` can be made of, or when a link between two parts has a zero delay in either
 * direction (a part would need the other's events of the same instant: no window is possible).
 */
export function partitionTopology(topology: Topology, parts: number): Partition {
  if (!(Number.isInteger(parts) && parts >= 1)) {
    throw new TopologyError(`partitionTopology: parts must be an integer >= 1, got ${String(parts)}`);
  }
  const nodes = topology.nodes;
  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const neighbours: number[][] = nodes.map(() => []);
  for (const link of topology.links) {
    const a = indexOf.get(link.a.node)!;
    const b = indexOf.get(link.b.node)!;
    neighbours[a]!.push(b);
    neighbours[b]!.push(a);
  }
  // A host goes with the first switch it is linked to; a switch, or a host linked to no switch, is its own anchor.
  const anchorOf = nodes.map((node, index) =>
    node.kind === "host" ? (neighbours[index]!.find((other) => nodes[other]!.kind === "switch") ?? index) : index,
  );
  const weightOf = new Array<number>(nodes.length).fill(0);
  for (const anchor of anchorOf) weightOf[anchor]!++;
  const structure = structureOf(topology);
  // A routing of the structure but no switch named by it (not the builder's wiring): cut the graph.
  const group = nodes.some((node) => node.kind === "switch" && structure !== undefined && structure.of(node.id) >= 0)
    ? structure
    : undefined;
  const anchorPart =
    group === undefined
      ? cutGraph(anchorOf, weightOf, neighbours, parts)
      : cutGroups(
          nodes.map((node) => group.of(node.id)),
          anchorOf,
          weightOf,
          parts,
          group.by,
        );
  const partOf = anchorOf.map((anchor) => anchorPart[anchor]!);
  let windowPs: number | undefined;
  let windowLink: string | undefined;
  let cutLinks = 0;
  for (const link of topology.links) {
    const a = indexOf.get(link.a.node)!;
    const b = indexOf.get(link.b.node)!;
    if (partOf[a] === partOf[b]) continue;
    cutLinks++;
    const delay = Math.min(link.delayPs, link.delayBackPs ?? link.delayPs);
    if (delay === 0) {
      throw new TopologyError(
        `the split into ${parts} parts cuts link ${linkName(link)} (part ${partOf[a]} to part ${partOf[b]}), whose delay is 0 ps: parts meet only through links with a delay, their lookahead; give that link a delay or use fewer threads`,
      );
    }
    if (windowPs === undefined || delay < windowPs) {
      windowPs = delay;
      windowLink = linkName(link);
    }
  }
  return { parts, partOf, windowPs, windowLink, cutLinks, by: group?.by ?? "graph" };
}

/** More parts asked for than the fabric's structure has units: `maxParts` is how many it has. */
export class PartsLimitError extends TopologyError {
  constructor(
    message: string,
    readonly maxParts: number,
  ) {
    super(message);
  }
}

const linkName = (link: TopologyLink) => `${link.a.node}<->${link.b.node}`;

interface Structure {
  readonly by: "pods" | "groups" | "leaves";
  /** The group of a switch (its pod, group or leaf), or -1 for a switch of no group (a core, a spine). */
  of(id: string): number;
}

/** The groups of a topology whose routing names its structure (the builders' switch names; `buildRoutes` checks them). */
function structureOf(topology: Topology): Structure | undefined {
  const numbered = (pattern: RegExp) => (id: string) => {
    const match = pattern.exec(id);
    return match === null ? -1 : Number(match[1]);
  };
  switch (topology.routing?.kind) {
    case "fat-tree":
      return { by: "pods", of: numbered(/^pod(\d+)-/) };
    case "dragonfly":
      return { by: "groups", of: numbered(/^D(\d+)\./) };
    case "spine-leaf":
      return { by: "leaves", of: numbered(/^L(\d+)$/) };
    default:
      return undefined;
  }
}

/**
 * Parts of the anchors by group: the groups, in order, cut into `parts` runs of about equal
 * weight; then each anchor of no group (cores, spines) to the lightest part, in order.
 */
function cutGroups(
  groupOf: readonly number[],
  anchorOf: readonly number[],
  weightOf: readonly number[],
  parts: number,
  by: string,
): number[] {
  const groupWeights: number[] = [];
  const loose: number[] = [];
  anchorOf.forEach((anchor, index) => {
    if (anchor !== index) return;
    const group = groupOf[index]!;
    if (group < 0) loose.push(index);
    else groupWeights[group] = (groupWeights[group] ?? 0) + weightOf[index]!;
  });
  const groups = groupWeights.length;
  if (groups < parts) {
    throw new PartsLimitError(
      `the fabric has ${groups} ${by}, so it splits into at most ${groups} parts, not ${parts}`,
      groups,
    );
  }
  const groupPart = cutRuns(groupWeights, parts);
  const partOf = new Array<number>(anchorOf.length).fill(-1);
  const load = new Array<number>(parts).fill(0);
  anchorOf.forEach((anchor, index) => {
    if (anchor === index && groupOf[index]! >= 0) {
      partOf[index] = groupPart[groupOf[index]!]!;
      load[partOf[index]!]! += weightOf[index]!;
    }
  });
  for (const index of loose) {
    const lightest = load.indexOf(Math.min(...load));
    partOf[index] = lightest;
    load[lightest]! += weightOf[index]!;
  }
  return partOf;
}

/** Parts of the anchors by a cut of the device graph: the anchors in breadth-first order, cut into runs of about equal weight. */
function cutGraph(
  anchorOf: readonly number[],
  weightOf: readonly number[],
  neighbours: readonly number[][],
  parts: number,
): number[] {
  const order: number[] = [];
  const seen = new Array<boolean>(anchorOf.length).fill(false);
  anchorOf.forEach((anchor, start) => {
    if (anchor !== start || seen[start]) return;
    seen[start] = true;
    // Breadth-first over anchors, from each component's first one: neighbours stay in nearby runs.
    for (let head = order.push(start) - 1; head < order.length; head++) {
      for (const next of neighbours[order[head]!]!) {
        const anchor = anchorOf[next]!;
        if (!seen[anchor]) {
          seen[anchor] = true;
          order.push(anchor);
        }
      }
    }
  });
  if (order.length < parts) {
    throw new PartsLimitError(
      `the fabric has ${order.length} switch${order.length === 1 ? "" : "es"} (hosts stay with their switch), so it splits into at most ${order.length} part${order.length === 1 ? "" : "s"}, not ${parts}`,
      order.length,
    );
  }
  const runPart = cutRuns(
    order.map((anchor) => weightOf[anchor]!),
    parts,
  );
  const partOf = new Array<number>(anchorOf.length).fill(-1);
  order.forEach((anchor, position) => {
    partOf[anchor] = runPart[position]!;
  });
  return partOf;
}

/**
 * Cuts a sequence of weights into `parts` consecutive non-empty runs of about equal total:
 * item i goes to the part its midpoint falls in, scaled to [0, parts), kept so that every
 * part gets one item at least (`weights.length >= parts`).
 */
function cutRuns(weights: readonly number[], parts: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const result: number[] = [];
  let before = 0;
  weights.forEach((weight, index) => {
    const byWeight = Math.floor(((before + weight / 2) / total) * parts);
    const previous = index === 0 ? 0 : result[index - 1]!;
    // Not behind the previous item, not more than one part ahead, and leaving one item per part still to fill.
    const lowest = Math.max(previous, parts - (weights.length - index));
    result.push(Math.min(Math.max(byWeight, lowest), previous + (index === 0 ? 0 : 1), parts - 1));
    before += weight;
  });
  return result;
}
