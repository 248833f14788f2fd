import type { Packet, PacketStore } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import type { Link, LinkCrossing } from "@losslab/switch";
import { partitionTopology } from "@losslab/topology";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";
import { buildSimulation } from "./simulation.js";
import { CreationLog, FrameRing, RING_FLOATS, RING_PACKET_INTS, type SplitMemory } from "./split-memory.js";
import { WindowBarrier } from "./window-barrier.js";

/** What one part of a split run measured, for `mergeParts`. */
export interface PartOutcome {
  readonly part: number;
  /** Its devices' fingerprint lanes (`Fingerprint.lanesCopy`). */
  readonly lanes: Int32Array;
  /** Events it handled, the run's own (device 0) only in part 0 (every part runs them). */
  readonly events: number;
  readonly delivered: number;
  readonly transmissions: number;
  readonly windows: number;
  /** Wall time running its events, and waiting at window ends, ms. */
  readonly runMs: number;
  readonly waitMs: number;
}

const FRAME = 0;
const CREDITS = 1;
/** Where a ring record's packet floats start (the record's float64 after the 7 of the record itself). */
const PACKET_AT = 7;

/**
 * Runs part `part` of `scenario` split over `memory.parts` threads (docs/spec/parallel.md
 * sec. 6), on the calling thread, which must be one of `memory.parts` running their parts at
 * once (it blocks at each window's end until all have arrived).
 *
 * Every part builds the whole simulation, so that the run's own setup (flows, generators,
 * meters, random draws) is the same everywhere, and runs only its own devices' events
 * (`Engine.runOnly`) and the run's own (device 0). It runs windows of the partition's
 * window W: what crosses to another part (frames, credit returns on the cut links) arrives
 * W or more later, so it is handed over at the window's end, through the rings, and queued
 * there with its rank at the sender (`Link.arriveFrame`). Packets created in a window get
 * provisional ids; at its end every part merges the creation logs into the single run's
 * order and numbers them as the single run would have, before the fingerprint hashes them.
 */
export function runSplitPart(
  scenario: Scenario,
  kinds: ScenarioKinds,
  memory: SplitMemory,
  part: number,
  onWindow?: (now: number) => void,
): PartOutcome {
  const parts = memory.parts;
  const barrier = new WindowBarrier(memory.barrier, parts);
  try {
    return runPart(scenario, kinds, memory, part, barrier, onWindow);
  } catch (error) {
    barrier.fail();
    throw error;
  }
}

function runPart(
  scenario: Scenario,
  kinds: ScenarioKinds,
  memory: SplitMemory,
  part: number,
  barrier: WindowBarrier,
  onWindow: ((now: number) => void) | undefined,
): PartOutcome {
  const parts = memory.parts;
  const logs = [0, 1].map((parity) =>
    Array.from({ length: parts }, (_, owner) => new CreationLog(memory.logs[2 * owner + parity]!)),
  );
  const rings = [0, 1].map((parity) =>
    Array.from({ length: parts * parts }, (_, pair) => new FrameRing(memory.rings[2 * pair + parity]!)),
  );
  let parity = 0;
  let engine: Engine | undefined;
  const packetIds = (packet: Packet) => {
    if (engine === undefined || engine.device === 0) {
      throw new Error("a packet created by the run itself, not by a device: not supported on threads");
    }
    const index = logs[parity]![part]!.add(
      engine.now,
      engine.eventScheduledAt,
      engine.eventScheduler,
      engine.eventSequence,
      packet,
    );
    return provisional(part, index, parts);
  };
  // One part has nothing to merge: it numbers its packets as the single run does.
  const simulation = buildSimulation(scenario, kinds, "reuse", parts === 1 ? undefined : packetIds);
  engine = simulation.engine;
  const { topology, routes, fabric } = simulation;
  const partition = partitionTopology(topology, parts);
  const window = partition.windowPs ?? simulation.end + 1;
  const devices = topology.nodes.length + 1;
  const partOfDevice = new Int32Array(devices);
  topology.nodes.forEach((node, index) => {
    partOfDevice[routes.nodeIndex(node.id) + 1] = partition.partOf[index]!;
  });
  const owned = new Uint8Array(devices);
  for (let device = 1; device < devices; device++) owned[device] = partOfDevice[device] === part ? 1 : 0;
  engine.runOnly(owned);
  const packets = fabric.packets;
  const links = [...fabric.links.values()];
  const linkIndex = new Map<Link, number>(links.map((link, index) => [link, index]));
  const crossing: LinkCrossing = {
    frame(link, time, packet, sentAt, sender, sequence) {
      const ring = rings[parity]![part * parts + partOfDevice[link.toDevice]!]!;
      const index = ring.add(FRAME, linkIndex.get(link)!, time, sentAt, sender, sequence, 0);
      packets.copyRecord(packet, ring.ints, RING_PACKET_INTS * index, ring.floats, RING_FLOATS * index + PACKET_AT);
    },
    credits(link, time, credits, sentAt, sender, sequence) {
      const ring = rings[parity]![part * parts + partOfDevice[link.fromDevice]!]!;
      ring.add(CREDITS, linkIndex.get(link)!, time, sentAt, sender, sequence, credits);
    },
  };
  for (const link of links) {
    const from = partOfDevice[link.fromDevice]!;
    const to = partOfDevice[link.toDevice]!;
    if (from !== to && (from === part || to === part)) link.crossTo(crossing);
  }
  const fingerprint = simulation.meters.fingerprint;
  if (parts > 1) fingerprint.defer();
  const numbering = new Numbering(parts);
  let runMs = 0;
  let waitMs = 0;
  let windows = 0;
  for (let start = 0; ; start += window) {
    const until = Math.min(start + window - 1, simulation.end);
    // What this part wrote two windows ago has been read by now (the barrier in between).
    logs[parity]![part]!.clear();
    for (let to = 0; to < parts; to++) rings[parity]![part * parts + to]!.clear();
    const began = performance.now();
    engine.run({ until });
    const ran = performance.now();
    if (!barrier.arrive()) throw new Error("another part failed");
    waitMs += performance.now() - ran;
    runMs += ran - began;
    windows++;
    const windowLogs = logs[parity]!;
    numbering.number(windowLogs);
    const final = (id: number) => numbering.final(id);
    if (parts > 1) fingerprint.hashDeferred(final);
    const own = windowLogs[part]!;
    for (let index = 0; index < own.length; index++) {
      const slot = own.slots[index]!;
      if (packets.id(slot) === provisional(part, index, parts)) packets.setId(slot, numbering.final(packets.id(slot)));
    }
    for (let from = 0; from < parts; from++) {
      if (from !== part) receive(rings[parity]![from * parts + part]!, links, packets, final);
    }
    onWindow?.(until);
    if (until >= simulation.end) break;
    parity ^= 1;
  }
  return {
    part,
    lanes: fingerprint.lanesCopy(),
    events: engine.eventsHandled - (part === 0 ? 0 : engine.runEventsHandled),
    delivered: simulation.deliveries.delivered,
    transmissions: links.reduce((sum, link) => sum + link.packetsSent, 0),
    windows,
    runMs,
    waitMs,
  };
}

/** A packet id while its window lasts: negative, unique among all parts' creations of the window. */
const provisional = (part: number, index: number, parts: number) => -1 - (part + parts * index);

/** Queues what another part sent this one in the window just ended. */
function receive(ring: FrameRing, links: readonly Link[], packets: PacketStore, final: (id: number) => number): void {
  const floats = ring.floats;
  for (let index = 0; index < ring.length; index++) {
    const at = RING_FLOATS * index;
    const link = links[floats[at + 1]!]!;
    const time = floats[at + 2]!;
    if (floats[at] === FRAME) {
      floats[at + PACKET_AT] = final(floats[at + PACKET_AT]!); // the id is the packet record's first float
      const packet = packets.createCopy(ring.ints, RING_PACKET_INTS * index, floats, at + PACKET_AT);
      link.arriveFrame(time, packet, floats[at + 3]!, floats[at + 4]!, floats[at + 5]!);
    } else {
      link.arriveCredits(time, floats[at + 6]!, floats[at + 3]!, floats[at + 4]!, floats[at + 5]!);
    }
  }
}

/**
 * The single run's packet ids: the packets every part created in a window, merged into the
 * order of the events that created them (time, rank, then their order within the event),
 * numbered on from those of the windows before.
 */
class Numbering {
  private next = 0;
  private positions: Float64Array[] = [];

  constructor(private readonly parts: number) {}

  number(logs: readonly CreationLog[]): void {
    const parts = this.parts;
    this.positions = logs.map((log) => new Float64Array(log.length));
    const heads = new Array<number>(parts).fill(0);
    for (;;) {
      let first = -1;
      for (let owner = 0; owner < parts; owner++) {
        if (heads[owner]! === logs[owner]!.length) continue;
        if (first < 0 || logs[owner]!.before(heads[owner]!, logs[first]!, heads[first]!)) first = owner;
      }
      if (first < 0) break;
      this.positions[first]![heads[first]!++] = this.next++;
    }
  }

  /** The final id of `id`: itself once final, its number from the last `number` while provisional. */
  final(id: number): number {
    if (id >= 0) return id;
    const code = -1 - id;
    const owner = code % this.parts;
    return this.positions[owner]![(code - owner) / this.parts]!;
  }
}
