import { type MarkingPolicyFactory, PacketFactory } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { ns, us } from "@losslab/engine";
import { buildFabric, type Fabric, type HostSpec, type SwitchSpec } from "@losslab/fabric";
import type { Routes, Topology } from "@losslab/topology";
import { inputBufferBytesOf } from "./derived-values.js";
import type { Scenario } from "./schema.js";

/**
 * The scenario's fabric (@losslab/fabric's `buildFabric`): its switch organisation and
 * buffers on every switch, with the marking policy except on non-compliant ones (turner-2001
 * sec. 6.1), and its adapter options on every host.
 */
export function scenarioFabric(
  engine: Engine,
  topology: Topology,
  routes: Routes,
  scenario: Scenario,
  marking?: MarkingPolicyFactory,
): Fabric {
  const packets = new PacketFactory();
  const vls = scenario.switch.kind === "input-buffered" ? scenario.switch.vls : 1;
  const vlWeights = scenario.switch.kind === "input-buffered" ? scenario.switch.vlWeights : undefined;
  const flowControl = scenario.switch.flowControl;
  // Hosts honour PAUSE with the reaction delay the switches assume of them (their headroom rule).
  const pauseReaction =
    flowControl.kind === "pause" && flowControl.reactionDelayNs !== undefined
      ? ns(flowControl.reactionDelayNs)
      : undefined;
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
  const hostOptions: HostSpec = {
    ackBytes: scenario.packets.ackBytes,
    creditBytes: scenario.switch.creditBytes,
    // Every host has the VLs of the switches (one, unless input-buffered switches have more) and their arbitration.
    ...(vls === 1 ? {} : { vls }),
    ...(vlWeights === undefined ? {} : { vlWeights }),
    acks: scenario.adapter.acks,
    pacing: scenario.adapter.pacing,
    ackCoalescing: scenario.adapter.ackCoalescing,
    ...(coalescingTimeout === undefined ? {} : { ackCoalescingTimeout: us(coalescingTimeout) }),
    ...reporting,
    ...(pauseReaction === undefined ? {} : { pauseReactionDelay: pauseReaction }),
  };
  const common = switchOptions(scenario);
  const marked: SwitchSpec = {
    organisation: scenario.switch.kind,
    options: marking === undefined ? common : { ...common, marking },
  };
  const unmarked: SwitchSpec = { organisation: scenario.switch.kind, options: common };
  return buildFabric(engine, topology, routes, {
    packets,
    switches: (node) => (nonCompliant.switches.includes(node.id) ? unmarked : marked),
    hosts: (node) => ({ ...hostOptions, compliant: !nonCompliant.hosts.includes(node.id) }),
    wireOverheadBytes: scenario.packets.wireOverheadBytes,
  });
}

/** The options every switch of a scenario shares: buffers, delays and the organisation's own. */
function switchOptions(scenario: Scenario): SwitchSpec["options"] {
  const config = scenario.switch;
  const blockBytes = config.creditBytes;
  const inputBufferBytes = inputBufferBytesOf(scenario);
  const flow = config.flowControl;
  const common = {
    inputBufferBytes,
    maxPacketBytes: scenario.packets.dataBytes,
    creditBytes: blockBytes,
    forwardingDelay: ns(config.forwardingDelayNs),
    ...(flow.kind === "credits"
      ? {}
      : {
          flowControl: {
            kind: "pause" as const,
            xoffBytes: flow.xoffBytes,
            xonBytes: flow.xonBytes,
            ...(flow.reactionDelayNs === undefined ? {} : { reactionDelay: ns(flow.reactionDelayNs) }),
            ...(flow.pauseFrameBytes === undefined ? {} : { pauseFrameBytes: flow.pauseFrameBytes }),
          },
        }),
  };
  switch (config.kind) {
    case "input-buffered":
      return {
        ...common,
        maxBypass: config.maxBypass,
        outputOrder: config.outputOrder,
        ...(config.vls === 1 ? {} : { vls: config.vls }),
        ...(config.vlWeights === undefined ? {} : { vlWeights: config.vlWeights }),
      };
    case "fifo":
      return common;
    case "voq":
      return { ...common, islipIterations: config.islipIterations };
    case "cioq":
      return {
        ...common,
        speedup: config.speedup,
        outputBufferBytes: config.outputBufferBytes ?? inputBufferBytes,
        inputQueues: config.inputQueues,
        ...(config.inputQueues === "voq" ? { islipIterations: config.islipIterations } : {}),
      };
  }
}
