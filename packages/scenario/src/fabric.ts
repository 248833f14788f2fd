import { HostAdapter } from "@losslab/adapter";
import { type Device, type MarkingPolicyFactory, PacketFactory } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { ns, us } from "@losslab/engine";
import { createSwitch, Link, type SwitchModel, type SwitchModelOptions } from "@losslab/switch";
import type { Routes, Topology } from "@losslab/topology";
import { inputBufferBytesOf } from "./derived-values.js";
import type { Scenario } from "./schema.js";

/** The devices and links of a built topology, by node id and by `from->to` name. */
export interface Fabric {
  readonly packets: PacketFactory;
  readonly hosts: ReadonlyMap<string, HostAdapter>;
  readonly switches: ReadonlyMap<string, SwitchModel>;
  /** Both directions of every topology link, named `from->to`. */
  readonly links: ReadonlyMap<string, Link>;
}

/**
 * Instantiates one switch model per switch and one adapter per host, and wires two
 * unidirectional links per topology link, each output given the credits of the buffer
 * at its far end (DESIGN.md "The data flow").
 */
export function buildFabric(
  engine: Engine,
  topology: Topology,
  routes: Routes,
  scenario: Scenario,
  marking?: MarkingPolicyFactory,
): Fabric {
  const packets = new PacketFactory();
  const blockBytes = scenario.switch.creditBytes;
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
  const devices = new Map<string, Device>();
  const hosts = new Map<string, HostAdapter>();
  const switches = new Map<string, SwitchModel>();
  for (const node of topology.nodes) {
    const index = routes.nodeIndex(node.id);
    if (node.kind === "host") {
      const host = new HostAdapter(engine, {
        name: node.id,
        host: index,
        packets,
        ackBytes: scenario.packets.ackBytes,
        creditBytes: blockBytes,
        ports: node.ports,
        // Every host has the VLs of the switches (one, unless input-buffered switches have more) and their arbitration.
        ...(vls === 1 ? {} : { vls }),
        ...(vlWeights === undefined ? {} : { vlWeights }),
        acks: scenario.adapter.acks,
        pacing: scenario.adapter.pacing,
        ackCoalescing: scenario.adapter.ackCoalescing,
        ...(coalescingTimeout === undefined ? {} : { ackCoalescingTimeout: us(coalescingTimeout) }),
        compliant: !nonCompliant.hosts.includes(node.id),
        ...reporting,
        ...(pauseReaction === undefined ? {} : { pauseReactionDelay: pauseReaction }),
      });
      hosts.set(node.id, host);
      devices.set(node.id, host);
    } else {
      const table = Int32Array.from(routes.hostIndices, (host) => routes.outputPort(index, host));
      const device = createSwitch(engine, scenario.switch.kind, {
        ...switchOptions(scenario, packets),
        name: node.id,
        ports: node.ports,
        routes: table,
        // turner-2001 sec. 6.1: a non-compliant switch marks nothing.
        ...(marking === undefined || nonCompliant.switches.includes(node.id) ? {} : { marking }),
      });
      switches.set(node.id, device);
      devices.set(node.id, device);
    }
  }
  const links = new Map<string, Link>();
  for (const link of topology.links) {
    const a = devices.get(link.a.node)!;
    const b = devices.get(link.b.node)!;
    const back = link.delayBackPs ?? link.delayPs;
    const forward = new Link(engine, {
      name: `${a.name}->${b.name}`,
      from: a,
      fromPort: link.a.port,
      to: b,
      toPort: link.b.port,
      bandwidth: link.bandwidth,
      delay: link.delayPs,
      backDelay: back,
      overheadBytes: scenario.packets.wireOverheadBytes,
    });
    const backward = new Link(engine, {
      name: `${b.name}->${a.name}`,
      from: b,
      fromPort: link.b.port,
      to: a,
      toPort: link.a.port,
      bandwidth: link.bandwidth,
      delay: back,
      backDelay: link.delayPs,
      overheadBytes: scenario.packets.wireOverheadBytes,
    });
    a.connectOutput(link.a.port, forward, b.inputCredits(link.b.port));
    b.connectInput(link.b.port, forward);
    b.connectOutput(link.b.port, backward, a.inputCredits(link.a.port));
    a.connectInput(link.a.port, backward);
    links.set(forward.name, forward);
    links.set(backward.name, backward);
  }
  return { packets, hosts, switches, links };
}

/** The options every switch of a scenario shares: buffers, delays and the organisation's own. */
function switchOptions(
  scenario: Scenario,
  packets: PacketFactory,
): Omit<SwitchModelOptions, "name" | "ports" | "routes"> {
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
          packets,
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
