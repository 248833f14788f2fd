import { type Engine, type EventHandler, type Time, us } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import type { Link, SwitchModel } from "@losslab/switch";
import type { Routes } from "@losslab/topology";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** The link directions that are down at some instant: `node * portSlots + port` of each one's sender. */
type DownLinks = ReadonlySet<number>;

/**
 * The scenario's `rerouting`: every switch's routes recomputed as shortest paths over the
 * links that are up (`Routes.avoiding`), as a link-state routing protocol or a subnet manager
 * does once it has converged. A failure that leaves the switch at it with no working port
 * toward some destination, and a recovery while recomputed routes are in use, take a snapshot
 * of the links down at that instant; the routes computed from it take effect at every switch
 * at once `convergenceUs` later. Meanwhile each switch's ECMP only leaves its own failed ports
 * out, and packets routed into a failed link are lost there. With nothing down any more,
 * every switch forwards by its original table again.
 */
export class Rerouting implements EventHandler<DownLinks> {
  /** Recomputed routes that took effect, putting the original tables back included. */
  recomputations = 0;
  private readonly delay: Time;
  /** The most ports a node has: the stride of `DownLinks`' keys. */
  private readonly portSlots: number;
  /** Every switch, with its node index. */
  private readonly switches: readonly [number, SwitchModel][];
  /** The recomputed forwarding in effect, by switch node index; undefined: the original tables. */
  private current: ReturnType<Routes["avoiding"]> | undefined;
  /**
   * The snapshot last scheduled: the routes the switches will forward by once it has taken
   * effect. A recovery calls for a recomputation while it has links down, even if it has
   * not taken effect yet (a link back within the convergence delay).
   */
  private last: Set<number> = new Set();
  /** When `last` takes effect: failures at one instant (a cut cable) share one recomputation. */
  private lastAt: Time = -1;

  constructor(
    private readonly engine: Engine,
    private readonly rerouting: NonNullable<Scenario["rerouting"]>,
    private readonly routes: Routes,
    fabric: Fabric,
    /** The links that may fail. */
    private readonly links: readonly Link[],
  ) {
    this.delay = us(rerouting.convergenceUs);
    this.portSlots = routes.topology.nodes.reduce((most, node) => Math.max(most, node.ports), 0);
    this.switches = [...fabric.switches].map(([id, device]) => [routes.nodeIndex(id), device]);
    // A switch that routes each packet itself (adaptive routing, a Dragonfly's Valiant or UGAL
    // routing) is refused now rather than at the first failure: putting back its own table is
    // the least a recomputation does, and it refuses that.
    if (rerouting.recompute) {
      for (const [, device] of this.switches) {
        try {
          device.reroute(undefined);
        } catch {
          throw new ScenarioError(
            `rerouting.recompute: switch ${device.name} routes each packet itself (adaptiveRouting, or a Dragonfly's Valiant or UGAL routing), so its routes cannot be recomputed; set it to false, or route by tables`,
          );
        }
      }
    }
  }

  /** `link` has just failed (`up` false) or recovered: the recomputation it calls for, if any, is scheduled. */
  changed(link: Link, up: boolean): void {
    if (!this.rerouting.recompute || !(up ? this.last.size > 0 : this.cuts(link))) return;
    const at = this.engine.now + this.delay;
    if (at !== this.lastAt) {
      this.last = new Set();
      this.lastAt = at;
      this.engine.at(at, this, 0, this.last);
    }
    this.last.clear();
    for (const each of this.links) {
      if (each.failed) this.last.add(this.routes.nodeIndex(each.from.name) * this.portSlots + each.fromPort);
    }
  }

  /** Whether the switch that sends on `link` has a destination whose every port is down now. */
  private cuts(link: Link): boolean {
    const sender = this.switches.find(([, device]) => device === link.from);
    if (sender === undefined) return false; // a host: no routing of its own
    const [node] = sender;
    for (let destination = 0; destination < this.routes.hostCount; destination++) {
      const ports = this.currentPorts(node, destination);
      if (ports.includes(link.fromPort) && ports.every((port) => this.portDown(link.from, port))) return true;
    }
    return false;
  }

  /** The ports switch `node` forwards to `destination` by now (its original ones until a recomputation took effect). */
  private currentPorts(node: number, destination: number): readonly number[] {
    if (this.current === undefined) return this.routes.outputPorts(node, destination);
    const { ports, groups } = this.current(node);
    const entry = ports[destination] as number;
    if (entry >= -1) return entry === -1 ? [] : [entry];
    const offset = -2 - entry;
    return Array.from(groups.subarray(offset + 1, offset + 1 + (groups[offset] as number)));
  }

  /** Whether the link out of port `port` of `device` is one of the failing links and down now. */
  private portDown(device: Link["from"], port: number): boolean {
    return this.links.some((link) => link.from === device && link.fromPort === port && link.failed);
  }

  /** The routes computed from the links `down` at the snapshot take effect at every switch. */
  handleEvent(_kind: number, down: DownLinks): void {
    this.recomputations++;
    if (down.size === 0) {
      for (const [, device] of this.switches) device.reroute(undefined);
      this.current = undefined;
      return;
    }
    const forwarding = this.routes.avoiding((node, port) => down.has(node * this.portSlots + port));
    for (const [node, device] of this.switches) device.reroute(forwarding(node));
    this.current = forwarding;
  }
}
