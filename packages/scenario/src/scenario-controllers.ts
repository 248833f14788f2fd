import type { ControllerContext, ControllerFactory } from "@losslab/response";
import type { Routes } from "@losslab/topology";
import { baseRoundTrip } from "./base-round-trip.js";
import { scenarioGenerators } from "./flows.js";
import { countingResponses, type ResponseCounts } from "./response-counts.js";
import { asScenarioError, ScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import { topologyNetwork } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";

/** The controller factories of reliable and unreliable flows (either undefined: no controller). */
export interface Controllers {
  reliable: ControllerFactory | undefined;
  unreliable: ControllerFactory | undefined;
  /** One controller per (source, destination) across consecutive flows (per-ack's `persistent`). */
  persistent: boolean;
}

/**
 * The scenario's controller kind (`kinds.controller`), built once for the run, one controller
 * per flow, counting its responses into `counts` if given. The kind says which flows it
 * controls; one that controls unreliable flows only refuses a scenario with reliable ones.
 * `routes` give the fabric's base round trip to kinds that read it (HPCC's T).
 */
export function controllerFactories(
  scenario: Scenario,
  kinds: ScenarioKinds,
  counts: Map<string, ResponseCounts> | undefined,
  routes?: Routes,
): Controllers {
  const spec = scenario.controller;
  const definition = asScenarioError("controller", () => kinds.controller.definitionOf(spec));
  // One factory per class of flow for the run: flows share its response function and rate table.
  const made = asScenarioError("controller", () =>
    kinds.controller.create(spec, controllerContext(scenario, kinds, routes)),
  );
  // Build one controller of each now so a bad parameter is reported as a scenario error before the run.
  for (const factory of new Set([made.reliable, made.unreliable])) {
    asScenarioError("controller", () =>
      factory?.({ lineRate: scenario.topology.bandwidth, packetSize: scenario.packets.dataBytes }),
    );
  }
  if (made.reliable === undefined && made.unreliable !== undefined) {
    refuseReliableFlows(scenario, spec.kind, definition.reliableFlows);
  }
  // Counting wraps every controller call: only when the scenario asks for it (`metrics.responses`).
  const counting = (factory: ControllerFactory | undefined) =>
    factory === undefined || counts === undefined ? factory : countingResponses(factory, counts);
  const reliable = counting(made.reliable);
  const unreliable = made.unreliable === made.reliable ? reliable : counting(made.unreliable);
  return { reliable, unreliable, persistent: made.persistent === true };
}

/**
 * What a controller kind gets from the scenario besides its fields: rates, sizes, the
 * fabric's k and n (its topology kind's `network`) and, with `routes`, its base round trip
 * (`baseRoundTrip`, computed when a kind reads it: one pass per destination host).
 */
function controllerContext(scenario: Scenario, kinds: ScenarioKinds, routes: Routes | undefined): ControllerContext {
  const t = scenario.topology;
  const network = topologyNetwork(t, kinds);
  const packets = scenario.packets;
  let baseRtt: number | undefined;
  return {
    lineRate: t.bandwidth,
    packetBytes: packets.dataBytes,
    ackBytes: packets.ackBytes,
    network: network === undefined ? { name: t.kind } : { name: t.kind, ...network },
    get baseRtt() {
      if (routes === undefined) return undefined;
      const overhead = packets.wireOverheadBytes;
      baseRtt ??= baseRoundTrip(routes, packets.dataBytes + overhead, packets.ackBytes + overhead);
      return baseRtt;
    },
  };
}

/** A controller of unreliable flows only, in a scenario with a reliable flow (or generated ones, all reliable). */
function refuseReliableFlows(scenario: Scenario, kind: string, instead: string | undefined): void {
  const reliable = Array.isArray(scenario.flows)
    ? scenario.flows.findIndex(
        (flow) => (flow.reliable ?? true) && !flow.rdmaRead && !scenario.nonCompliant.hosts.includes(flow.source),
      )
    : 0;
  if (reliable < 0 && scenarioGenerators(scenario).length === 0) return;
  const where = reliable >= 0 && Array.isArray(scenario.flows) ? `flows[${reliable}].reliable` : "flows";
  throw new ScenarioError(
    `${where}: controller "${kind}" controls unreliable flows only; give every flow \`reliable: false\` (generated and santos-pattern flows are reliable)${instead === undefined ? "" : `, or ${instead}`}`,
  );
}
