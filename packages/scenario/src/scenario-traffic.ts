import { type Engine, ms, us } from "@losslab/engine";
import { AdapterSink, type AdapterSinkOptions, type Fabric } from "@losslab/fabric";
import type { Routes } from "@losslab/topology";
import { createGenerator, type GeneratorContext, startGenerators } from "@losslab/traffic";
import { type ResolvedFlow, scenarioGenerators } from "./flows.js";
import { groupLimits } from "./group-limits.js";
import type { Controllers } from "./scenario-controllers.js";
import { asScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";

/** How the traffic meets the rest of the run: its controllers, and who hears of its flows. */
export interface TrafficWiring {
  /** The scenario's own flows, resolved (`resolveFlows`). */
  readonly flows: readonly ResolvedFlow[];
  readonly controllers: Controllers;
  /** Whether adapters may forget idle per-destination queues (`AdapterSinkOptions.forgetIdleQueues`). */
  readonly forgetIdleQueues: boolean;
  /** Hears of every flow the traffic starts (meters, the subnet manager). */
  readonly onFlow: NonNullable<AdapterSinkOptions["onFlow"]>;
  /** Hears of every flow of known size that completes. */
  readonly onComplete: NonNullable<AdapterSinkOptions["onComplete"]>;
  /** Hears of every collective that completes. */
  readonly onCollective: NonNullable<GeneratorContext["onCollective"]>;
}

/**
 * Puts the scenario's traffic on the adapters of `fabric` through one `AdapterSink`: its
 * own flows first, in order (flow ids 0, 1, ...; an RDMA READ's responses start when the
 * destination's request, sent at the flow's start, reaches the source), then its generators
 * (`traffic`), started for the run. Every flow gets its group's window and rate limits and
 * the scenario's controllers. The sink counts a delivery only when told
 * (`packetDelivered`), so the meters hear of each first.
 */
export function startTraffic(
  engine: Engine,
  scenario: Scenario,
  kinds: ScenarioKinds,
  fabric: Fabric,
  routes: Routes,
  wiring: TrafficWiring,
): AdapterSink {
  const bandwidth = scenario.topology.bandwidth;
  const { controllers } = wiring;
  const sink = new AdapterSink({
    engine,
    hosts: fabric.hosts,
    hostIndex: (id) => routes.nodeIndex(id),
    packetBytes: scenario.packets.dataBytes,
    payloadBytes: scenario.packets.dataBytes - scenario.packets.headerBytes,
    limitsOf: groupLimits(scenario),
    controllers: controllers.reliable,
    unreliableControllers: controllers.unreliable,
    nonCompliant: new Set(scenario.nonCompliant.hosts),
    lineRate: bandwidth,
    persistent: controllers.persistent,
    queues: scenario.adapter.queues,
    forgetIdleQueues: wiring.forgetIdleQueues,
    listen: false,
    onFlow: wiring.onFlow,
    onComplete: wiring.onComplete,
  });
  for (const flow of wiring.flows) {
    const id = sink.addFlow({
      source: flow.source,
      destination: flow.destination,
      group: flow.group,
      start: us(flow.startUs),
      ...(flow.stopUs === undefined ? {} : { stop: us(flow.stopUs) }),
      ...(flow.window === undefined ? {} : { window: flow.window }),
      ...(flow.rate === undefined ? {} : { rate: flow.rate * bandwidth }),
      vl: flow.vl,
      transport: flow.rdmaRead ? "read-response" : flow.reliable ? "reliable" : "unreliable",
    });
    if (id !== flow.id) throw new Error(`flow ${flow.id} was given id ${id}`);
    if (flow.rdmaRead) {
      const requester = fabric.hosts.get(flow.destination)!;
      const responder = routes.nodeIndex(flow.source);
      engine.at(us(flow.startUs), () => requester.requestRead(flow.id, responder, flow.vl));
    }
  }
  const generators = asScenarioError("traffic", () =>
    scenarioGenerators(scenario).map((spec, i) => createGenerator(spec, `traffic[${i}]`, kinds)),
  );
  asScenarioError("traffic", () =>
    startGenerators(generators, {
      engine,
      sink,
      hosts: [...fabric.hosts.keys()],
      linkBandwidth: () => bandwidth,
      endTime: ms(scenario.durationMs),
      onCollective: wiring.onCollective,
    }),
  );
  return sink;
}
