import { type Packet, PacketStore, type ReleasedPackets } from "@losslab/core";
import { Engine, ms, type Time } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import type { CountedMarkingFactory } from "@losslab/marking";
import { buildRoutes, type Routes, type Topology } from "@losslab/topology";
import { checkFits } from "./check-fits.js";
import { degradedLinks } from "./degraded-links.js";
import { type Deliveries, meterDeliveries } from "./delivery-meters.js";
import { checkDeviceNames } from "./device-names.js";
import { resolveFlows } from "./flows.js";
import { LinkFailures } from "./link-failures.js";
import { markingContext } from "./marking-context.js";
import { measureInterval } from "./measure-interval.js";
import { asFieldError } from "./model-error.js";
import type { ResponseCounts } from "./response-counts.js";
import { controllerFactories } from "./scenario-controllers.js";
import { asScenarioError } from "./scenario-error.js";
import { scenarioFabric } from "./scenario-fabric.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import { ScenarioMeters } from "./scenario-meters.js";
import { scenarioTopology } from "./scenario-topology.js";
import { startTraffic } from "./scenario-traffic.js";
import type { Scenario } from "./schema.js";
import { type SubnetManager, subnetManagerOf } from "./subnet-manager.js";

/** A scenario built and ready to run: its engine, fabric and models, its traffic scheduled, its meters attached. */
export interface Simulation {
  readonly scenario: Scenario;
  readonly engine: Engine;
  readonly topology: Topology;
  readonly routes: Routes;
  readonly fabric: Fabric;
  /** The marking policy's factory: its policies' counts, per switch. */
  readonly marking: CountedMarkingFactory;
  /** The subnet manager, with `subnetManager`. */
  readonly manager: SubnetManager | undefined;
  /** The controllers' responses per flow, with `metrics.responses`. */
  readonly responses: ReadonlyMap<string, ResponseCounts> | undefined;
  readonly meters: ScenarioMeters;
  /** Data packets delivered so far. */
  readonly deliveries: Deliveries;
  /** The measurement interval, [from, to) ms. */
  readonly measure: readonly [number, number];
  /** When the run ends (`durationMs`). */
  readonly end: Time;
  /** The scenario's link failures, scheduled. */
  readonly failures: LinkFailures;
}

/**
 * Builds the simulation a scenario describes: the engine and its seed, the topology and its
 * routes, the marking policy (given what it uses of the run, `markingContext`), the fabric,
 * the flows, controllers and subnet manager, the meters, then the traffic. First refuses what
 * would not fit in memory (checkFits); a model that still refuses a part of the scenario
 * while it is built is reported as a ScenarioError naming the field. Events are scheduled in
 * this order, so same scenario and seed, same run.
 */
export function buildSimulation(
  scenario: Scenario,
  kinds: ScenarioKinds,
  releasedPackets: ReleasedPackets = "reuse",
  /** Where new packets' ids come from instead of one counter: a part of a split run's (`PacketStore`). */
  packetIds?: (packet: Packet) => number,
): Simulation {
  // parseScenario checks this too; runScenario also accepts scenarios built in code.
  const measure = measureInterval(scenario);
  checkFits(scenario, kinds);
  return asFieldError("switch", () => {
    const engine = new Engine({ seed: scenario.seed });
    const topology = asScenarioError("topology", () => scenarioTopology(scenario, kinds));
    const routes = buildRoutes(topology);
    const degraded = degradedLinks(scenario, topology);
    const notifies = asScenarioError("marking", () => kinds.marking.definitionOf(scenario.marking)).notifies === true;
    const marking = asScenarioError("marking", () =>
      kinds.marking.create(scenario.marking, markingContext(engine, scenario, topology, routes, degraded)),
    );
    checkDeviceNames(scenario, topology);
    const packets = new PacketStore({
      released: releasedPackets,
      ...(packetIds === undefined ? {} : { ids: packetIds }),
    });
    const fabric = scenarioFabric(engine, topology, routes, scenario, kinds, packets, marking, degraded);
    const flows = resolveFlows(scenario, new Set(fabric.hosts.keys()));
    const responses = scenario.metrics.responses ? new Map<string, ResponseCounts>() : undefined;
    const controllers = controllerFactories(scenario, kinds, responses, routes);
    const manager = subnetManagerOf(engine, scenario, fabric, routes);
    const meters = new ScenarioMeters(
      engine,
      scenario,
      kinds,
      fabric,
      routes,
      measure,
      flows.map((flow) => flow.id),
      notifies,
    );
    const sink = startTraffic(engine, scenario, kinds, fabric, routes, {
      flows,
      controllers,
      // A forgotten queue would miss a notification a switch or the manager sends its source.
      forgetIdleQueues: manager === undefined && !notifies,
      onFlow: (id, group, source, state) => {
        manager?.flowAdded(id, source, state);
        meters.flows.flowAdded(id, group);
      },
      onComplete: meters.flows.flowCompleted,
      onCollective: (record) => meters.collectives.add(record.name, record),
    });
    const deliveries = meterDeliveries(scenario, fabric, routes, meters, sink);
    const failures = new LinkFailures(engine, scenario, fabric, routes);
    return {
      scenario,
      engine,
      topology,
      routes,
      fabric,
      marking,
      manager,
      responses,
      meters,
      deliveries,
      measure,
      end: ms(scenario.durationMs),
      failures,
    };
  });
}
