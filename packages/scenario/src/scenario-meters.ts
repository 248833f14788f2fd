import type { Engine, Time } from "@losslab/engine";
import { ms, us } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import { CollectiveTimes, Fingerprint, PauseMeter, type QueueLengths, ReorderBuffers } from "@losslab/metrics";
import type { Routes } from "@losslab/topology";
import { FlowMeters } from "./flow-meters.js";
import { LatencyMeters } from "./latency-meters.js";
import { meterLinks } from "./link-meters.js";
import { logNotifications, type Notification } from "./notification-log.js";
import { RateMeters } from "./rate-meters.js";
import { asScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";
import { switchQueues } from "./switch-queues.js";

/**
 * Every meter of a scenario run, attached to its fabric before the traffic starts: the
 * fingerprint and byte counts of the links (with PAUSE frames under a flow control that sends them),
 * the notifications switches send (when the marking policy sends them), the flows' meters
 * (`flows`, fed by the traffic), latencies, and the switch queues' sampler
 * (`metrics.queueLengths`). Once the traffic is in place, `meterDeliveries`
 * (delivery-meters.ts) feeds them what the hosts receive. Read-only: a run measures the
 * same trajectory whatever it meters. A new meter is attached here and read in
 * `scenarioResult`.
 */
export class ScenarioMeters {
  /** The run's trajectory hash: every packet-hop and delivery. */
  readonly fingerprint = new Fingerprint();
  /** Rates: `link:`, `group:`, `flow:` and `class:` meters. */
  readonly rates: RateMeters;
  readonly latencies: LatencyMeters;
  readonly flows: FlowMeters;
  /** The collectives' runs (their generators report them). */
  readonly collectives = new CollectiveTimes();
  /** PAUSE frames and pause time, under a flow control that sends them (its `pauseFrames` trait). */
  readonly pauses: PauseMeter | undefined;
  /** The congestion notifications switches sent (QCN CNMs), in time order. */
  readonly notifications: Notification[];
  /** The switch queues and the interval the run samples them at, with `metrics.queueLengths`. */
  readonly queueSampling: { readonly queues: QueueLengths; readonly interval: Time } | undefined;
  /** With `multipath`: the reorder buffers in-order delivery would need at the destinations. */
  readonly reorder: ReorderBuffers | undefined;

  /**
   * `measure`: the measurement interval, ms; `flows`: the ids of the scenario's own flows;
   * `notifies`: the marking policy sends notifications (its definition uses them).
   */
  constructor(
    engine: Engine,
    scenario: Scenario,
    kinds: ScenarioKinds,
    fabric: Fabric,
    routes: Routes,
    measure: readonly [number, number],
    flows: readonly number[],
    notifies: boolean,
  ) {
    const pauseFrames = kinds.flowControl.get(scenario.switch.flowControl.kind)?.pauseFrames === true;
    this.pauses = pauseFrames ? new PauseMeter(ms(measure[0]), ms(measure[1])) : undefined;
    this.rates = new RateMeters(meterLinks(fabric, scenario, this.fingerprint, this.pauses), scenario);
    this.notifications = notifies ? logNotifications(engine, fabric) : [];
    this.latencies = new LatencyMeters(scenario, measure);
    this.flows = new FlowMeters(scenario, kinds, fabric, routes, flows, this.rates, this.latencies);
    this.reorder = scenario.multipath === undefined ? undefined : new ReorderBuffers();
    const reorder = this.reorder;
    if (reorder !== undefined) {
      for (const host of fabric.hosts.values()) host.onDeliver((packets, packet) => reorder.delivered(packets, packet));
    }
    const queueOptions = scenario.metrics.queueLengths;
    this.queueSampling =
      queueOptions === undefined
        ? undefined
        : {
            queues: asScenarioError("metrics", () => switchQueues(fabric, queueOptions.series)),
            interval: us(queueOptions.intervalUs ?? scenario.metrics.binUs),
          };
  }
}
