import type { Packet, PacketReader } from "@losslab/core";
import { ms, type Time, us } from "@losslab/engine";
import type { Fabric, FlowCompletion } from "@losslab/fabric";
import { type ByteCounter, CompletionTimes, CoverageBins, idealCompletionTime, Slowdown } from "@losslab/metrics";
import type { Routes } from "@losslab/topology";
import { pathTimings } from "./ideal-paths.js";
import { type LatencyMeter, type LatencyMeters, record } from "./latency-meters.js";
import type { RateMeters } from "./rate-meters.js";
import { ScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";

/** What a flow group's deliveries feed: its rate, its latency, and its source wait if recorded. */
interface GroupMeters {
  readonly rate: ByteCounter;
  readonly latency: LatencyMeter;
  readonly wait: CoverageBins | undefined;
}

/**
 * The meters of a run's flows, fed as the traffic adds them (`flowAdded`), completes them
 * (`flowCompleted`) and delivers their packets (`delivered`): the rate of each of the
 * scenario's own flows (`flow:<id>`), and per group (`group:<name>`) its rate, its latency
 * and, for `metrics.sourceWaitGroups`, the time its packets waited at their source; the
 * completion times of the flows of known size, and their slowdown against the empty network.
 */
export class FlowMeters {
  readonly completions = new CompletionTimes();
  readonly slowdown: Slowdown;
  /** Rate meters of the scenario's own flows, by flow id (generated flows are metered per group only). */
  private readonly flowRates: ByteCounter[] = [];
  /** One record per group, shared by its flows: a flow id costs one slot in `groupOf`. */
  private readonly groups = new Map<string, GroupMeters>();
  private readonly groupOf: GroupMeters[] = [];
  /** With `metrics.sourceWaitGroups`: per group, when its packets waited at their sources. */
  readonly waits: ReadonlyMap<string, CoverageBins>;
  private readonly metered: ReadonlySet<number>;
  private readonly timingOf: ReturnType<typeof pathTimings>;

  /** `flows`: the ids of the scenario's own flows, each metered on its own. */
  constructor(
    scenario: Scenario,
    kinds: ScenarioKinds,
    fabric: Fabric,
    routes: Routes,
    flows: readonly number[],
    private readonly rates: RateMeters,
    private readonly latencies: LatencyMeters,
  ) {
    const binWidth = us(scenario.metrics.binUs);
    const end = ms(scenario.durationMs);
    this.waits = new Map(scenario.metrics.sourceWaitGroups.map((group) => [group, new CoverageBins(binWidth, end)]));
    this.slowdown = new Slowdown(scenario.metrics.slowdownEdgesBytes);
    this.metered = new Set(flows);
    this.timingOf = pathTimings(fabric, routes, scenario, kinds);
  }

  /** Flow `id` of `group` joined the adapters: its meters from now on. */
  readonly flowAdded = (id: number, group: string): void => {
    if (this.metered.has(id)) this.flowRates[id] = this.rates.counter(`flow:${id}`);
    this.groupOf[id] = this.groupMeters(group);
  };

  /** A flow of known size delivered its last packet: its completion time, and its slowdown. */
  readonly flowCompleted = ({ group, duration, bytes, packets, source, destination }: FlowCompletion): void => {
    this.completions.add(group, duration);
    this.slowdown.add(bytes, duration, idealCompletionTime(this.timingOf(source, destination), packets));
  };

  /** A data packet of a flow was delivered at `time` after `latency`; `mark` as `LatencyMeters.markOf`. */
  delivered(packets: PacketReader, packet: Packet, time: Time, latency: Time, mark: number): void {
    const flow = packets.flow(packet);
    const size = packets.size(packet);
    const group = this.groupOf[flow]!;
    group.wait?.add(packets.createdAt(packet), packets.injectedAt(packet));
    this.flowRates[flow]?.add(time, size);
    group.rate.add(time, size);
    record(group.latency, time, latency, mark);
  }

  /**
   * Adds the source waits another copy recorded (a split run's part: each packet's wait is
   * recorded where it is delivered), group by group.
   */
  absorbWaits(other: ReadonlyMap<string, CoverageBins>): void {
    for (const [group, cover] of other) this.waits.get(group)!.absorb(cover);
  }

  /** Per `binUs` bin, the fraction of time a packet of `group` waited at its source. */
  sourceWait(group: string): Float64Array {
    const cover = this.waits.get(group);
    if (cover === undefined) {
      throw new ScenarioError(`sourceWait("${group}"): add the group to metrics.sourceWaitGroups`);
    }
    return cover.fractions();
  }

  private groupMeters(group: string): GroupMeters {
    let meters = this.groups.get(group);
    if (meters === undefined) {
      const rate = this.rates.counter(`group:${group}`);
      meters = { rate, latency: this.latencies.meter(`group:${group}`), wait: this.waits.get(group) };
      this.groups.set(group, meters);
    }
    return meters;
  }
}
