import { scenarioTopology } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";

/** A rough size of a run, known before it starts (for warnings, not for planning to the second). */
export interface CostEstimate {
  /** Engine events: about 20 per data packet delivered (measured on the Santos presets: 19.5). */
  events: number;
  /** Wall time at ~5 million events per second (this project's 2-core reference machine). */
  seconds: number;
  /** Memory of the byte counters: 8 bytes per bin per meter. */
  counterBytes: number;
}

const EVENTS_PER_PACKET = 20;
const EVENTS_PER_SECOND = 5e6;

/**
 * Upper-bound estimate of a run's work: every destination link busy for the whole run
 * (explicit flows: their destinations; generators: every host). Good to a factor of ~2 on
 * the Santos presets, which is what a warning before a 3-hour run needs.
 */
export function estimateCost(scenario: Scenario): CostEstimate {
  const t = scenario.topology;
  const topology = scenarioTopology(scenario);
  const isHost = new Set(topology.nodes.filter((node) => node.kind === "host").map((node) => node.id));
  const hosts = isHost.size;
  let destinations: number;
  if (scenario.traffic.length > 0) destinations = hosts;
  else if (Array.isArray(scenario.flows)) destinations = new Set(scenario.flows.map((f) => f.destination)).size;
  else destinations = t.kind === "two-switch" && t.victim ? 2 : 1;
  const seconds = scenario.durationMs / 1000;
  const packets = (destinations * t.bandwidth * seconds) / scenario.packets.dataBytes;
  const events = packets * EVENTS_PER_PACKET;
  const bins = Math.ceil((scenario.durationMs * 1000) / scenario.metrics.binUs);
  const flows = Array.isArray(scenario.flows) ? scenario.flows.length : hosts;
  const linkMeters = scenario.metrics.linkMeters?.length ?? 2 * topology.links.length;
  const meters = linkMeters + 2 * flows;
  return { events, seconds: events / EVENTS_PER_SECOND, counterBytes: meters * bins * 8 };
}

/** Warnings worth showing before a run starts: a very long run, or counters eating memory. */
export function costWarnings(scenario: Scenario): string[] {
  const cost = estimateCost(scenario);
  const warnings: string[] = [];
  if (cost.seconds > 300) {
    warnings.push(
      `durationMs ${scenario.durationMs}: about ${(cost.events / 1e6).toFixed(0)} million events, roughly ${(cost.seconds / 60).toFixed(0)} minutes; shorten durationMs to try it first`,
    );
  }
  if (cost.counterBytes > 2 ** 31) {
    warnings.push(
      `metrics.binUs ${scenario.metrics.binUs}: the byte counters need about ${(cost.counterBytes / 2 ** 30).toFixed(1)} GiB; a larger binUs needs less`,
    );
  }
  return warnings;
}
