import { PS_PER_MS } from "@losslab/engine";
import type { CountedMarkingPolicy } from "@losslab/marking";
import type {
  CollectiveSummary,
  CompletionSummary,
  LatencyBins,
  PauseSummary,
  QueueLengthSummary,
  ReorderSummary,
  SlowdownSummary,
} from "@losslab/metrics";
import type { FailureSummary } from "./link-failures.js";
import type { Notification } from "./notification-log.js";
import {
  type RecoveryCounters,
  type RecoverySummary,
  recoveryCounters,
  recoverySummary,
  trimmedBetween,
} from "./recovery-summary.js";
import type { ResponseCounts } from "./response-counts.js";
import { type RunStats, runStats } from "./run-stats.js";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";
import type { Simulation } from "./simulation.js";

/** Rates in a result are fractions of the link bandwidth (0..1). Times in ms. */
export interface ScenarioResult {
  scenario: Scenario;
  /**
   * The run's trajectory hash (16 hex digits): every packet transmission on every link and
   * every delivery, with its time, place, packet id and congestion bits. Same scenario and
   * seed, same fingerprint; a model change that moves one packet-hop changes it.
   */
  fingerprint: string;
  /** Engine events handled. */
  events: number;
  /** What the run cost and moved: events, packet-hops by kind, conservation, wall time, rates, peak RSS. */
  stats: RunStats;
  /** Data packets delivered to their destination. */
  delivered: number;
  /** Packets (data, ACKs) sent on any link: packet-hops, counting the host links. */
  transmissions: number;
  /** Marking decisions of the marking policy, summed over the switches. */
  marked: number;
  /**
   * Completion times of the generated flows and messages of known size that finished, per
   * group (count, mean, p50, p99, max in us); flows cut off by the end of the run are not counted.
   */
  completions: Record<string, CompletionSummary>;
  /**
   * With collective traffic (`ring-allreduce`, `all-to-all`, ...): per generator name, each
   * run's completion time (its first flow's start to its last flow's delivery), each step's
   * share of it and the slowest rank, and their mean, min and max in us. Absent without one.
   */
  collectives?: Record<string, CollectiveSummary>;
  /**
   * Slowdown of the same flows (completion time / the time alone on the empty network, see
   * the metrics README), of all and per size bucket (`metrics.slowdownEdgesBytes`): count,
   * mean, p50, p95, p99, max. Absent when no flow of known size completed.
   */
  slowdown?: SlowdownSummary;
  /**
   * With `metrics.queueLengths`: per switch buffer that ever held data (`<switch>:in<port>`,
   * `<switch>:out<port>`), p50, p95, p99 and max of its sampled occupancy in bytes.
   */
  queues?: Record<string, QueueLengthSummary>;
  /**
   * With `multipath`: the reorder buffer a receiver delivering in order would need (`ReorderBuffers`
   * of @losslab/metrics): over all flows (`all`: the largest maxima, means over every data
   * packet's arrival) and per flow id, in packets and bytes.
   */
  reorder?: { all: ReorderSummary; flows: Record<string, ReorderSummary> };
  /** With `metrics.queueLengths.series`: the samples of a buffer it names, [ms, bytes] points. */
  queueSeries(name: string): Array<[number, number]>;
  /** Averages over `metrics.measureMs` (default: the whole run). */
  summary: {
    /** Utilization of each link direction, named `from->to`. */
    links: Record<string, number>;
    /** Delivered rate of each flow group, aggregated. */
    groups: Record<string, number>;
    /** Delivered rate of the classes `hot` and `cold` (with `metrics.hotSpot`). */
    classes: Record<string, number>;
    /**
     * Mean latency from generation to delivery in us, of all packets (`all`), per group and
     * per class (`hot`, `cold`); in cycles too when the scenario sets `cycleNs` (`latencyCycles`).
     */
    latencyUs: Record<string, number>;
    latencyCycles?: Record<string, number>;
    /**
     * Percent of the data packets delivered in the measurement interval that carry a
     * congestion mark (ECN, or MVCM's MB), of `all`, per group and per class.
     */
    markedPct: Record<string, number>;
  };
  /**
   * Per switch, the marking decisions of its policy (`marked`) and, for `turner`, by kind:
   * `propagating`, `generating` and `revoked` (turner-2001 sec. 4), and `blocked` (sec. 6.1's
   * optimisation, `markBlockedTowardNonCompliant`). Switches without a
   * policy (none, or non-compliant) are absent.
   */
  marks: Record<string, SwitchMarks>;
  /**
   * Per flow id (a persistent controller: per `source->destination`), the marks its
   * controller heard (marked ACKs, CN packets) and the decreases they caused.
   */
  responses: Record<string, ResponseCounts>;
  /** The subnet manager's work (with `subnetManager`): CN packets it acted on, static IPD changes. */
  manager?: { notices: number; changes: number };
  /**
   * Under `switch.flowControl` "pause": XOFF frames sent (`frames`) and the time senders
   * were held (`pausedUs`, priority-time: from an XOFF frame's start to its XON's, or the
   * end of the run, summed over priorities; `PauseMeter` of @losslab/metrics), in all and
   * per paused link (`byLink`: only links whose sender was paused, named `from->to`), over
   * `metrics.measureMs` like the summary: frames that start in it, pause time inside it.
   */
  pause?: PauseSummary;
  /**
   * With lossy priorities (switch `lossyPriorities`) or a retransmitting transport (adapter
   * `retransmitTimeoutUs`): packets trimmed, headers dropped, NACKs, retransmissions and
   * timeouts, in all and per flow id. Then `stats.dataPackets.injected` counts every copy
   * sent, so it exceeds delivered + inFlight by the trimmed, dropped and duplicate copies.
   */
  recovery?: RecoverySummary;
  /** Data packets trimmed in [fromMs, toMs), over every switch (0 without lossy priorities). */
  trimmed(fromMs: number, toMs: number): number;
  /** With `failures`: frames lost to the failed links, in all and per failed link direction. */
  failures?: FailureSummary;
  /** Congestion notifications the switches sent (QCN CNMs), in time order. */
  notifications: Notification[];
  /** Per `binUs` bin, the fraction of time a packet of `group` waited at its source (`metrics.sourceWaitGroups`). */
  sourceWait(group: string): Float64Array;
  /** Latency bins (by delivery time, bin `metrics.binUs`) of `all`, `group:<name>`, `class:hot`, `class:cold`. */
  latency(meter: string): LatencyBins;
  /** Mean rate of a meter over [fromMs, toMs): meters are `link:<from->to>`, `group:<name>`, `flow:<id>`. */
  rate(meter: string, fromMs: number, toMs: number): number;
  /** Sliding-window series of a meter (window and step from `metrics`): [ms, fraction] points. */
  series(meter: string): Array<[number, number]>;
  /** Names of every meter. */
  meters(): string[];
}

/** One switch's marking counts (see `ScenarioResult.marks`). */
export interface SwitchMarks {
  marked: number;
  propagating?: number;
  generating?: number;
  revoked?: number;
  blocked?: number;
}

/**
 * What a simulation measured, once run (`runToEnd`, which took `wallMs`): its meters read
 * into a `ScenarioResult`, the averages over the measurement interval worked out here.
 */
export function scenarioResult(
  simulation: Simulation,
  wallMs: number,
  /**
   * The run's events, deliveries and trimming and recovery counters, when its engine and
   * devices did not see them all (a split run's).
   */
  counts: { readonly events: number; readonly delivered: number; readonly recovery: RecoveryCounters } = {
    events: simulation.engine.eventsHandled,
    delivered: simulation.deliveries.delivered,
    recovery: recoveryCounters(simulation.fabric),
  },
): ScenarioResult {
  const { scenario, fabric, marking, manager, responses, meters, end } = simulation;
  const [fromMs, toMs] = simulation.measure;
  const { rates, latencies, flows, pauses } = meters;
  const queues = meters.queueSampling?.queues;
  const rate = (name: string, from: number, to: number) => rates.rate(name, from, to);
  const summary: ScenarioResult["summary"] = { links: {}, groups: {}, classes: {}, ...latencies.summary() };
  for (const name of rates.names()) {
    if (name.startsWith("link:")) summary.links[name.slice(5)] = rate(name, fromMs, toMs);
    else if (name.startsWith("group:")) summary.groups[name.slice(6)] = rate(name, fromMs, toMs);
    else if (name.startsWith("class:")) summary.classes[name.slice(6)] = rate(name, fromMs, toMs);
  }
  const hosts = new Set<unknown>(fabric.hosts.values());
  const delivered = counts.delivered;
  const recovery = recoverySummary(counts.recovery);
  const failures = simulation.failures.summary();
  return {
    scenario,
    fingerprint: meters.fingerprint.hex(),
    events: counts.events,
    stats: runStats(fabric.links.values(), (link) => hosts.has(link.from), {
      simulatedMs: scenario.durationMs,
      events: counts.events,
      delivered,
      wallMs,
    }),
    delivered,
    transmissions: [...fabric.links.values()].reduce((sum, link) => sum + link.packetsSent, 0),
    notifications: meters.notifications,
    marked: marking.marked,
    marks: switchMarks(marking.policies),
    responses: Object.fromEntries(responses ?? []),
    ...(manager === undefined ? {} : { manager: { notices: manager.notices, changes: manager.changes } }),
    ...(pauses === undefined ? {} : { pause: pauses.summary(end) }),
    ...(recovery === undefined ? {} : { recovery }),
    ...(failures === undefined ? {} : { failures }),
    completions: flows.completions.summary(),
    ...(meters.collectives.empty ? {} : { collectives: meters.collectives.summary() }),
    ...(flows.slowdown.empty ? {} : { slowdown: flows.slowdown.summary() }),
    ...(queues === undefined ? {} : { queues: queues.summary() }),
    ...(meters.reorder === undefined
      ? {}
      : {
          reorder: {
            all: meters.reorder.summary(),
            flows: Object.fromEntries([...meters.reorder.perFlow()].map(([id, summary]) => [String(id), summary])),
          },
        }),
    queueSeries: (name) => {
      const samples = queues?.series(name);
      if (samples === undefined) {
        throw new ScenarioError(`queueSeries("${name}"): add the buffer to metrics.queueLengths.series`);
      }
      return samples.map(([time, bytes]) => [time / PS_PER_MS, bytes]);
    },
    summary,
    rate,
    trimmed: (from, to) => trimmedBetween(counts.recovery, from, to),
    series: (name) => rates.series(name),
    meters: () => rates.names(),
    sourceWait: (group) => flows.sourceWait(group),
    latency: (name) => latencies.bins(name),
  };
}

/** Per-switch counts of the marking policies (see `ScenarioResult.marks`). */
export function switchMarks(policies: readonly CountedMarkingPolicy[]): Record<string, SwitchMarks> {
  const marks: Record<string, SwitchMarks> = {};
  for (const policy of policies) {
    const own: SwitchMarks = { marked: policy.marked };
    for (const kind of ["propagating", "generating", "revoked", "blocked"] as const) {
      const value = (policy as Partial<Record<typeof kind, number>>)[kind];
      if (typeof value === "number") own[kind] = value;
    }
    marks[policy.switchName] = own;
  }
  return marks;
}
