import type { IntRecord, Packet, PacketStore } from "@losslab/core";
import { type Engine, ms, PS_PER_MS } from "@losslab/engine";
import type {
  CompletionTimes,
  CoverageBins,
  Fingerprint,
  PauseMeter,
  QueueSamples,
  ReorderBuffers,
  Slowdown,
} from "@losslab/metrics";
import type { Link, LinkCrossing } from "@losslab/switch";
import { partitionTopology, type Topology } from "@losslab/topology";
import { CreationLog } from "./creation-log.js";
import { CrossedPackets } from "./crossed-packets.js";
import { FrameRing, RING_FLOATS, RING_PACKET_INTS } from "./frame-ring.js";
import type { LatencyMeters } from "./latency-meters.js";
import { NotificationRanks, type PartNotifications } from "./notification-ranks.js";
import { PacketNumbering } from "./packet-numbering.js";
import type { RateMeters } from "./rate-meters.js";
import { type RecoveryCounters, recoveryCounters } from "./recovery-summary.js";
import { absorbResponseCounts, type ResponseCounts } from "./response-counts.js";
import type { ThreadStats } from "./run-stats.js";
import { predictScaling } from "./scaling-prediction.js";
import { ScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import { type ScenarioResult, type SwitchMarks, scenarioResult, switchMarks } from "./scenario-result.js";
import type { Scenario } from "./schema.js";
import { buildSimulation, type Simulation } from "./simulation.js";
import type { SplitMemory } from "./split-memory.js";
import { SplitTrace } from "./split-trace.js";
import { Standstill } from "./standstill.js";
import { MARKING_BY_PACKET_ID } from "./threads-unsupported.js";
import { WaitsFor } from "./waits-for.js";
import { WindowBarrier } from "./window-barrier.js";
import { WindowLoads } from "./window-loads.js";
import { WindowTimes } from "./window-times.js";

/**
 * What one part of a split run measured: plain data and the meters themselves, which a
 * structured clone carries to the thread that merges them (`SimulationPart.absorb`).
 */
export interface PartState {
  readonly part: number;
  /** Events it handled; the run's own (device 0), which every part runs, only in part 0. */
  readonly events: number;
  readonly delivered: number;
  readonly windows: number;
  /** Wall time running its events, and waiting at window ends, ms; and per window. */
  readonly runMs: number;
  readonly waitMs: number;
  /** Wall time at window ends taking in what the others sent (`exchange`), ms. */
  readonly exchangeMs: number;
  /** Its running and waiting time per window (or per bin of windows). */
  readonly windowTimes: Pick<WindowTimes, "runMs" | "waitMs" | "windowsPerBin">;
  readonly fingerprint: Fingerprint;
  readonly rates: RateMeters;
  readonly latencies: LatencyMeters;
  readonly completions: CompletionTimes;
  readonly slowdown: Slowdown;
  readonly pauses: PauseMeter | undefined;
  readonly reorder: ReorderBuffers | undefined;
  readonly queues: QueueSamples | undefined;
  /** The congestion notifications its switches sent, with their events' ranks. */
  readonly notifications: PartNotifications;
  /** With `metrics.responses`: its flows' controllers' counts (the other flows' count zero). */
  readonly responses: ReadonlyMap<string, ResponseCounts> | undefined;
  /** With `metrics.sourceWaitGroups`: the source waits of the packets delivered in it. */
  readonly sourceWaits: ReadonlyMap<string, CoverageBins>;
  /** Its own switches' marking counts, by switch (each switch marks in its part alone). */
  readonly marks: Record<string, SwitchMarks>;
  /** Its own switches' trimming and its own hosts' recovery counts (each trims and recovers in its part alone). */
  readonly recovery: RecoveryCounters;
  /** Frames lost to link failures, by failed link: those its own devices received (undefined without failures). */
  readonly lostToFailures: Record<string, number> | undefined;
  /** Per link (in `fabric.links` order): bytes sent, packets sent, then packets sent per kind. */
  readonly links: Float64Array;
}

const FRAME = 0;
const CREDITS = 1;
/** Where a ring record's packet floats start (after the record's own 7 float64). */
const PACKET_AT = 7;

/**
 * One part of a scenario run split over `memory.parts` threads (docs/spec/parallel.md
 * sec. 6). Every part builds the whole simulation, so that the run's own setup (flows,
 * generators, meters, random draws at setup) is the same in each, and runs only its own
 * devices' events and the run's own (`Engine.runOnly`): building is a small part of a run,
 * and the devices of other parts stay as built, never touched. The parts run windows of the
 * partition's window W (`partitionTopology`): what crosses to another part (frames and
 * credit returns on the cut links) arrives W or more after it is sent, so it is handed over
 * at the window's end through the rings and queued there with its rank at the sender
 * (`Link.arriveFrame`). Packets created in a window get provisional ids; at its end every
 * part merges the creation logs into the single run's order and numbers the packets as the
 * single run did, before the fingerprint hashes them. Part 0 then absorbs the others'
 * meters (`absorb`) and reports the run (`result`): the single run's result, at any count.
 */
export class SimulationPart {
  readonly simulation: Simulation;
  readonly part: number;
  private readonly parts: number;
  private readonly barrier: WindowBarrier;
  private readonly movement: SharedArrayBuffer;
  private readonly blocked: readonly SharedArrayBuffer[];
  private readonly logs: CreationLog[][];
  private readonly rings: FrameRing[][];
  private readonly links: Link[];
  private readonly window: number;
  /** The part of each device (index: the device; 0, the run itself, in every part). */
  private readonly partOf: Int32Array;
  private parity = 0;
  private events = 0;
  private windows = 0;
  private runMs = 0;
  private waitMs = 0;
  private exchangeMs = 0;
  private readonly windowTimes = new WindowTimes();
  /** From the first window's start to the last's end, ms. */
  private windowsMs = 0;
  private readonly loads: WindowLoads;
  private absorbed: { events: number; delivered: number } = { events: 0, delivered: 0 };
  private readonly absorbedMarks: Record<string, SwitchMarks> = {};
  private readonly absorbedRecovery: RecoveryCounters = { switches: {}, hosts: {} };
  private readonly notifications: NotificationRanks;
  /** Each part's cost, this one's and those absorbed, by part. */
  private readonly threads: ThreadStats[] = [];
  /** With `memory.trace`: this part's packet trace. */
  private readonly trace: SplitTrace | undefined;
  /** What this part sent across, freed once sent (`exchange`). */
  private readonly crossed = new CrossedPackets();

  /**
   * Builds part `part` of `scenario` (validated; `threadsUnsupported` says nothing against it).
   * With `memory.trace`, part 0 writes the run's packet trace to `traceWrite`.
   */
  constructor(
    scenario: Scenario,
    kinds: ScenarioKinds,
    memory: SplitMemory,
    part: number,
    traceWrite?: (chunk: string) => void,
  ) {
    this.part = part;
    const parts = memory.parts;
    this.parts = parts;
    this.barrier = new WindowBarrier(memory.barrier, parts);
    this.movement = memory.movement;
    this.blocked = memory.blocked;
    const byParity = <T>(make: (parity: number) => T[]) => [make(0), make(1)];
    this.logs = byParity((parity) =>
      Array.from({ length: parts }, (_, owner) => new CreationLog(memory.logs[2 * owner + parity]!)),
    );
    this.rings = byParity((parity) =>
      Array.from({ length: parts * parts }, (_, pair) => new FrameRing(memory.rings[2 * pair + parity]!)),
    );
    let engine: Engine | undefined;
    const packetIds = (packet: Packet) => {
      if (engine === undefined || engine.device === 0) {
        throw new Error("a packet made by the run itself (not by a host or a switch) cannot be numbered on threads");
      }
      const log = this.logs[this.parity]![part]!;
      const index = log.add(engine.now, engine.eventScheduledAt, engine.eventScheduler, engine.eventSequence, packet);
      return provisional(part, index, parts);
    };
    // One part has nothing to merge: it numbers its packets as the single run does.
    const simulation = buildSimulation(scenario, kinds, "reuse", parts === 1 ? undefined : packetIds);
    this.simulation = simulation;
    engine = simulation.engine;
    const { topology, routes, fabric } = simulation;
    const partition = partitionTopology(topology, parts);
    this.window = partition.windowPs ?? simulation.end + 1;
    if (parts > 1 && MARKING_BY_PACKET_ID.has(scenario.marking.kind)) checkHostLinks(topology, this.window, scenario);
    const devices = topology.nodes.length + 1;
    const partOf = new Int32Array(devices);
    this.partOf = partOf;
    topology.nodes.forEach((node, index) => {
      partOf[routes.nodeIndex(node.id) + 1] = partition.partOf[index]!;
    });
    const owned = new Uint8Array(devices);
    for (let device = 1; device < devices; device++) owned[device] = partOf[device] === part ? 1 : 0;
    engine.runOnly(owned);
    const own: number[] = [];
    for (let device = 1; device < devices; device++) if (owned[device] === 1) own.push(device);
    const deviceOf = (node: number) => routes.nodeIndex(topology.nodes[node]!.id) + 1;
    this.loads = new WindowLoads(memory.loads, parts, part, topology, deviceOf, this.window, own);
    const packets = fabric.packets;
    this.links = [...fabric.links.values()];
    const linkIndex = new Map<Link, number>(this.links.map((link, index) => [link, index]));
    const rings = this.rings;
    const crossed = this.crossed;
    const crossing: LinkCrossing = {
      frame: (link, time, packet, sentAt, sender, sequence, tailLeaves) => {
        crossed.add(packet, tailLeaves);
        const ring = rings[this.parity]![part * parts + partOf[link.toDevice]!]!;
        const telemetry = packets.telemetry(packet);
        const index = ring.add(FRAME, linkIndex.get(link)!, time, sentAt, sender, sequence, telemetry === null ? 0 : 1);
        packets.copyRecord(packet, ring.ints, RING_PACKET_INTS * index, ring.floats, RING_FLOATS * index + PACKET_AT);
        if (telemetry !== null) crossTelemetry(ring, packets, packet, telemetry);
      },
      credits: (link, time, credits, sentAt, sender, sequence) => {
        const ring = rings[this.parity]![part * parts + partOf[link.fromDevice]!]!;
        ring.add(CREDITS, linkIndex.get(link)!, time, sentAt, sender, sequence, credits);
      },
    };
    for (const link of this.links) {
      const from = partOf[link.fromDevice]!;
      const to = partOf[link.toDevice]!;
      if (from !== to && (from === part || to === part)) link.crossTo(crossing);
    }
    if (parts > 1) simulation.meters.fingerprint.defer();
    const trace = memory.trace;
    this.trace = trace && new SplitTrace(simulation, trace.filters, trace.logs, part, traceWrite);
    this.notifications = new NotificationRanks(engine, fabric, simulation.meters.notifications);
  }

  /**
   * Runs this part to the end, a window at a time, meeting the other parts at each window's
   * end; every simulated millisecond, `onProgress` (time reached and duration in ms, this
   * part's events so far) and the check for a standstill (`Standstill`). Blocks the thread
   * at each window's end until every part has arrived. If it throws, the other parts stop.
   */
  run(onProgress?: (doneMs: number, totalMs: number, events: number) => void): void {
    try {
      this.runWindows(onProgress);
    } catch (error) {
      this.barrier.fail();
      throw error;
    } finally {
      this.trace?.finish();
    }
  }

  private runWindows(onProgress: ((doneMs: number, totalMs: number, events: number) => void) | undefined): void {
    const { engine, end, fabric, routes } = this.simulation;
    const switches = [...fabric.switches.values()].filter(
      (model) => this.partOf[routes.nodeIndex(model.name) + 1] === this.part,
    );
    const own = new Set<unknown>(switches);
    const switchLinks = this.links.filter((link) => own.has(link.from));
    const waitsFor = new WaitsFor(fabric.switches.values(), this.links);
    const standstill = new Standstill(this.movement, this.blocked, this.part, waitsFor);
    const numbering = new PacketNumbering(this.parts);
    let check = ms(1);
    // With metrics.queueLengths, windows end at the sampling times too, and every part samples
    // there, after the instant's events, as the single run does (`runToEnd`); each switch's
    // samples come from its own part (`absorb`).
    const sampling = this.simulation.meters.queueSampling;
    let sample = sampling === undefined ? Number.POSITIVE_INFINITY : sampling.interval;
    const first = performance.now();
    for (let start = 0; ; ) {
      // Windows end at each millisecond too, where the single run reports progress and checks for deadlock.
      const until = Math.min(start + this.window - 1, check, end, sample);
      // What this part wrote two windows ago has been read by now (the barrier in between).
      this.logs[this.parity]![this.part]!.clear();
      for (let to = 0; to < this.parts; to++) this.rings[this.parity]![this.part * this.parts + to]!.clear();
      const began = performance.now();
      engine.run({ until });
      const ran = performance.now();
      if (until === sample) {
        sampling!.queues.sample(until);
        sample += sampling!.interval;
      }
      this.loads.write(this.parity, engine.deviceEvents);
      const checking = until === check || until === end;
      if (checking) standstill.report(this.parity, switchLinks, switches);
      this.trace?.publish(this.parity);
      if (!this.barrier.arrive()) throw new SplitRunStopped();
      const opened = performance.now();
      this.waitMs += opened - ran;
      this.runMs += ran - began;
      this.windowTimes.add(ran - began, opened - ran);
      if (this.part === 0) this.loads.read(this.parity);
      this.windows++;
      this.exchange(numbering, until);
      this.exchangeMs += performance.now() - opened;
      if (checking) {
        onProgress?.(until / PS_PER_MS, end / PS_PER_MS, engine.eventsHandled);
        standstill.check(this.parity, until, switches, () => {
          if (!this.barrier.arrive()) throw new SplitRunStopped();
        });
        check += ms(1);
      }
      if (until >= end) break;
      start = until + 1;
      this.parity ^= 1;
    }
    this.windowsMs = performance.now() - first;
    this.events = engine.eventsHandled - (this.part === 0 ? 0 : engine.runEventsHandled);
  }

  /** At a window's end: numbers the window's packets, hashes its steps, and queues what the other parts sent. */
  private exchange(numbering: PacketNumbering, until: number): void {
    const { fabric, meters } = this.simulation;
    const packets = fabric.packets;
    const logs = this.logs[this.parity]!;
    numbering.number(logs);
    const final = (id: number) => numbering.final(id);
    if (this.parts > 1) meters.fingerprint.hashDeferred(final);
    this.trace?.windowEnd(this.parity, final);
    const own = logs[this.part]!;
    for (let index = 0; index < own.length; index++) {
      const slot = own.slots[index]!;
      // A slot reused since holds a later packet, with an id of its own.
      if (packets.id(slot) === provisional(this.part, index, this.parts)) packets.setId(slot, final(packets.id(slot)));
    }
    packets.numberCopies(final);
    for (let from = 0; from < this.parts; from++) {
      if (from !== this.part)
        receive(this.rings[this.parity]![from * this.parts + this.part]!, this.links, packets, final);
    }
    // Last: the window's steps and trace lines above may still name the packets it sent across.
    this.crossed.releaseUntil(until, packets);
  }

  /** A link's counters in `PartState.links`: bytes, packets, and packets of each kind (`Link.kindsSent`). */
  private linkCounters(): number {
    return 2 + (this.links[0]?.kindsSent.length ?? 0);
  }

  /** What this part measured, for part 0 to `absorb`. */
  state(): PartState {
    const { meters, deliveries } = this.simulation;
    const stride = this.linkCounters();
    const links = new Float64Array(stride * this.links.length);
    this.links.forEach((link, index) => {
      links[stride * index] = link.bytesSent;
      links[stride * index + 1] = link.packetsSent;
      links.set(link.kindsSent, stride * index + 2);
    });
    return {
      part: this.part,
      events: this.events,
      delivered: deliveries.delivered,
      windows: this.windows,
      runMs: this.runMs,
      waitMs: this.waitMs,
      exchangeMs: this.exchangeMs,
      windowTimes: this.windowTimes,
      fingerprint: meters.fingerprint,
      rates: meters.rates,
      latencies: meters.latencies,
      completions: meters.flows.completions,
      slowdown: meters.flows.slowdown,
      pauses: meters.pauses,
      reorder: meters.reorder,
      queues: meters.queueSampling?.queues.samplesTaken(),
      notifications: this.notifications.state(),
      responses: this.simulation.responses,
      sourceWaits: meters.flows.waits,
      marks: this.ownMarks(),
      recovery: recoveryCounters(this.simulation.fabric, (name) => this.owns(name)),
      lostToFailures: this.simulation.failures.summary()?.byLink,
      links,
    };
  }

  /** The marking counts of this part's switches. */
  private ownMarks(): Record<string, SwitchMarks> {
    const { marking, routes } = this.simulation;
    const own = marking.policies.filter((policy) => this.partOf[routes.nodeIndex(policy.switchName) + 1] === this.part);
    return switchMarks(own);
  }

  /** Whether node `name` (a switch or a host) is one of this part's devices. */
  private owns(name: string): boolean {
    return this.partOf[this.simulation.routes.nodeIndex(name) + 1] === this.part;
  }

  /** Adds what another part measured (its `state`, or that state's structured clone) to this part's meters. */
  absorb(state: PartState): void {
    const { meters } = this.simulation;
    meters.fingerprint.absorb(state.fingerprint);
    meters.rates.absorb(state.rates);
    meters.latencies.absorb(state.latencies);
    meters.flows.completions.absorb(state.completions);
    meters.flows.slowdown.absorb(state.slowdown);
    if (state.pauses !== undefined) meters.pauses?.absorb(state.pauses);
    if (state.reorder !== undefined) meters.reorder?.absorb(state.reorder);
    this.notifications.absorb(state.notifications);
    if (state.responses !== undefined) absorbResponseCounts(this.simulation.responses!, state.responses);
    meters.flows.absorbWaits(state.sourceWaits);
    if (state.queues !== undefined) {
      const { routes } = this.simulation;
      // A buffer is named <switch>:<buffer>: it is sampled truly in its switch's part.
      const theirs = (name: string) =>
        this.partOf[routes.nodeIndex(name.slice(0, name.lastIndexOf(":"))) + 1] === state.part;
      meters.queueSampling?.queues.absorb(state.queues, theirs);
    }
    const stride = this.linkCounters();
    this.links.forEach((link, index) => {
      link.bytesSent += state.links[stride * index]!;
      link.packetsSent += state.links[stride * index + 1]!;
      for (let kind = 0; kind < link.kindsSent.length; kind++)
        link.kindsSent[kind]! += state.links[stride * index + 2 + kind]!;
    });
    this.threads[state.part] = threadStats(state);
    Object.assign(this.absorbedMarks, state.marks);
    Object.assign(this.absorbedRecovery.switches, state.recovery.switches);
    Object.assign(this.absorbedRecovery.hosts, state.recovery.hosts);
    if (state.lostToFailures !== undefined) this.simulation.failures.absorb(state.lostToFailures);
    this.absorbed = {
      events: this.absorbed.events + state.events,
      delivered: this.absorbed.delivered + state.delivered,
    };
  }

  /** The run's result, once every other part's state is absorbed: the single run's. */
  result(wallMs: number): ScenarioResult {
    const own = recoveryCounters(this.simulation.fabric, (name) => this.owns(name));
    const result = scenarioResult(this.simulation, wallMs, {
      events: this.events + this.absorbed.events,
      delivered: this.simulation.deliveries.delivered + this.absorbed.delivered,
      recovery: {
        switches: { ...own.switches, ...this.absorbedRecovery.switches },
        hosts: { ...own.hosts, ...this.absorbedRecovery.hosts },
      },
    });
    this.threads[this.part] = threadStats(this.state());
    result.stats.threads = this.threads;
    // The other parts' switches marked there: their counts replace this part's copies' zeros.
    Object.assign(result.marks, this.absorbedMarks);
    result.marked = Object.values(result.marks).reduce((sum, marks) => sum + marks.marked, 0);
    if (this.parts > 1) {
      const runMs = this.threads.reduce((sum, thread) => sum + thread.runMs, 0);
      result.stats.scaling = predictScaling(this.loads, this.parts, runMs, result.events, this.windowsMs);
    }
    return result;
  }
}

const threadStats = ({ events, windows, runMs, waitMs, exchangeMs, windowTimes }: PartState): ThreadStats => ({
  events,
  windows,
  runMs: Math.round(runMs),
  waitMs: Math.round(waitMs),
  exchangeMs: Math.round(exchangeMs),
  windowsPerBin: windowTimes.windowsPerBin,
  windowRunMs: windowTimes.runMs.map((ms) => Number(ms.toFixed(3))),
  windowWaitMs: windowTimes.waitMs.map((ms) => Number(ms.toFixed(3))),
});

/**
 * A packet reaches its first switch no earlier than its host link's delay after it is made:
 * with every host link at least a window long, a marking policy that keys packets by id sees
 * only final ids (`MARKING_BY_PACKET_ID`).
 */
function checkHostLinks(topology: Topology, window: number, scenario: Scenario): void {
  const hosts = new Set(topology.nodes.filter((node) => node.kind === "host").map((node) => node.id));
  for (const link of topology.links) {
    if (!hosts.has(link.a.node) && !hosts.has(link.b.node)) continue;
    const delay = Math.min(link.delayPs, link.delayBackPs ?? link.delayPs);
    if (delay < window) {
      throw new ScenarioError(
        `marking "${scenario.marking.kind}" keys packets by id, final only from the end of the window they are made in: on threads it needs every host link's delay to be at least the window (${window / 1000} ns), but ${link.a.node}<->${link.b.node} has ${delay / 1000} ns; run it with --threads 1`,
      );
    }
  }
}

/** A part stops because another failed: the other's error is the one to report. */
export class SplitRunStopped extends Error {
  override name = "SplitRunStopped";
  constructor() {
    super("another part of the run failed");
  }
}

/**
 * `packet`'s INT list goes with its frame (`RingTelemetry`). The sender's copy of the packet
 * stays in its store, never released (the receiver releases its own copy): its list is
 * dropped there, so that the lists of the frames a part sends across do not pile up. Nothing
 * on this side reads it again: a switch pushes its record before the packet starts on the
 * link (`IntStamping`), and only the hosts at the ends read the list.
 */
function crossTelemetry(ring: FrameRing, packets: PacketStore, packet: Packet, telemetry: readonly IntRecord[]): void {
  ring.telemetry!.write(telemetry);
  packets.setTelemetry(packet, null);
}

/** A packet id while its window lasts: negative, unique among all parts' creations of the window. */
const provisional = (part: number, index: number, parts: number) => -1 - (part + parts * index);

/** Queues what another part sent this one in the window just ended. */
function receive(ring: FrameRing, links: readonly Link[], packets: PacketStore, final: (id: number) => number): void {
  const floats = ring.floats;
  ring.telemetry?.rewind();
  for (let index = 0; index < ring.length; index++) {
    const at = RING_FLOATS * index;
    const link = links[floats[at + 1]!]!;
    const time = floats[at + 2]!;
    if (floats[at] === FRAME) {
      floats[at + PACKET_AT] = final(floats[at + PACKET_AT]!); // the id is the packet record's first float
      const packet = packets.createCopy(ring.ints, RING_PACKET_INTS * index, floats, at + PACKET_AT);
      // A frame's credits field says whether its INT list follows (`FrameRing`).
      if (floats[at + 6] === 1) packets.setTelemetry(packet, ring.telemetry!.read());
      link.arriveFrame(time, packet, floats[at + 3]!, floats[at + 4]!, floats[at + 5]!);
    } else {
      link.arriveCredits(time, floats[at + 6]!, floats[at + 3]!, floats[at + 4]!, floats[at + 5]!);
    }
  }
}
