import type { HostAdapter } from "@losslab/adapter";
import { CongestionBit, type Packet, PacketKind } from "@losslab/core";
import { Engine, ms, PS_PER_MS, type Time, us } from "@losslab/engine";
import { createMarking } from "@losslab/marking";
import {
  ByteCounter,
  type CompletionSummary,
  CompletionTimes,
  CoverageBins,
  LatencyBins,
  slidingWindow,
} from "@losslab/metrics";
import { type ControllerFactory, ibCca, mvcm, perAck, qcn } from "@losslab/response";
import { buildRoutes } from "@losslab/topology";
import { createGenerator, startGenerators } from "@losslab/traffic";
import { AdapterSink } from "./adapter-sink.js";
import { buildFabric } from "./fabric.js";
import { type ResolvedFlow, resolveFlows, scenarioGenerators } from "./flows.js";
import { parseScenario } from "./parse-scenario.js";
import { ScenarioError } from "./scenario-error.js";
import { scenarioTopology } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";

export interface RunOptions {
  /** Called every simulated millisecond or so with the time reached (ms) and the duration (ms). */
  onProgress?: (doneMs: number, totalMs: number) => void;
}

/** Rates in a result are fractions of the link bandwidth (0..1). Times in ms. */
export interface ScenarioResult {
  scenario: Scenario;
  /** Engine events handled. */
  events: number;
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
  return buildSimulation(scenario)(options);
}

/**
 * Checks everything about a scenario that can be checked without running it: the format
 * (`parseScenario`), then the hosts its flows and generators name, and the parameters of
 * its marking policy, controller and generators, by building the whole simulation. Throws
 * a ScenarioError naming the field; returns the validated scenario.
 */
export function checkScenario(input: unknown): Scenario {
  const scenario = parseScenario(input);
  buildSimulation(scenario);
  return scenario;
}

/** Builds the fabric, flows, generators and meters; the returned function runs and measures. */
function buildSimulation(scenario: Scenario): (options: RunOptions) => ScenarioResult {
  // parseScenario checks this too; runScenario also accepts scenarios built in code.
  const [fromMs, toMs] = scenario.metrics.measureMs ?? [0, scenario.durationMs];
  if (!(toMs > fromMs) || toMs > scenario.durationMs) {
    throw new ScenarioError(
      `metrics.measureMs: [${fromMs}, ${toMs}] must be an interval inside [0, durationMs=${scenario.durationMs}]`,
    );
  }
  const engine = new Engine({ seed: scenario.seed });
  const topology = asScenarioError("topology", () => scenarioTopology(scenario));
  const routes = buildRoutes(topology);
  // Congestion notifications a switch generates (QCN CNMs): a frame to the culprit's source.
  const notifications: Notification[] = [];
  let notifyFrom: (culprit: Packet, feedback: number, at: string) => void = () => {};
  const qcnRandom = engine.rng.stream("marking/qcn");
  const marking = asScenarioError("marking", () =>
    createMarking(scenario.marking, {
      notify: (culprit, feedback, at) => notifyFrom(culprit, feedback, at),
      random: () => qcnRandom.next(),
    }),
  );
  const fabric = buildFabric(engine, topology, routes, scenario, marking);
  notifyFrom = (culprit, feedback, at) => {
    const now = engine.now;
    const frame = fabric.packets.create({
      kind: PacketKind.Cnp,
      flow: culprit.flow,
      source: -1,
      destination: culprit.source,
      size: scenario.packets.notificationBytes,
      seq: culprit.seq,
      createdAt: now,
      feedback,
    });
    fabric.switches.get(at)!.sendNotification(frame);
    notifications.push({ timeMs: now / PS_PER_MS, flow: culprit.flow, switch: at, feedback });
  };
  const hostIds = new Set(fabric.hosts.keys());
  const flows = resolveFlows(scenario, hostIds);
  const bandwidth = scenario.topology.bandwidth;
  const controllers = controllerFactory(scenario);
  const end = ms(scenario.durationMs);
  const binWidth = us(scenario.metrics.binUs);
  const counter = () => new ByteCounter(binWidth, end);

  const meters = new Map<string, ByteCounter>();
  const metered = scenario.metrics.linkMeters;
  for (const name of metered ?? []) {
    if (!fabric.links.has(name)) {
      throw new ScenarioError(
        `metrics.linkMeters: no link "${name}" (links are named "from->to", e.g. "${fabric.links.keys().next().value}")`,
      );
    }
  }
  for (const [name, link] of fabric.links) {
    if (metered !== undefined && !metered.includes(name)) continue;
    const meter = counter();
    link.onTransmit(meter.transmissionListener());
    meters.set(`link:${name}`, meter);
  }
  const flowMeters: ByteCounter[] = [];
  const groupMeters: ByteCounter[] = [];
  const latencies = new Map<string, LatencyBins>();
  const latencyBins = (name: string): LatencyBins => {
    let bins = latencies.get(name);
    if (bins === undefined) {
      bins = new LatencyBins(binWidth, end);
      latencies.set(name, bins);
    }
    return bins;
  };
  const groupLatencies: LatencyBins[] = [];
  const groupMeter = (group: string): ByteCounter => {
    const name = `group:${group}`;
    let meter = meters.get(name);
    if (meter === undefined) {
      meter = counter();
      meters.set(name, meter);
    }
    return meter;
  };
  const allLatency = latencyBins("all");
  const waitGroups = new Map(
    scenario.metrics.sourceWaitGroups.map((group) => [group, new CoverageBins(binWidth, end)]),
  );
  const waitOf: (CoverageBins | undefined)[] = [];
  for (const flow of flows) {
    const meter = counter();
    meters.set(`flow:${flow.id}`, meter);
    flowMeters[flow.id] = meter;
    groupMeters[flow.id] = groupMeter(flow.group);
    groupLatencies[flow.id] = latencyBins(`group:${flow.group}`);
    waitOf[flow.id] = waitGroups.get(flow.group);
    addFlow(fabric.hosts.get(flow.source)!, flow, routes.nodeIndex(flow.destination), scenario, controllers);
  }

  // Generated traffic: flows and messages from @losslab/traffic, metered per group only.
  const completions = new CompletionTimes();
  const sink = new AdapterSink({
    engine,
    hosts: fabric.hosts,
    hostIndex: (id) => routes.nodeIndex(id),
    packetBytes: scenario.packets.dataBytes,
    payloadBytes: scenario.packets.dataBytes - scenario.packets.headerBytes,
    limitsOf: (group) => limitsOf(scenario, group),
    controllers,
    lineRate: bandwidth,
    persistent: scenario.controller.kind === "per-ack" && scenario.controller.persistent,
    queues: scenario.adapter.queues,
    firstFlowId: flows.length,
    onFlow: (id, group) => {
      groupMeters[id] = groupMeter(group);
      groupLatencies[id] = latencyBins(`group:${group}`);
      waitOf[id] = waitGroups.get(group);
    },
    onComplete: (group, duration) => completions.add(group, duration),
  });
  const generators = asScenarioError("traffic", () =>
    scenarioGenerators(scenario).map((spec, i) => createGenerator(spec, `traffic[${i}]`)),
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
  for (const name of classes) meters.set(name, counter());
  const classMeters = classes.map((name) => meters.get(name)!);
  const classLatencies = classes.map(latencyBins);
  // Marks on delivered packets, counted per latency meter over the measurement interval.
  const markFrom = ms(fromMs);
  const markTo = ms(toMs);
  const markedCounts = new Map<LatencyBins, { delivered: number; marked: number }>();
  const countMarks = (bins: LatencyBins, marked: boolean) => {
    let counts = markedCounts.get(bins);
    if (counts === undefined) {
      counts = { delivered: 0, marked: 0 };
      markedCounts.set(bins, counts);
    }
    counts.delivered++;
    if (marked) counts.marked++;
  };
  let delivered = 0;
  for (const host of fabric.hosts.values()) {
    host.onDeliver((packet, time) => {
      delivered++;
      const latency = time - packet.createdAt;
      waitOf[packet.flow]?.add(packet.createdAt, packet.injectedAt);
      if (time >= markFrom && time < markTo) {
        const marked = (packet.bits & MARKS) !== 0;
        countMarks(allLatency, marked);
        countMarks(groupLatencies[packet.flow]!, marked);
        if (hotIndex >= 0) countMarks(classLatencies[packet.destination === hotIndex ? 1 : 0]!, marked);
      }
      flowMeters[packet.flow]?.add(time, packet.size);
      groupMeters[packet.flow]!.add(time, packet.size);
      groupLatencies[packet.flow]!.add(time, latency);
      allLatency.add(time, latency);
      if (hotIndex >= 0) {
        const hot = packet.destination === hotIndex ? 1 : 0;
        classMeters[hot]!.add(time, packet.size);
        classLatencies[hot]!.add(time, latency);
      }
      sink.packetDelivered(packet.flow);
    });
  }

  return (options) => {
    runWithProgress(engine, end, options.onProgress);

    const meterOf = (name: string): ByteCounter => {
      const meter = meters.get(name);
      if (meter === undefined)
        throw new ScenarioError(`unknown meter "${name}"; known: ${[...meters.keys()].join(", ")}`);
      return meter;
    };
    const rate = (name: string, from: number, to: number) => meterOf(name).rate(ms(from), ms(to)) / bandwidth;
    const summary: ScenarioResult["summary"] = { links: {}, groups: {}, classes: {}, latencyUs: {}, markedPct: {} };
    for (const name of meters.keys()) {
      if (name.startsWith("link:")) summary.links[name.slice(5)] = rate(name, fromMs, toMs);
      else if (name.startsWith("group:")) summary.groups[name.slice(6)] = rate(name, fromMs, toMs);
      else if (name.startsWith("class:")) summary.classes[name.slice(6)] = rate(name, fromMs, toMs);
    }
    const cycle = scenario.cycleNs === undefined ? undefined : scenario.cycleNs * 1000;
    if (cycle !== undefined) summary.latencyCycles = {};
    for (const [name, bins] of latencies) {
      const mean = bins.mean(ms(fromMs), ms(toMs));
      summary.latencyUs[name] = mean / 1e6;
      if (cycle !== undefined) summary.latencyCycles![name] = mean / cycle;
      const counts = markedCounts.get(bins);
      summary.markedPct[name] = counts === undefined ? Number.NaN : (100 * counts.marked) / counts.delivered;
    }
    return {
      scenario,
      events: engine.eventsHandled,
      delivered,
      transmissions: [...fabric.links.values()].reduce((sum, link) => sum + link.packetsSent, 0),
      notifications,
      marked: marking.marked,
      completions: completions.summary(),
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
        const bins = latencies.get(name);
        if (bins === undefined) {
          throw new ScenarioError(`unknown latency meter "${name}"; known: ${[...latencies.keys()].join(", ")}`);
        }
        return bins;
      },
    };
  };
}

/** The congestion marks a delivered packet may carry: ECN/FECN, or MVCM's marking bit MB. */
const MARKS = CongestionBit.Ecn | CongestionBit.Marked;

/** The scenario's controller, one instance per flow; undefined for `none`. */
function controllerFactory(scenario: Scenario): ControllerFactory | undefined {
  const spec = scenario.controller;
  if (spec.kind === "none") return undefined;
  // One factory for the run: it shares the response function and rate table among flows.
  const factory = asScenarioError("controller", () => buildControllers(spec, scenario));
  // Build one now so a bad parameter is reported as a scenario error before the run.
  asScenarioError("controller", () =>
    factory({ lineRate: scenario.topology.bandwidth, packetSize: scenario.packets.dataBytes }),
  );
  return factory;
}

function buildControllers(
  spec: Exclude<Scenario["controller"], { kind: "none" }>,
  scenario: Scenario,
): ControllerFactory {
  const bandwidth = scenario.topology.bandwidth;
  switch (spec.kind) {
    case "per-ack":
      return perAck({
        response: spec.response,
        ...(spec.m === undefined ? {} : { m: spec.m }),
        mode: spec.mode,
        window: spec.window,
        Rmax: bandwidth,
        Rmin: bandwidth * spec.rminFraction,
      });
    case "mvcm": {
      // ferrer-2012 sec. 4.3: k and n come from the network; the round trip crosses
      // 2n-1 switches in a bidirectional k-ary n-tree, n in a butterfly.
      const t = scenario.topology;
      const multistage = t.kind === "k-ary-n-tree" || t.kind === "k-ary-n-fly";
      const radix = spec.radix ?? (multistage ? t.k : undefined);
      const stages = spec.stages ?? (multistage ? t.n : undefined);
      if (radix === undefined || stages === undefined) {
        throw new ScenarioError(
          `controller.radix and controller.stages: give both for topology "${t.kind}" (only k-ary-n-tree and k-ary-n-fly imply them)`,
        );
      }
      const hops = spec.hops ?? (t.kind === "k-ary-n-fly" ? stages : undefined);
      return mvcm({
        radix,
        stages,
        maxWindow: spec.maxWindow,
        limitWaitingSlots: spec.limitWaitingSlots,
        ackBytes: scenario.packets.ackBytes,
        ...(hops === undefined ? {} : { hops }),
        ...(spec.hopDelayNs === undefined ? {} : { hopDelay: Math.round(spec.hopDelayNs * 1000) }),
        ...(spec.slotTimeNs === undefined ? {} : { slotTime: Math.round(spec.slotTimeNs * 1000) }),
      });
    }
    case "qcn":
      return qcn({
        ...(spec.decreaseGain === undefined ? {} : { decreaseGain: spec.decreaseGain }),
        ...(spec.minRateFraction === undefined ? {} : { minRate: spec.minRateFraction * bandwidth }),
        ...(spec.fastRecoveryCycles === undefined ? {} : { fastRecoveryCycles: spec.fastRecoveryCycles }),
        ...(spec.activeIncreaseMbps === undefined ? {} : { activeIncrease: (spec.activeIncreaseMbps * 1e6) / 8 }),
        ...(spec.hyperIncreaseMbps === undefined ? {} : { hyperIncrease: (spec.hyperIncreaseMbps * 1e6) / 8 }),
        ...(spec.byteLimit === undefined ? {} : { byteLimit: spec.byteLimit }),
        ...(spec.timerMs === undefined ? {} : { timerPeriod: ms(spec.timerMs) }),
      });
    case "ib-cca":
      return ibCca({
        timerPeriod: Math.round(spec.timerPeriodUs * 1e6),
        ...(spec.indexIncrease === undefined ? {} : { indexIncrease: spec.indexIncrease }),
        ...(spec.indexMin === undefined ? {} : { indexMin: spec.indexMin }),
        ...(spec.indexLimit === undefined ? {} : { indexLimit: spec.indexLimit }),
      });
  }
}

/** Re-throws a package's parameter error as a ScenarioError that names the scenario field. */
function asScenarioError<T>(field: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    const message = (error as Error).message;
    throw new ScenarioError(message.startsWith(field) ? message : `${field}: ${message}`);
  }
}

function addFlow(
  host: HostAdapter,
  flow: ResolvedFlow,
  destination: number,
  scenario: Scenario,
  controllers: ControllerFactory | undefined,
) {
  const bandwidth = scenario.topology.bandwidth;
  const packetBytes = scenario.packets.dataBytes;
  host.addFlow({
    id: flow.id,
    destination,
    packetBytes,
    start: us(flow.startUs),
    ...(controllers === undefined
      ? {}
      : { controller: controllers({ lineRate: bandwidth, packetSize: packetBytes, flowId: flow.id }) }),
    ...(flow.stopUs === undefined ? {} : { stop: us(flow.stopUs) }),
    ...(flow.window === undefined ? {} : { window: flow.window }),
    ...(flow.rate === undefined ? {} : { rate: flow.rate * bandwidth }),
  });
}

function runWithProgress(engine: Engine, end: Time, onProgress: RunOptions["onProgress"]): void {
  if (onProgress === undefined) {
    engine.run({ until: end });
    return;
  }
  const step = ms(1);
  for (let t = Math.min(step, end); ; t = Math.min(t + step, end)) {
    engine.run({ until: t });
    onProgress(t / PS_PER_MS, end / PS_PER_MS);
    if (t >= end) break;
  }
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
