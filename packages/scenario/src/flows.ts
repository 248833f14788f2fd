import { PS_PER_US, us } from "@losslab/engine";
import { type GeneratorSpec, staggered } from "@losslab/traffic";
import { formatList } from "./format-list.js";
import { ScenarioError } from "./scenario-error.js";
import type { FlowInput } from "./scenario-fields.js";
import type { Scenario } from "./schema.js";

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
  /** Acknowledged (reliable transport), or answered with CN packets (unreliable, RDMA READ responses), turner-2001 sec. 3. */
  reliable: boolean;
  /** RDMA READ responses: the destination's read request starts the flow. */
  rdmaRead: boolean;
  /** Virtual lane of its packets. */
  vl: number;
}

/** Expands the scenario's flow pattern or list into flows with their window and rate limits. */
export function resolveFlows(scenario: Scenario, hostIds: ReadonlySet<string>): ResolvedFlow[] {
  const list = Array.isArray(scenario.flows) ? scenario.flows : santosFlows(scenario);
  const groups = new Set([...list.map((flow) => flow.group), ...generatorGroups(scenario)]);
  for (const name of Object.keys(scenario.limits.groups)) {
    if (!groups.has(name)) {
      throw new ScenarioError(`limits.groups.${name}: no flow is in group "${name}"; groups are ${formatList(groups)}`);
    }
  }
  return list.map((flow, id) => {
    for (const end of ["source", "destination"] as const) {
      if (!hostIds.has(flow[end])) {
        throw new ScenarioError(`flows[${id}].${end}: unknown host "${flow[end]}"; hosts are ${formatList(hostIds)}`);
      }
    }
    if (flow.source === flow.destination)
      throw new ScenarioError(`flows[${id}]: source and destination are both "${flow.source}"`);
    if (flow.rdmaRead && flow.reliable !== undefined) {
      throw new ScenarioError(
        `flows[${id}].reliable: an RDMA READ's responses are never acknowledged (turner-2001 sec. 3); leave out reliable`,
      );
    }
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
      reliable: !flow.rdmaRead && (flow.reliable ?? true),
      rdmaRead: flow.rdmaRead,
      vl: flow.vl,
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
  const { local, remote } = santosStaticCounts(scenario);
  const ordered = [
    ...Array.from({ length: local }, (_, i) => ({ source: `B${i + 1}`, destination: "BC", group: "local" })),
    ...Array.from({ length: remote }, (_, i) => ({ source: `A${i + 1}`, destination: "BC", group: "remote" })),
  ];
  const flows: FlowInput[] = staggered(ordered, { interval: us(pattern.staggerUs) }).map((flow) => ({
    ...flow,
    startUs: flow.start / PS_PER_US,
    stopUs: undefined,
    reliable: true,
    rdmaRead: false,
    vl: 0,
  }));
  if (topology.victim) {
    const [start, stop] = pattern.victimMs ?? [0, undefined];
    flows.push({
      source: "AV",
      destination: "BV",
      group: "victim",
      startUs: start * 1000,
      stopUs: stop === undefined ? undefined : stop * 1000,
      reliable: true,
      rdmaRead: false,
      vl: 0,
    });
  }
  return flows;
}

/** How many local and remote sources of the santos pattern send all the time. */
function santosStaticCounts(scenario: Scenario): { local: number; remote: number } {
  const topology = scenario.topology;
  if (Array.isArray(scenario.flows) || topology.kind !== "two-switch") return { local: 0, remote: 0 };
  const dynamic = scenario.flows.dynamic ?? { local: 0, remote: 0 };
  for (const side of ["local", "remote"] as const) {
    if (dynamic[side] > topology[side]) {
      throw new ScenarioError(
        `flows.dynamic.${side}: ${dynamic[side]} dynamic sources but topology.${side} is only ${topology[side]}`,
      );
    }
  }
  return { local: topology.local - dynamic.local, remote: topology.remote - dynamic.remote };
}

/**
 * The generators of a scenario: its `traffic` list, plus for the santos pattern's dynamic
 * sources one ON/OFF generator (santos-2002 sec. 6.3.2): a pair per dynamic source, to BC,
 * equal mean ON and OFF periods.
 */
export function scenarioGenerators(scenario: Scenario): GeneratorSpec[] {
  const specs = scenario.traffic as unknown as GeneratorSpec[];
  const topology = scenario.topology;
  if (Array.isArray(scenario.flows) || topology.kind !== "two-switch" || scenario.flows.dynamic === undefined) {
    return specs;
  }
  const dynamic = scenario.flows.dynamic;
  const { local, remote } = santosStaticCounts(scenario);
  const pairs = [
    ...Array.from({ length: dynamic.local }, (_, i) => ({
      source: `B${local + i + 1}`,
      destination: "BC",
      group: "local-dynamic",
    })),
    ...Array.from({ length: dynamic.remote }, (_, i) => ({
      source: `A${remote + i + 1}`,
      destination: "BC",
      group: "remote-dynamic",
    })),
  ];
  if (pairs.length === 0) return specs;
  return [...specs, { kind: "on-off", name: "santos-dynamic", pairs, meanOnUs: dynamic.meanOnMs * 1000 }];
}

/** Every `group` named anywhere in the scenario's generators (for the limits check). */
function generatorGroups(scenario: Scenario): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "group" && typeof inner === "string") found.push(inner);
        else walk(inner);
      }
    }
  };
  walk(scenarioGenerators(scenario));
  return found;
}
