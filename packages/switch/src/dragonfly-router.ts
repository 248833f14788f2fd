import type { Packet, PacketStore } from "@losslab/core";
import type { RandomStream } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { DragonflyShape, dragonflyVls, ecmpSalt, flowHash, type Routing } from "@losslab/topology";
import type { OutputQueueState, PacketRouter, PacketRouterFactory } from "./packet-router.js";

/** A packet's route field: no decision yet. */
const UNDECIDED = 0;
/** A packet's route field: minimal from here on. Above 0: a Valiant detour via group `route - 1`, not reached yet. */
const MINIMAL = -1;

/** What `dragonflyRouter` needs besides the topology's routing. */
export interface DragonflyRouterOptions {
  /** The switch's id, `D<group>.<router>`. */
  readonly name: string;
  /** The simulation's packets. */
  readonly packets: PacketStore;
  /** The switch's VLs (`vls`): VLs by hop class need 2 (minimal) or 3. */
  readonly vls: number;
  /** The Valiant draws of this switch: the stream `dragonfly/<switch>/valiant`. */
  readonly stream: RandomStream;
  /** For UGAL-G: the queue state of router `index` (G·a + r), any router of the fabric. */
  readonly queuesOf: (router: number) => OutputQueueState;
}

/**
 * The routing of a Dragonfly's router (Kim, Dally, Scott and Abts, ISCA 2008, sec. 4;
 * docs/spec/dragonfly.md "The model"), decided for each packet at the router where it enters
 * the fabric (its input is a host port) and recorded in the packet:
 * - "minimal": local-global-local;
 * - "valiant": minimally to a uniformly random intermediate group other than the source's and
 *   the destination's, then minimally to the destination (at most 5 router-to-router hops);
 * - "ugal-l": one Valiant candidate drawn as above, taken unless qm·Hm <= qv·Hv + T, where qm
 *   and qv are the packets waiting at this router for the minimal and the Valiant first
 *   output, Hm and Hv the two paths' router-to-router hops and T `ugalThreshold`;
 * - "ugal-g": the same with qm and qv summed over every output along each path, read from
 *   every router at that instant (no real router knows this: an ideal bound).
 * Packets within a group, and every packet where the source router is not the one deciding
 * (control frames), go minimally. Where a pair of groups has several global links a flow
 * hash picks one, so a flow's minimal path stays one path.
 *
 * VLs by hop class: a packet takes VL v on a router-to-router link after v global links; on
 * the link to its host VL 0 (a sink holds no dependency).
 */
export function dragonflyRouter(
  routing: Extract<Routing, { kind: "dragonfly" }>,
  options: DragonflyRouterOptions,
): PacketRouterFactory {
  const shape = new DragonflyShape(routing);
  const needed = routing.lanes === "hop-class" ? dragonflyVls(routing.algorithm) : 1;
  if (options.vls < needed) {
    throw OptionError.of(
      options.name,
      "vls",
      `must be at least ${needed}: ${routing.algorithm} routing with VLs by hop class uses VLs 0..${needed - 1}`,
      { value: options.vls, limit: needed },
    );
  }
  const [group, r] = options.name.slice(1).split(".").map(Number) as [number, number];
  return (queues) => new DragonflyRouter(shape, routing, group * routing.a + r, options, queues);
}

class DragonflyRouter implements PacketRouter {
  private readonly group: number;
  private readonly salt: number;
  readonly laneOf: ((packet: Packet, input: number, output: number) => number) | undefined;

  constructor(
    private readonly shape: DragonflyShape,
    private readonly routing: Extract<Routing, { kind: "dragonfly" }>,
    private readonly router: number,
    private readonly options: DragonflyRouterOptions,
    private readonly queues: OutputQueueState,
  ) {
    this.group = shape.groupOf(router);
    this.salt = ecmpSalt(options.name);
    this.laneOf = routing.lanes === "hop-class" ? this.hopClassLane : undefined;
  }

  outputOf(packet: Packet, input: number): number {
    const { shape, options } = this;
    const packets = options.packets;
    const destination = packets.destination(packet);
    const hash = flowHash(this.salt, packets.flow(packet), packets.source(packet), destination);
    let route = packets.route(packet);
    if (route === UNDECIDED && input >= 0 && input < shape.p) {
      route = this.decide(destination, hash);
      packets.setRoute(packet, route);
    }
    if (route > 0 && route - 1 === this.group) {
      route = MINIMAL; // the detour has reached its intermediate group
      packets.setRoute(packet, route);
    }
    return route > 0
      ? shape.portTowardGroup(this.router, route - 1, hash)
      : shape.minimalPort(this.router, destination, hash);
  }

  /** VL after v global links is v (Kim et al. sec. 4); a host's link takes VL 0. */
  private readonly hopClassLane = (packet: Packet, input: number, output: number): number => {
    const shape = this.shape;
    if (output < shape.p) return 0;
    const vl = this.options.packets.vl(packet);
    return shape.isGlobalPort(input) ? vl + 1 : vl;
  };

  /** The route field of a packet entering the fabric here for host `destination`. */
  private decide(destination: number, hash: number): number {
    const { shape, routing } = this;
    const target = shape.routerOfHost(destination);
    const targetGroup = shape.groupOf(target);
    if (routing.algorithm === "minimal" || targetGroup === this.group) return MINIMAL;
    // Uniform over the g - 2 groups that are neither end.
    let intermediate = this.options.stream.uniformInt(0, shape.g - 3);
    for (const end of this.group < targetGroup ? [this.group, targetGroup] : [targetGroup, this.group]) {
      if (intermediate >= end) intermediate++;
    }
    if (routing.algorithm === "valiant") return intermediate + 1;
    const global = routing.algorithm === "ugal-g";
    const minimal = this.walk(target, -1, hash, global);
    const valiant = this.walk(target, intermediate, hash, global);
    // Each path as [queue, hops]; UGAL weighs a queue by the hops a packet spends on its path.
    return minimal[0] * minimal[1] <= valiant[0] * valiant[1] + routing.ugalThreshold ? MINIMAL : intermediate + 1;
  }

  /**
   * Follows the path from this router to router `target`, via group `intermediate` unless it
   * is -1: [packets waiting at its first output (or, `global`, at every output on it), its
   * router-to-router hops].
   */
  private walk(target: number, intermediate: number, hash: number, global: boolean): [number, number] {
    const shape = this.shape;
    let router = this.router;
    let queued = 0;
    let hops = 0;
    let detour = intermediate;
    while (router !== target) {
      if (detour >= 0 && shape.groupOf(router) === detour) detour = -1;
      const port =
        detour >= 0 ? shape.portTowardGroup(router, detour, hash) : shape.minimalPort(router, target * shape.p, hash);
      if (hops === 0) queued = this.queues.waitingFor(port);
      else if (global) queued += this.options.queuesOf(router).waitingFor(port);
      router = shape.neighbour(router, port);
      hops++;
    }
    return [queued, hops];
  }
}
