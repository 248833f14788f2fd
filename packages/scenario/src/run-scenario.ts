import type { FlowState } from "@losslab/adapter";
import {
  CongestionBit,
  PacketFactory,
  PacketKind,
  type ReleasedPackets,
  type TransmissionListener,
} from "@losslab/core";
import { Engine, ms, PS_PER_MS, type Time, us } from "@losslab/engine";
import { AdapterSink, type Fabric } from "@losslab/fabric";
import type { CountedMarkingPolicy } from "@losslab/marking";
import {
  ByteCounter,
  ByteCounters,
  type CompletionSummary,
  CompletionTimes,
  CoverageBins,
  Fingerprint,
  idealCompletionTime,
  LatencyBins,
  PacketTrace,
  type PacketTraceOptions,
  PauseMeter,
  type PauseSummary,
  type QueueLengthSummary,
  type QueueLengths,
  Slowdown,
  type SlowdownSummary,
  slidingWindow,
} from "@losslab/metrics";
import { buildRoutes, type Routes, type Topology } from "@losslab/topology";
import { createGenerator, startGenerators } from "@losslab/traffic";
import { checkFits } from "./check-fits.js";
import { DeadlockWatchdog } from "./deadlock-watchdog.js";
import { resolveFlows, scenarioGenerators } from "./flows.js";
import { formatList } from "./format-list.js";
import { pathTimings } from "./ideal-paths.js";
import { asFieldError } from "./model-error.js";
import { parseScenario } from "./parse-scenario.js";
import type { ResponseCounts } from "./response-counts.js";
import { type RunStats, runStats } from "./run-stats.js";
import { controllerFactories } from "./scenario-controllers.js";
import { asScenarioError, ScenarioError } from "./scenario-error.js";
import { scenarioFabric } from "./scenario-fabric.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { scenarioTopology } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";
import { SubnetManager } from "./subnet-manager.js";
import { switchQueues } from "./switch-queues.js";

export interface RunOptions {
  /**
   * Called every simulated millisecond or so with the time reached (ms), the duration (ms) and
   * the engine events handled so far.
   */
  onProgress?: (doneMs: number, totalMs: number, events: number) => void;
  /** A packet trace of the run (`PacketTrace`): where its lines go, and which events it keeps. */
  trace?: Omit<PacketTraceOptions, "hostName">;
  /** The kinds the scenario may name: the built-in ones unless plugins add some (`withPlugins`). */
  kinds?: ScenarioKinds;
  /**
   * What becomes of a packet once its receiver has consumed it (core `ReleasedPackets`):
   * "reuse" (default) recycles it; "poison" spoils it instead, so a plugin policy or a
   * listener that keeps packets beyond its call shows up as a different fingerprint.
   */
  releasedPackets?: "reuse" | "poison";
}

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

/** One congestion notification a switch sent. */
export interface Notification {
  timeMs: number;
  /** The culprit's flow. */
  flow: number;
  /** The switch whose congestion point sent it. */
  switch: string;
  /** QntzFb, 0..63. */
  feedback: number;
}

/** Builds the fabric a scenario describes, runs it to the end, and measures it. */
export function runScenario(scenario: Scenario, options: RunOptions = {}): ScenarioResult {
  return buildSimulation(scenario, options.kinds ?? builtInKinds, options.releasedPackets)(options);
}

/**
 * Checks everything about a scenario that can be checked without running it: the format,
 * the ranges and the rules across fields (`parseScenario`), the memory it needs
 * (`checkFits`, before anything is built), then the hosts its flows and generators name
 * and the parameters of its marking policy, controller and generators, by building the
 * whole simulation. Throws a ScenarioError naming the field; returns the validated
 * scenario. `runScenario` makes the same checks, so a scenario this accepts builds.
 */
export function checkScenario(input: unknown, kinds: ScenarioKinds = builtInKinds): Scenario {
  const scenario = parseScenario(input, kinds);
  buildSimulation(scenario, kinds);
  return scenario;
}

/**
 * Builds the fabric, flows, generators and meters; the returned function runs and measures.
 * First refuses what would not fit in memory (checkFits); a model that still refuses a
 * part of the scenario while it is built is reported as a ScenarioError naming the field.
 */
function buildSimulation(
  scenario: Scenario,
  kinds: ScenarioKinds,
  releasedPackets: ReleasedPackets = "reuse",
): (options: RunOptions) => ScenarioResult {
  // parseScenario checks this too; runScenario also accepts scenarios built in code.
  const [fromMs, toMs] = scenario.metrics.measureMs ?? [0, scenario.durationMs];
  if (!(toMs > fromMs) || toMs > scenario.durationMs) {
    throw new ScenarioError(
      `metrics.measureMs: [${fromMs}, ${toMs}] must be an interval inside [0, durationMs=${scenario.durationMs}]`,
    );
  }
  checkFits(scenario, kinds);
  return asFieldError("switch", () => buildModels(scenario, kinds, fromMs, toMs, releasedPackets));
}

function buildModels(
  scenario: Scenario,
  kinds: ScenarioKinds,
  fromMs: number,
  toMs: number,
  releasedPackets: ReleasedPackets,
): (options: RunOptions) => ScenarioResult {
  const engine = new Engine({ seed: scenario.seed });
  const topology = asScenarioError("topology", () => scenarioTopology(scenario, kinds));
  const routes = buildRoutes(topology);
  // The marking policy's draws (qcn, red): a stream of its own kind.
  const markingRandom = engine.rng.stream(`marking/${scenario.marking.kind}`);
  const towardNonCompliant = portsTowardNonCompliant(topology, scenario.nonCompliant.switches);
  const markingDefinition = asScenarioError("marking", () => kinds.marking.definitionOf(scenario.marking));
  const marking = asScenarioError("marking", () =>
    kinds.marking.create(scenario.marking, {
      notificationBytes: scenario.packets.notificationBytes,
      random: () => markingRandom.next(),
      // turner-2001 sec. 6.1: which outputs lead to a switch that marks nothing.
      nextIsNonCompliant: (name, output) => towardNonCompliant.has(`${name}:${output}`),
      // turner-2001 sec. 6.2: switches report marks on packets to non-compliant CAs.
      ...(scenario.subnetManager === undefined
        ? {}
        : {
            subnetManager: {
              host: routes.nodeIndex(scenario.subnetManager.host),
              nonCompliantHosts: new Set(scenario.nonCompliant.hosts.map((id) => routes.nodeIndex(id))),
              noticeBytes: scenario.packets.ackBytes,
            },
          }),
    }),
  );
  checkDeviceNames(scenario, topology);
  const packets = new PacketFactory({ released: releasedPackets });
  const fabric = scenarioFabric(engine, topology, routes, scenario, kinds, packets, marking);
  // The congestion notifications switches send sources (QCN CNMs), from policies that send them.
  const notifications: Notification[] = [];
  if (markingDefinition.notifies === true) {
    for (const [name, device] of fabric.switches) {
      device.onNotification((frame) =>
        notifications.push({
          timeMs: engine.now / PS_PER_MS,
          flow: frame.flow,
          switch: name,
          feedback: frame.feedback,
        }),
      );
    }
  }
  const hostIds = new Set(fabric.hosts.keys());
  const flows = resolveFlows(scenario, hostIds);
  const bandwidth = scenario.topology.bandwidth;
  const responses = scenario.metrics.responses ? new Map<string, ResponseCounts>() : undefined;
  const controllers = controllerFactories(scenario, kinds, responses, routes);
  const nonCompliant = new Set(scenario.nonCompliant.hosts);
  const manager = scenario.subnetManager === undefined ? undefined : new SubnetManager(engine, scenario.subnetManager);
  if (manager !== undefined) fabric.hosts.get(scenario.subnetManager!.host)!.onNotification(manager.notified);
  const nonCompliantIndices = new Set(scenario.nonCompliant.hosts.map((id) => routes.nodeIndex(id)));
  // The manager throttles flows from non-compliant sources (their destinations report marks)
  // and flows to non-compliant CAs (which echo nothing: the switches report the marks).
  const flowAdded = (id: number, source: string, state: FlowState) => {
    if (manager !== undefined && (nonCompliant.has(source) || nonCompliantIndices.has(state.destination))) {
      manager.manage(id, fabric.hosts.get(source)!, state);
    }
  };
  const end = ms(scenario.durationMs);
  const binWidth = us(scenario.metrics.binUs);
  const counter = () => new ByteCounter(binWidth, end);

  const fingerprint = new Fingerprint();
  // PAUSE frames on "a->b" hold the sender of "b->a".
  const pauseFrames = kinds.flowControl.get(scenario.switch.flowControl.kind)?.pauseFrames === true;
  const pauses = pauseFrames ? new PauseMeter(ms(fromMs), ms(toMs)) : undefined;
  // A meter's counter, or for a link its column of `linkBytes`, copied out when read.
  const meters = new Map<string, ByteCounter | number>();
  const metered = scenario.metrics.linkMeters;
  for (const name of metered ?? []) {
    if (!fabric.links.has(name)) {
      throw new ScenarioError(
        `metrics.linkMeters: no link "${name}" (links are named "from->to", e.g. "${fabric.links.keys().next().value}")`,
      );
    }
  }
  const linkBytes = new ByteCounters(metered?.length ?? fabric.links.size, binWidth, end);
  for (const [index, [name, link]] of [...fabric.links].entries()) {
    const column = metered === undefined || metered.includes(name) ? meters.size : -1;
    if (column >= 0) meters.set(`link:${name}`, column);
    // The opposite link's own name: one string per link, not a second one made here.
    const reverse = `${link.to.name}->${link.from.name}`;
    const pause = pauses?.add(fabric.links.get(reverse)?.name ?? reverse) ?? -1;
    link.onTransmit(transmissionMeter(fingerprint, index, linkBytes, column, pauses, pause));
  }
  const flowMeters: ByteCounter[] = [];
  const latencies = new Map<string, LatencyMeter>();
  const latencyBins = (name: string): LatencyMeter => {
    let meter = latencies.get(name);
    if (meter === undefined) {
      meter = { bins: new LatencyBins(binWidth, end), delivered: 0, marked: 0 };
      latencies.set(name, meter);
    }
    return meter;
  };
  const allLatency = latencyBins("all");
  const waitGroups = new Map(
    scenario.metrics.sourceWaitGroups.map((group) => [group, new CoverageBins(binWidth, end)]),
  );
  // One record per group, shared by its flows: a flow id costs one slot here, however many
  // (source, destination) queues a large fabric opens.
  const groups = new Map<string, GroupMeters>();
  const groupMeters = (group: string): GroupMeters => {
    let record = groups.get(group);
    if (record === undefined) {
      const rate = counter();
      meters.set(`group:${group}`, rate);
      record = { rate, latency: latencyBins(`group:${group}`), wait: waitGroups.get(group) };
      groups.set(group, record);
    }
    return record;
  };
  const groupOf: GroupMeters[] = [];
  // Every flow enters the adapters through the sink: the scenario's own, then the generators' (metered per group only).
  const completions = new CompletionTimes();
  const slowdown = new Slowdown(scenario.metrics.slowdownEdgesBytes);
  const timingOf = pathTimings(fabric, routes, scenario, kinds);
  const sink = new AdapterSink({
    engine,
    hosts: fabric.hosts,
    hostIndex: (id) => routes.nodeIndex(id),
    packetBytes: scenario.packets.dataBytes,
    payloadBytes: scenario.packets.dataBytes - scenario.packets.headerBytes,
    limitsOf: groupLimits(scenario),
    controllers: controllers.reliable,
    unreliableControllers: controllers.unreliable,
    nonCompliant,
    lineRate: bandwidth,
    persistent: controllers.persistent,
    queues: scenario.adapter.queues,
    // A forgotten queue would miss a notification a switch sends its source (a QCN CNM).
    forgetIdleQueues: manager === undefined && markingDefinition.notifies !== true,
    // Counted below, after the meters of each delivery.
    listen: false,
    onFlow: (id, group, source, state) => {
      flowAdded(id, source, state);
      groupOf[id] = groupMeters(group);
    },
    onComplete: ({ group, duration, bytes, packets, source, destination }) => {
      completions.add(group, duration);
      slowdown.add(bytes, duration, idealCompletionTime(timingOf(source, destination), packets));
    },
  });
  for (const flow of flows) {
    const meter = counter();
    meters.set(`flow:${flow.id}`, meter);
    flowMeters[flow.id] = meter;
    const id = sink.addFlow({
      source: flow.source,
      destination: flow.destination,
      group: flow.group,
      start: us(flow.startUs),
      ...(flow.stopUs === undefined ? {} : { stop: us(flow.stopUs) }),
      ...(flow.window === undefined ? {} : { window: flow.window }),
      ...(flow.rate === undefined ? {} : { rate: flow.rate * bandwidth }),
      vl: flow.vl,
      transport: flow.rdmaRead ? "read-response" : flow.reliable ? "reliable" : "unreliable",
    });
    if (id !== flow.id) throw new Error(`flow ${flow.id} was given id ${id}`);
    if (flow.rdmaRead) {
      const requester = fabric.hosts.get(flow.destination)!;
      const responder = routes.nodeIndex(flow.source);
      engine.at(us(flow.startUs), () => requester.requestRead(flow.id, responder, flow.vl));
    }
  }

  const generators = asScenarioError("traffic", () =>
    scenarioGenerators(scenario).map((spec, i) => createGenerator(spec, `traffic[${i}]`, kinds)),
  );
  asScenarioError("traffic", () =>
    startGenerators(generators, { engine, sink, hosts: [...hostIds], linkBandwidth: () => bandwidth, endTime: end }),
  );

  // ferrer-2012 sec. 5.2: hot packets are those addressed to the hot spot, cold all others.
  const hotSpot = scenario.metrics.hotSpot;
  if (hotSpot !== undefined && !hostIds.has(hotSpot)) {
    throw new ScenarioError(`metrics.hotSpot: "${hotSpot}" is not a host of the topology`);
  }
  const hotIndex = hotSpot === undefined ? -1 : routes.nodeIndex(hotSpot);
  const classes = hotSpot === undefined ? [] : ["class:cold", "class:hot"];
  const classMeters = classes.map(() => counter());
  for (const [i, name] of classes.entries()) meters.set(name, classMeters[i]!);
  const classLatencies = classes.map(latencyBins);
  // Marks on delivered packets are counted per latency meter over the measurement interval.
  const markFrom = ms(fromMs);
  const markTo = ms(toMs);
  let delivered = 0;
  for (const host of fabric.hosts.values()) {
    const hostIndex = routes.nodeIndex(host.name);
    host.onDeliver((packet, time) => {
      delivered++;
      fingerprint.delivered(time, hostIndex, packet);
      const latency = time - packet.createdAt;
      // -1: outside the measurement interval; else whether the packet carries a mark.
      const mark = time >= markFrom && time < markTo ? ((packet.bits & MARKS) !== 0 ? 1 : 0) : -1;
      const group = groupOf[packet.flow]!;
      group.wait?.add(packet.createdAt, packet.injectedAt);
      flowMeters[packet.flow]?.add(time, packet.size);
      group.rate.add(time, packet.size);
      record(group.latency, time, latency, mark);
      record(allLatency, time, latency, mark);
      if (hotIndex >= 0) {
        const hot = packet.destination === hotIndex ? 1 : 0;
        classMeters[hot]!.add(time, packet.size);
        record(classLatencies[hot]!, time, latency, mark);
      }
      sink.packetDelivered(packet.flow);
    });
  }

  const queueOptions = scenario.metrics.queueLengths;
  const queues =
    queueOptions === undefined
      ? undefined
      : asScenarioError("metrics", () => switchQueues(fabric, queueOptions.series));
  const sampling =
    queues === undefined ? undefined : { queues, interval: us(queueOptions!.intervalUs ?? scenario.metrics.binUs) };

  return (options) => {
    const trace = options.trace === undefined ? undefined : tracePackets(fabric, routes, options.trace);
    const hostDevices = new Set<unknown>(fabric.hosts.values());
    const started = performance.now();
    runWithProgress(
      engine,
      end,
      options.onProgress,
      new DeadlockWatchdog(fabric.switches.values(), fabric.links.values()),
      sampling,
    );
    const wallMs = performance.now() - started;
    trace?.finish();

    const meterOf = (name: string): ByteCounter => {
      const meter = meters.get(name);
      if (meter === undefined)
        throw new ScenarioError(`unknown meter "${name}"; known: ${[...meters.keys()].join(", ")}`);
      return typeof meter === "number" ? linkBytes.counter(meter) : meter;
    };
    // A link's rate is read from its column in place: the summary reads every link's.
    const rate = (name: string, from: number, to: number) => {
      const meter = meters.get(name);
      const bytesPerSecond =
        typeof meter === "number" ? linkBytes.rate(meter, ms(from), ms(to)) : meterOf(name).rate(ms(from), ms(to));
      return bytesPerSecond / bandwidth;
    };
    const summary: ScenarioResult["summary"] = { links: {}, groups: {}, classes: {}, latencyUs: {}, markedPct: {} };
    for (const name of meters.keys()) {
      if (name.startsWith("link:")) summary.links[name.slice(5)] = rate(name, fromMs, toMs);
      else if (name.startsWith("group:")) summary.groups[name.slice(6)] = rate(name, fromMs, toMs);
      else if (name.startsWith("class:")) summary.classes[name.slice(6)] = rate(name, fromMs, toMs);
    }
    const cycle = scenario.cycleNs === undefined ? undefined : scenario.cycleNs * 1000;
    if (cycle !== undefined) summary.latencyCycles = {};
    for (const [name, { bins, delivered: counted, marked }] of latencies) {
      const mean = bins.mean(ms(fromMs), ms(toMs));
      summary.latencyUs[name] = mean / 1e6;
      if (cycle !== undefined) summary.latencyCycles![name] = mean / cycle;
      summary.markedPct[name] = counted === 0 ? Number.NaN : (100 * marked) / counted;
    }
    return {
      scenario,
      fingerprint: fingerprint.hex(),
      events: engine.eventsHandled,
      stats: runStats(fabric.links.values(), (link) => hostDevices.has(link.from), {
        simulatedMs: scenario.durationMs,
        events: engine.eventsHandled,
        delivered,
        wallMs,
      }),
      delivered,
      transmissions: [...fabric.links.values()].reduce((sum, link) => sum + link.packetsSent, 0),
      notifications,
      marked: marking.marked,
      marks: switchMarks(marking.policies),
      responses: Object.fromEntries(responses ?? []),
      ...(manager === undefined ? {} : { manager: { notices: manager.notices, changes: manager.changes } }),
      ...(pauses === undefined ? {} : { pause: pauses.summary(end) }),
      completions: completions.summary(),
      ...(slowdown.empty ? {} : { slowdown: slowdown.summary() }),
      ...(queues === undefined ? {} : { queues: queues.summary() }),
      queueSeries: (name) => {
        const samples = queues?.series(name);
        if (samples === undefined) {
          throw new ScenarioError(`queueSeries("${name}"): add the buffer to metrics.queueLengths.series`);
        }
        return samples.map(([time, bytes]) => [time / PS_PER_MS, bytes]);
      },
      summary,
      rate,
      series: (name) =>
        slidingWindow(meterOf(name), {
          window: ms(scenario.metrics.windowMs),
          step: us(scenario.metrics.stepUs),
          per: bandwidth,
        }).map(([time, value]) => [time / PS_PER_MS, value]),
      meters: () => [...meters.keys()],
      sourceWait: (group) => {
        const cover = waitGroups.get(group);
        if (cover === undefined) {
          throw new ScenarioError(`sourceWait("${group}"): add the group to metrics.sourceWaitGroups`);
        }
        return cover.fractions();
      },
      latency: (name) => {
        const bins = latencies.get(name)?.bins;
        if (bins === undefined) {
          throw new ScenarioError(`unknown latency meter "${name}"; known: ${[...latencies.keys()].join(", ")}`);
        }
        return bins;
      },
    };
  };
}

/** Attaches a packet trace to every link and host of the fabric. */
function tracePackets(fabric: Fabric, routes: Routes, options: Omit<PacketTraceOptions, "hostName">): PacketTrace {
  const names = new Map([...fabric.hosts.keys()].map((id) => [routes.nodeIndex(id), id]));
  const trace = new PacketTrace({ ...options, hostName: (index) => names.get(index) ?? String(index) });
  for (const link of fabric.links.values()) {
    const tracer = trace.link({
      from: link.from.name,
      fromPort: link.fromPort,
      fromHost: fabric.hosts.has(link.from.name),
      to: link.to.name,
      toPort: link.toPort,
      toHost: fabric.hosts.has(link.to.name),
    });
    link.onTransmit(tracer.transmit);
    link.onArrive(tracer.arrive);
    link.onCredits(tracer.credits);
  }
  for (const [name, host] of fabric.hosts) host.onDeliver((packet, time) => trace.delivered(name, packet, time));
  return trace;
}

/**
 * The one listener of a link's transmissions: the fingerprint, the link's byte counts (its
 * `column` of `bytes`, none if -1), and the PAUSE frames it carries (link number `pause` of
 * `pauses`). One call per packet-hop instead of one per meter.
 */
function transmissionMeter(
  fingerprint: Fingerprint,
  link: number,
  bytes: ByteCounters,
  column: number,
  pauses: PauseMeter | undefined,
  pause: number,
): TransmissionListener {
  return (packet, start, end) => {
    fingerprint.transmitted(link, start, packet);
    if (column >= 0) bytes.add(column, end, packet.size);
    if (pauses !== undefined && packet.kind === PacketKind.Pause) pauses.transmitted(pause, packet, start);
  };
}

/** A latency meter's bins, and its deliveries and marked ones in the measurement interval. */
interface LatencyMeter {
  readonly bins: LatencyBins;
  delivered: number;
  marked: number;
}

/** What a flow group's deliveries feed: its rate, its latency, and its source wait if recorded. */
interface GroupMeters {
  readonly rate: ByteCounter;
  readonly latency: LatencyMeter;
  readonly wait: CoverageBins | undefined;
}

/** A delivery: into the meter's bins, and counted (`mark` 0 or 1) if inside the measurement interval (`mark` >= 0). */
function record(meter: LatencyMeter, time: Time, latency: Time, mark: number): void {
  meter.bins.add(time, latency);
  if (mark < 0) return;
  meter.delivered++;
  meter.marked += mark;
}

/** The congestion marks a delivered packet may carry: ECN/FECN, or MVCM's marking bit MB. */
const MARKS = CongestionBit.Ecn | CongestionBit.Marked;

/** Host and switch names of `nonCompliant` and `subnetManager` must be the topology's. */
function checkDeviceNames(scenario: Scenario, topology: Topology): void {
  const hosts = topology.nodes.filter((node) => node.kind === "host").map((node) => node.id);
  const switches = topology.nodes.filter((node) => node.kind !== "host").map((node) => node.id);
  const check = (field: string, name: string, known: string[], what: "host" | "switch") => {
    if (!known.includes(name)) {
      throw new ScenarioError(
        `${field}: "${name}" is not a ${what} of the topology; its ${what}s: ${formatList(known)}`,
      );
    }
  };
  for (const [i, name] of scenario.nonCompliant.hosts.entries()) check(`nonCompliant.hosts[${i}]`, name, hosts, "host");
  for (const [i, name] of scenario.nonCompliant.switches.entries()) {
    check(`nonCompliant.switches[${i}]`, name, switches, "switch");
  }
  const manager = scenario.subnetManager;
  if (manager === undefined) return;
  check("subnetManager.host", manager.host, hosts, "host");
  if (scenario.nonCompliant.hosts.length === 0) {
    throw new ScenarioError("subnetManager: nonCompliant.hosts is empty, so the manager has nothing to throttle");
  }
  if (scenario.nonCompliant.hosts.includes(manager.host)) {
    throw new ScenarioError(`subnetManager.host: "${manager.host}" is listed in nonCompliant.hosts`);
  }
}

/** `switch:port` of every output whose link leads to a non-compliant switch. */
function portsTowardNonCompliant(topology: Topology, nonCompliant: readonly string[]): Set<string> {
  const ports = new Set<string>();
  if (nonCompliant.length === 0) return ports;
  for (const { a, b } of topology.links) {
    if (nonCompliant.includes(b.node)) ports.add(`${a.node}:${a.port}`);
    if (nonCompliant.includes(a.node)) ports.add(`${b.node}:${b.port}`);
  }
  return ports;
}

/** Per-switch counts of the marking policies (see `ScenarioResult.marks`). */
function switchMarks(policies: readonly CountedMarkingPolicy[]): Record<string, SwitchMarks> {
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

/**
 * Runs to `end` a simulated millisecond at a time: progress, and a deadlock check, after each.
 * With `sampling`, the run also stops at every multiple of its interval to sample the queues
 * there, after all the events of that instant: read-only, between events, so the run's
 * trajectory (and its event count) is the same with or without it.
 */
function runWithProgress(
  engine: Engine,
  end: Time,
  onProgress: RunOptions["onProgress"],
  watchdog: DeadlockWatchdog,
  sampling?: { queues: QueueLengths; interval: Time },
): void {
  const step = ms(1);
  let sample = sampling === undefined ? Number.POSITIVE_INFINITY : sampling.interval;
  for (let t = Math.min(step, end); ; t = Math.min(t + step, end)) {
    for (; sample <= t; sample += sampling!.interval) {
      engine.run({ until: sample });
      sampling!.queues.sample(sample);
    }
    engine.run({ until: t });
    onProgress?.(t / PS_PER_MS, end / PS_PER_MS, engine.eventsHandled);
    watchdog.check(t);
    if (t >= end) break;
  }
}

/**
 * `limitsOf` for the sink, worked out once per group: a reopened per-destination queue asks
 * for its group's limits with every message.
 */
function groupLimits(scenario: Scenario): (group: string) => { window?: number; rate?: number } {
  const known = new Map<string, { window?: number; rate?: number }>();
  return (group) => {
    let limits = known.get(group);
    if (limits === undefined) {
      limits = limitsOf(scenario, group);
      known.set(group, limits);
    }
    return limits;
  };
}

/** Window and rate limit (bytes/s) of a flow group: the group's own, else the defaults. */
function limitsOf(scenario: Scenario, group: string): { window?: number; rate?: number } {
  const own = scenario.limits.groups[group] ?? {};
  const window = own.window ?? scenario.limits.window;
  const rate = own.rate ?? scenario.limits.rate;
  return {
    ...(window === undefined ? {} : { window }),
    ...(rate === undefined ? {} : { rate: rate * scenario.topology.bandwidth }),
  };
}
