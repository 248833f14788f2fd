import type { MarkingPolicyFactory, PacketFactory } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { ns, us } from "@losslab/engine";
import { buildFabric, type Fabric, type HostSpec, type SwitchSpec } from "@losslab/fabric";
import type { FlowControl } from "@losslab/switch";
import type { Routes, Topology } from "@losslab/topology";
import { inputBufferBytesOf, largestPacketBytesOf } from "./derived-values.js";
import { asScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";
import { switchLanes } from "./switch-lanes.js";

/**
 * The scenario's fabric (@losslab/fabric's `buildFabric`): its switch organisation and
 * buffers on every switch, with the marking policy except on non-compliant ones (turner-2001
 * sec. 6.1), and its adapter options on every host. When the controller kind needs feedback
 * beyond marks (its `feedback` trait), the adapters measure RTTs ("rtt", TIMELY) or the
 * switches push INT records and the adapters ask for them ("telemetry", HPCC).
 */
export function scenarioFabric(
  engine: Engine,
  topology: Topology,
  routes: Routes,
  scenario: Scenario,
  kinds: ScenarioKinds,
  packets: PacketFactory,
  marking?: MarkingPolicyFactory,
): Fabric {
  const vls = switchLanes(scenario, kinds);
  const vlWeights = "vlWeights" in scenario.switch ? scenario.switch.vlWeights : undefined;
  const vlScheduling = "vlScheduling" in scenario.switch ? scenario.switch.vlScheduling : undefined;
  // Hosts know no packet size of their own: their DWRR quanta default as the switches' (packets.dataBytes).
  const vlQuantaBytes =
    vlScheduling === "dwrr"
      ? ((scenario.switch as { vlQuantaBytes?: number[] }).vlQuantaBytes ??
        new Array<number>(vls).fill(scenario.packets.dataBytes))
      : undefined;
  const controlVl = scenario.adapter.controlVl;
  const flowControl = kinds.flowControl.create(scenario.switch.flowControl, undefined, "switch.flowControl");
  // Hosts honour PAUSE with the reaction delay the switches assume of them (their headroom rule).
  const pauseReaction =
    flowControl.kind === "pause" && flowControl.reactionDelay !== undefined ? flowControl.reactionDelay : undefined;
  const nonCompliant = scenario.nonCompliant;
  // turner-2001 sec. 6.2: destinations report marked packets of non-compliant sources to the manager.
  const manager = scenario.subnetManager;
  const reporting =
    manager === undefined
      ? {}
      : {
          managerHost: routes.nodeIndex(manager.host),
          nonCompliantSources: nonCompliant.hosts.map((id) => routes.nodeIndex(id)),
        };
  const coalescingTimeout = scenario.adapter.ackCoalescingTimeoutUs;
  const cnpInterval = scenario.adapter.cnpIntervalUs;
  const feedback = asScenarioError("controller", () => kinds.controller.definitionOf(scenario.controller)).feedback;
  const hostOptions: HostSpec = {
    ackBytes: scenario.packets.ackBytes,
    creditBytes: scenario.switch.creditBytes,
    // Every host has the VLs of the switches (switch.vls of any organisation) and their arbitration.
    ...(vls === 1 ? {} : { vls, vlScheduling }),
    ...(vlWeights === undefined ? {} : { vlWeights }),
    ...(vlQuantaBytes === undefined || vls === 1 ? {} : { vlQuantaBytes }),
    ...(controlVl === undefined ? {} : { controlVl }),
    acks: scenario.adapter.acks,
    pacing: scenario.adapter.pacing,
    ackCoalescing: scenario.adapter.ackCoalescing,
    ...(coalescingTimeout === undefined ? {} : { ackCoalescingTimeout: us(coalescingTimeout) }),
    ...(cnpInterval === undefined ? {} : { cnpInterval: us(cnpInterval) }),
    ...reporting,
    ...(pauseReaction === undefined ? {} : { pauseReactionDelay: pauseReaction }),
    ...(feedback === "rtt" ? { rttSamples: true } : {}),
    ...(feedback === "telemetry" ? { telemetry: true } : {}),
  };
  const notifies = asScenarioError("marking", () => kinds.marking.definitionOf(scenario.marking)).notifies === true;
  const own = switchOptions(scenario, flowControl, notifies);
  const common = feedback === "telemetry" ? { ...own, telemetry: true } : own;
  const organisations = kinds.switch;
  const marked: SwitchSpec = {
    organisation: scenario.switch.kind,
    organisations,
    options: marking === undefined ? common : { ...common, marking },
  };
  const unmarked: SwitchSpec = { organisation: scenario.switch.kind, organisations, options: common };
  return buildFabric(engine, topology, routes, {
    packets,
    switches: (node) => (nonCompliant.switches.includes(node.id) ? unmarked : marked),
    hosts: (node) => ({ ...hostOptions, compliant: !nonCompliant.hosts.includes(node.id) }),
    wireOverheadBytes: scenario.packets.wireOverheadBytes,
  });
}

/**
 * The options every switch of a scenario shares: buffers, delays, its flow control (`flow`,
 * built by the registry), the largest packet (with notifications when the marking policy
 * `notifies`) and the organisation's own parameters, as the scenario gives them.
 */
function switchOptions(scenario: Scenario, flow: FlowControl, notifies: boolean): SwitchSpec["options"] {
  const {
    kind: _,
    flowControl: ____,
    bufferPackets: __,
    inputBufferBytes: ___,
    forwardingDelayNs,
    creditBytes,
    ...own
  } = scenario.switch;
  return {
    inputBufferBytes: inputBufferBytesOf(scenario),
    maxPacketBytes: largestPacketBytesOf(scenario, notifies),
    creditBytes,
    forwardingDelay: ns(forwardingDelayNs),
    ...(flow.kind === "credits" ? {} : { flowControl: flow }),
    ...own,
  };
}
