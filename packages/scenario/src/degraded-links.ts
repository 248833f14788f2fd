import { closestName } from "@losslab/core";
import { DEFAULT_TRIM_THRESHOLD_BYTES } from "@losslab/switch";
import type { Topology } from "@losslab/topology";
import { largestPacketBytesOf } from "./derived-values.js";
import { formatList } from "./format-list.js";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/**
 * The scenario's `degradedLinks` as @losslab/fabric's `buildFabric` takes them: each link
 * direction (`from->to`) with its share of the link's speed, the reverse direction too when
 * `bothDirections`. This is uet-htsim's `-failed N` (docs/spec/uec.md C14): the link keeps
 * working at `ratio` of its speed, the queue and ECN thresholds of the switch sending on it
 * scale by the same ratio (`dc/fat_tree_topology.cpp:1174-1177`, `1190-1191`), and routing is
 * not told (its ECMP still hashes flows onto it).
 *
 * Throws a ScenarioError naming the entry for a link the topology does not have, a direction
 * degraded twice, or a ratio that leaves a lossy priority's trim threshold below one packet
 * (every data packet would be trimmed there; uet-htsim aborts on it, `compositequeue.cpp:169-174`).
 */
export function degradedLinks(scenario: Scenario, topology: Topology): ReadonlyMap<string, number> {
  const ratios = new Map<string, number>();
  if (scenario.degradedLinks.length === 0) return ratios;
  const names: string[] = [];
  for (const { a, b } of topology.links) names.push(`${a.node}->${b.node}`, `${b.node}->${a.node}`);
  const known = new Set(names);
  const hosts = new Set(topology.nodes.filter((node) => node.kind === "host").map((node) => node.id));
  for (const [i, entry] of scenario.degradedLinks.entries()) {
    const field = `degradedLinks[${i}]`;
    if (!known.has(entry.link)) {
      const near = closestName(entry.link, names);
      throw new ScenarioError(
        `${field}.link: "${entry.link}" is not a link of the topology${near === undefined ? "" : ` (did you mean "${near}"?)`}; links are named from->to: ${formatList(names)}`,
      );
    }
    const [from, to] = entry.link.split("->") as [string, string];
    const directions = entry.bothDirections ? [entry.link, `${to}->${from}`] : [entry.link];
    for (const direction of directions) {
      if (ratios.has(direction)) {
        throw new ScenarioError(
          `${field}.link: "${direction}" is degraded by an earlier entry; list each direction once`,
        );
      }
      checkTrimThreshold(scenario, field, direction, entry.ratio, hosts);
      ratios.set(direction, entry.ratio);
    }
  }
  return ratios;
}

/** A degraded switch output must still queue one whole packet before it trims. */
function checkTrimThreshold(
  scenario: Scenario,
  field: string,
  direction: string,
  ratio: number,
  hosts: ReadonlySet<string>,
): void {
  const values = scenario.switch as unknown as { lossyPriorities?: readonly number[]; trimThresholdBytes?: number };
  if (hosts.has(direction.split("->")[0]!) || (values.lossyPriorities ?? []).length === 0) return;
  const threshold = values.trimThresholdBytes ?? DEFAULT_TRIM_THRESHOLD_BYTES;
  const scaled = Math.floor(threshold * ratio);
  const packet = largestPacketBytesOf(scenario, false);
  if (scaled < packet) {
    throw new ScenarioError(
      `${field}.ratio: ${ratio} leaves "${direction}" a trim threshold of ${scaled} B (switch.trimThresholdBytes ${threshold} x ${ratio}), less than one ${packet} B packet: every data packet would be trimmed there; give a ratio of at least ${Math.ceil((packet / threshold) * 1000) / 1000}`,
    );
  }
}
