import type { FlowState, HostAdapter } from "@losslab/adapter";
import type { Packet, PacketReader } from "@losslab/core";
import { type Engine, type EventHandler, type Time, us } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import type { Routes } from "@losslab/topology";
import type { Scenario } from "./schema.js";

type ManagerSpec = NonNullable<Scenario["subnetManager"]>;

/** What the manager knows of a flow it may throttle. */
interface Managed {
  readonly host: HostAdapter;
  readonly state: FlowState;
  /** The static IPD it set last (0: untouched). */
  ipd: number;
  /** When the last CN packet about the flow arrived. */
  lastNotice: Time;
  /** Whether a decay check is scheduled. */
  decaying: boolean;
}

/**
 * turner-2001 sec. 6.2's subnet manager: "When the Subnet Manager receives CN packets for a
 * flow, it should adjust the rate of the flow at its source CA. This can be done by requesting
 * the source CA to change its static IPD for the affected flow." The paper gives no policy;
 * ours: each CN raises the flow's static IPD by `stepIpd` (at most `maxIpd`); with `decayUs`,
 * a flow with no CN for `decayUs` has it lowered by one, and again every `decayUs`, down to 0.
 * The request reaches the source at once (the management path's delay is not modelled).
 * It throttles flows from non-compliant sources (their destinations report marks) and flows
 * to non-compliant CAs (which echo nothing: the switches report the marks).
 */
export class SubnetManager implements EventHandler<Managed> {
  private readonly flows = new Map<number, Managed>();
  /** CN packets received, and static IPD changes requested. */
  notices = 0;
  changes = 0;
  private readonly sources: ReadonlySet<string>;
  private readonly destinations: ReadonlySet<number>;

  constructor(
    private readonly engine: Engine,
    private readonly spec: ManagerSpec,
    private readonly hosts: ReadonlyMap<string, HostAdapter>,
    nonCompliant: readonly string[],
    routes: Routes,
  ) {
    this.sources = new Set(nonCompliant);
    this.destinations = new Set(nonCompliant.map((id) => routes.nodeIndex(id)));
  }

  /** A flow joined the adapters: one the manager may throttle if it is from or to a non-compliant CA. */
  readonly flowAdded = (id: number, source: string, state: FlowState): void => {
    if (this.sources.has(source) || this.destinations.has(state.destination)) {
      this.flows.set(id, { host: this.hosts.get(source)!, state, ipd: 0, lastNotice: -1, decaying: false });
    }
  };

  /** Listener for the manager host's `onNotification`. */
  readonly notified = (packets: PacketReader, packet: Packet): void => {
    const flow = this.flows.get(packets.flow(packet));
    if (flow === undefined || !flow.state.active) return;
    this.notices++;
    flow.lastNotice = this.engine.now;
    this.setIpd(flow, Math.min(this.spec.maxIpd, flow.ipd + this.spec.stepIpd));
    if (this.spec.decayUs !== undefined && !flow.decaying) {
      flow.decaying = true;
      this.engine.after(us(this.spec.decayUs), this, 0, flow);
    }
  };

  handleEvent(_kind: number, flow: Managed): void {
    const decay = us(this.spec.decayUs!);
    const now = this.engine.now;
    if (!flow.state.active) {
      flow.decaying = false;
      return;
    }
    if (now - flow.lastNotice >= decay) this.setIpd(flow, flow.ipd - 1);
    if (flow.ipd === 0) {
      flow.decaying = false;
      return;
    }
    this.engine.at(Math.max(now, flow.lastNotice) + decay, this, 0, flow);
  }

  private setIpd(flow: Managed, ipd: number): void {
    if (ipd === flow.ipd) return;
    flow.ipd = ipd;
    this.changes++;
    flow.host.setStaticIpd(flow.state.id, ipd);
  }
}

/**
 * The scenario's subnet manager (`subnetManager`), hearing the CN packets its host receives;
 * undefined without one.
 */
export function subnetManagerOf(
  engine: Engine,
  scenario: Scenario,
  fabric: Fabric,
  routes: Routes,
): SubnetManager | undefined {
  const spec = scenario.subnetManager;
  if (spec === undefined) return undefined;
  const manager = new SubnetManager(engine, spec, fabric.hosts, scenario.nonCompliant.hosts, routes);
  fabric.hosts.get(spec.host)!.onNotification(manager.notified);
  return manager;
}
