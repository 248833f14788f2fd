import { PS_PER_US, us } from "@losslab/engine";
import { staggered } from "@losslab/traffic";
import { ScenarioError } from "./scenario-error.js";
import type { FlowInput, Scenario } from "./schema.js";

/** A flow with every limit resolved. Times in us. */
export interface ResolvedFlow {
  id: number;
  source: string;
  destination: string;
  group: string;
  startUs: number;
  stopUs: number | undefined;
  window: number | undefined;
  /** Fraction of the link bandwidth. */
  rate: number | undefined;
}

/** Expands the scenario's flow pattern or list into flows with their window and rate limits. */
export function resolveFlows(scenario: Scenario, hostIds: ReadonlySet<string>): ResolvedFlow[] {
  const list = Array.isArray(scenario.flows) ? scenario.flows : santosFlows(scenario);
  const groups = new Set(list.map((flow) => flow.group));
  for (const name of Object.keys(scenario.limits.groups)) {
    if (!groups.has(name)) {
      throw new ScenarioError(
        `limits.groups.${name}: no flow is in group "${name}"; groups are ${[...groups].join(", ")}`,
      );
    }
  }
  return list.map((flow, id) => {
    for (const end of ["source", "destination"] as const) {
      if (!hostIds.has(flow[end])) {
        throw new ScenarioError(
          `flows[${id}].${end}: unknown host "${flow[end]}"; hosts are ${[...hostIds].join(", ")}`,
        );
      }
    }
    if (flow.source === flow.destination)
      throw new ScenarioError(`flows[${id}]: source and destination are both "${flow.source}"`);
    const group = scenario.limits.groups[flow.group] ?? {};
    return {
      id,
      source: flow.source,
      destination: flow.destination,
      group: flow.group,
      startUs: flow.startUs,
      stopUs: flow.stopUs,
      window: flow.window ?? group.window ?? scenario.limits.window,
      rate: flow.rate ?? group.rate ?? scenario.limits.rate,
    };
  });
}

/**
 * Scenario S of santos-2002 sec. 3: local flows B1..BL and remote flows A1..AR to BC,
 * started one every `staggerUs`, local first; the victim AV -> BV in its own interval.
 */
function santosFlows(scenario: Scenario): FlowInput[] {
  const topology = scenario.topology;
  if (Array.isArray(scenario.flows) || topology.kind !== "two-switch") {
    throw new ScenarioError(`flows.pattern: "santos" needs topology.kind "two-switch", got "${topology.kind}"`);
  }
  const pattern = scenario.flows;
  const ordered = [
    ...Array.from({ length: topology.local }, (_, i) => ({
      source: `B${i + 1}`,
      destination: "BC",
      group: "local",
    })),
    ...Array.from({ length: topology.remote }, (_, i) => ({
      source: `A${i + 1}`,
      destination: "BC",
      group: "remote",
    })),
  ];
  const flows: FlowInput[] = staggered(ordered, { interval: us(pattern.staggerUs) }).map((flow) => ({
    ...flow,
    startUs: flow.start / PS_PER_US,
    stopUs: undefined,
  }));
  if (topology.victim) {
    const [start, stop] = pattern.victimMs ?? [0, undefined];
    flows.push({
      source: "AV",
      destination: "BV",
      group: "victim",
      startUs: start * 1000,
      stopUs: stop === undefined ? undefined : stop * 1000,
    });
  }
  return flows;
}
