import { HostAdapter, type HostAdapterOptions } from "@losslab/adapter";
import { type Device, PacketStore } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { OptionError, type Registry } from "@losslab/kinds";
import {
  adaptiveEcmpRouter,
  createSwitch,
  dragonflyRouter,
  Link,
  type OutputQueueState,
  type PacketRouterFactory,
  type SwitchModel,
  type SwitchModelOptions,
  type SwitchOrganisation,
  type SwitchOrganisationDefinition,
} from "@losslab/switch";
import { dragonflyRouterName, type Routes, type Topology, type TopologyNode } from "@losslab/topology";

/** The devices and links of a built topology, by node id and by `from->to` name. */
export interface Fabric {
  /** Numbers every packet of the fabric (adapters, switches' PAUSE frames, your own). */
  readonly packets: PacketStore;
  readonly hosts: ReadonlyMap<string, HostAdapter>;
  readonly switches: ReadonlyMap<string, SwitchModel>;
  /** Both directions of every topology link, named `from->to`. */
  readonly links: ReadonlyMap<string, Link>;
}

/** A switch's model: its organisation and options; the fabric adds its name, ports and routes. */
export interface SwitchSpec {
  /** A kind of `organisations`: "input-buffered", "fifo", "voq", "cioq", or a plugin's. */
  readonly organisation: SwitchOrganisation | (string & {});
  /** The registry the organisation is from (default @losslab/switch's `switchOrganisations`). */
  readonly organisations?: Registry<SwitchOrganisationDefinition>;
  readonly options: Omit<SwitchModelOptions, "name" | "ports" | "routes" | "packets">;
}

/** A host adapter's options; the fabric adds its name, index, packet factory and ports. */
export type HostSpec = Omit<HostAdapterOptions, "name" | "host" | "packets" | "ports">;

export interface FabricOptions {
  /** The model of each switch node (the same spec for all, or one per node). */
  readonly switches: SwitchSpec | ((node: TopologyNode) => SwitchSpec);
  /** The adapter options of each host node (default: the adapter's defaults). */
  readonly hosts?: HostSpec | ((node: TopologyNode) => HostSpec);
  /** Bytes every frame costs on the wire beyond its size (Ethernet: 20 = preamble 8 + gap 12); default 0. */
  readonly wireOverheadBytes?: number;
  /** The simulation's packets (one store, shared by every device and link); default a new one. */
  readonly packets?: PacketStore;
  /**
   * Switch adaptive routing in ECMP groups (@losslab/switch's `adaptiveEcmpRouter`): every
   * switch with a group sends each packet to its member with the emptiest output queue, a
   * paused one last with `pauseAware`. Default: none (the flow hash, with the packet's
   * entropy when it has one). Not with a topology whose switches route per packet (Dragonfly).
   */
  readonly adaptiveRouting?: { readonly pauseAware: boolean };
  /**
   * Link directions (`from->to`) that run at a share of their link's bandwidth, with that
   * share (0..1): the link is built that slow, and a switch sending on it gets the output's
   * share as `degradedOutputs` (uet-htsim's `-failed`, docs/spec/uec.md C14). Default none.
   */
  readonly degradedLinks?: ReadonlyMap<string, number>;
}

/**
 * Instantiates one switch model per switch node (routes from `routes`) and one host adapter
 * per host node, and wires two unidirectional links per topology link with the link's
 * bandwidth and delays, each output given the credits of the buffer at its far end
 * (DESIGN.md "The data flow").
 *
 * When to use: to build a simulator from parts, without a scenario file.
 *
 * Gotchas: every switch, adapter and link gets the fabric's packet store (`Fabric.packets`):
 * what they pass each other are slots of it, and the frames a switch makes itself (PAUSE, a
 * marking policy's notifications) are created there, so packet ids stay unique.
 */
export function buildFabric(engine: Engine, topology: Topology, routes: Routes, options: FabricOptions): Fabric {
  const packets = options.packets ?? new PacketStore();
  const switchOf = typeof options.switches === "function" ? options.switches : () => options.switches as SwitchSpec;
  const hostSpec = options.hosts ?? {};
  const hostOf = typeof hostSpec === "function" ? hostSpec : () => hostSpec;
  const devices = new Map<string, Device>();
  /** Each node's engine device: its topology index + 1 (0 is the run itself, `Engine.device`). */
  const deviceOf = (node: string) => routes.nodeIndex(node) + 1;
  const hosts = new Map<string, HostAdapter>();
  const switches = new Map<string, SwitchModel>();
  const routerOf = perPacketRouting(engine, topology, packets, switches);
  if (routerOf !== undefined && options.adaptiveRouting !== undefined) {
    // The Dragonfly's own router (UGAL, Valiant) picks every hop; there is no ECMP group left to adapt within.
    throw new OptionError(
      "adaptiveRouting",
      'the dragonfly routes each packet itself (its topology.routing and lanes), so adaptive routing in ECMP groups would be ignored: leave adaptiveRouting "off" (on a Dragonfly, adaptive routing is topology.routing "ugal-l" or "ugal-g")',
    );
  }
  const degraded = options.degradedLinks ?? new Map<string, number>();
  const outputs = degradedOutputs(topology, degraded);
  const hostOutputs = outputsTowardHosts(topology);
  for (const node of topology.nodes) {
    const index = routes.nodeIndex(node.id);
    // Built as its own device, so that what it schedules at setup is ranked as its own events.
    engine.asDevice(deviceOf(node.id), () => buildNode(node, index));
  }
  function buildNode(node: TopologyNode, index: number): void {
    if (node.kind === "host") {
      const host = new HostAdapter(engine, { ...hostOf(node), name: node.id, host: index, packets, ports: node.ports });
      hosts.set(node.id, host);
      devices.set(node.id, host);
    } else {
      const spec = switchOf(node);
      const { ports: table, groups, salt } = routes.forwarding(index);
      const ecmp = groups.length === 0 ? {} : { ecmp: { groups, salt } };
      const adaptive = options.adaptiveRouting;
      const router =
        routerOf?.(node, spec.options.vls ?? 1) ??
        (adaptive === undefined || groups.length === 0
          ? undefined
          : adaptiveEcmpRouter({ packets, routes: table, groups, salt, pauseAware: adaptive.pauseAware }));
      const device = createSwitch(
        engine,
        spec.organisation,
        {
          ...spec.options,
          packets,
          name: node.id,
          ports: node.ports,
          routes: table,
          hostOutputs: hostOutputs.get(node.id) ?? [],
          ...ecmp,
          ...(router === undefined ? {} : { router }),
          ...(outputs.has(node.id) ? { degradedOutputs: outputs.get(node.id) } : {}),
        },
        spec.organisations,
      );
      switches.set(node.id, device);
      devices.set(node.id, device);
    }
  }
  const overheadBytes = options.wireOverheadBytes ?? 0;
  const links = new Map<string, Link>();
  for (const link of topology.links) {
    const a = devices.get(link.a.node)!;
    const b = devices.get(link.b.node)!;
    const back = link.delayBackPs ?? link.delayPs;
    const direction = (from: Device, fromPort: number, to: Device, toPort: number, delay: number, backDelay: number) =>
      new Link(engine, {
        name: `${from.name}->${to.name}`,
        from,
        fromPort,
        to,
        toPort,
        bandwidth: link.bandwidth * (degraded.get(`${from.name}->${to.name}`) ?? 1),
        packets,
        delay,
        backDelay,
        overheadBytes,
        fromDevice: deviceOf(from.name),
        toDevice: deviceOf(to.name),
      });
    const forward = direction(a, link.a.port, b, link.b.port, link.delayPs, back);
    const backward = direction(b, link.b.port, a, link.a.port, back, link.delayPs);
    a.connectOutput(link.a.port, forward, b.inputCredits(link.b.port));
    b.connectInput(link.b.port, forward);
    b.connectOutput(link.b.port, backward, a.inputCredits(link.a.port));
    a.connectInput(link.a.port, backward);
    links.set(forward.name, forward);
    links.set(backward.name, backward);
  }
  return { packets, hosts, switches, links };
}

/**
 * Per switch node, its outputs whose link direction is among `degraded` (`from->to` names),
 * with that direction's share of its speed: what a switch (`degradedOutputs`) and a marking
 * policy (`MarkingContext.fabric.outputRatio`) scale their per-output thresholds by.
 */
export function degradedOutputs(
  topology: Topology,
  degraded: ReadonlyMap<string, number>,
): Map<string, Map<number, number>> {
  const outputs = new Map<string, Map<number, number>>();
  if (degraded.size === 0) return outputs;
  const switchIds = new Set(topology.nodes.filter((node) => node.kind !== "host").map((node) => node.id));
  const add = (from: { node: string; port: number }, to: { node: string }) => {
    const ratio = degraded.get(`${from.node}->${to.node}`);
    if (ratio === undefined || !switchIds.has(from.node)) return;
    const ports = outputs.get(from.node) ?? new Map<number, number>();
    ports.set(from.port, ratio);
    outputs.set(from.node, ports);
  };
  for (const { a, b } of topology.links) {
    add(a, b);
    add(b, a);
  }
  return outputs;
}

/**
 * The per-packet routing of a topology whose switches route each packet themselves (a
 * Dragonfly with Valiant or UGAL routing, or VLs by hop class), or undefined when the tables
 * suffice. UGAL-G reads every router's queues: through `switches`, filled as they are built
 * and read only once the simulation runs.
 */
function perPacketRouting(
  engine: Engine,
  topology: Topology,
  packets: PacketStore,
  switches: ReadonlyMap<string, SwitchModel>,
): ((node: TopologyNode, vls: number) => PacketRouterFactory) | undefined {
  const routing = topology.routing;
  if (routing?.kind !== "dragonfly" || (routing.algorithm === "minimal" && routing.lanes === "single"))
    return undefined;
  const names: string[] = [];
  for (let group = 0; group < routing.g; group++)
    for (let r = 0; r < routing.a; r++) names.push(dragonflyRouterName(group, r));
  const queuesOf = (router: number): OutputQueueState => switches.get(names[router]!)!;
  return (node, vls) =>
    dragonflyRouter(routing, {
      name: node.id,
      packets,
      vls,
      stream: engine.rng.stream(`dragonfly/${node.id}/valiant`),
      queuesOf,
    });
}

/** Per switch, its outputs whose link leads to a host (where a trim is at the last hop; where marking may be off). */
export function outputsTowardHosts(topology: Topology): Map<string, number[]> {
  const hosts = new Set(topology.nodes.filter((node) => node.kind === "host").map((node) => node.id));
  const outputs = new Map<string, number[]>();
  const add = (node: string, port: number) => {
    const list = outputs.get(node);
    if (list === undefined) outputs.set(node, [port]);
    else list.push(port);
  };
  for (const { a, b } of topology.links) {
    if (hosts.has(b.node) && !hosts.has(a.node)) add(a.node, a.port);
    if (hosts.has(a.node) && !hosts.has(b.node)) add(b.node, b.port);
  }
  return outputs;
}
