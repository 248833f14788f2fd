/**
 * Packet trimming on a lossy priority of the shared-buffer switch, driven by hand: a 2-to-1
 * fan-in at 1 GB/s (1000 B = 1 us) whose egress queue may hold 3000 B. Packets over that are
 * forwarded as 64 B headers ahead of the queued data; nothing pauses; a lossless priority of the
 * same switch pauses instead and never trims.
 */
import { PacketKind, PacketStore, TransportFlag } from "@losslab/core";
import { Engine, us } from "@losslab/engine";
import { lanePacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { HeldBytesMismatch, SharedBufferSwitch } from "../src/index.js";

const SIZE = 1000;
const PACKETS = 30;
const LINK = { bandwidth: 1e9, delay: us(1) };

/**
 * H0 and H1 each send 30 packets back to back on VL `vl` to D, H1 half a packet behind H0;
 * `degraded` (output 2's share), `trimThresholdBytes` (default 3000) and `hostOutputs` change the switch.
 */
function fanIn(
  vl: number,
  headerQueueBytes?: number,
  degraded?: number,
  trimThresholdBytes = 3000,
  hostOutputs?: number[],
) {
  const engine = new Engine();
  const packets = new PacketStore();
  const sw = new SharedBufferSwitch(engine, {
    name: "S",
    ports: 3,
    routes: [0, 1, 2],
    vls: 2,
    inputBufferBytes: 16_000,
    maxPacketBytes: SIZE,
    sharedBufferBytes: 100_000,
    flowControl: { kind: "pause", xoffBytes: 10_000, xonBytes: 5_000, reactionDelay: us(1) },
    lossyPriorities: [1],
    trimThresholdBytes,
    ...(headerQueueBytes === undefined ? {} : { headerQueueBytes }),
    ...(degraded === undefined ? {} : { degradedOutputs: new Map([[2, degraded]]) }),
    ...(hostOutputs === undefined ? {} : { hostOutputs }),
    packets,
  });
  const hosts = [0, 1].map((host) => new ScriptedSource(engine, `H${host}`, us(1)));
  const ports = hosts.map((host, port) => duplex(engine, host, 0, sw, port, LINK));
  const d = new RecordingSink(engine, "D");
  wire(engine, sw, 2, d, 0, LINK);
  for (let seq = 0; seq < PACKETS; seq++) {
    hosts[0]!.send(lanePacket(packets, 0, 2, vl, seq, SIZE), us(seq));
    hosts[1]!.send(lanePacket(packets, 1, 2, vl, seq, SIZE), us(seq + 0.5));
  }
  engine.run();
  const pauses = ports.flatMap(({ backward }) => backward.sent.filter((t) => t.packet.kind === PacketKind.Pause));
  return { sw, d, pauses };
}

const trimmed = (transport: number) => (transport & TransportFlag.Trimmed) !== 0;

describe("shared-buffer switch: trimming on a lossy priority", () => {
  it("flags a trim at an output toward a host as at the last hop (RCCC's OversubscribedCC tells them apart)", () => {
    const lastHop = (hostOutputs?: number[]) =>
      fanIn(1, undefined, undefined, 3000, hostOutputs)
        .d.arrivals.filter((a) => trimmed(a.packet.transport))
        .map((a) => (a.packet.transport & TransportFlag.TrimmedLastHop) !== 0);
    const toHost = lastHop([0, 1, 2]);
    expect(toHost.length).toBeGreaterThan(0);
    expect(toHost.every(Boolean)).toBe(true);
    // Output 2 leads to D, but this switch is not told so (a spine's port toward a leaf).
    expect(lastHop([0, 1]).some(Boolean)).toBe(false);
    expect(lastHop().some(Boolean)).toBe(false);
  });

  it("forwards every packet, whole or as a 64 B header, and pauses nobody", () => {
    const { sw, d, pauses } = fanIn(1);
    const counts = sw.trimmingCounts()!;
    const headers = d.arrivals.filter((a) => trimmed(a.packet.transport));
    expect(d.arrivals).toHaveLength(2 * PACKETS);
    expect(counts.trimmed).toBeGreaterThan(0);
    expect(headers).toHaveLength(counts.trimmed);
    expect(headers.every((a) => a.packet.size === 64 && a.packet.kind === PacketKind.Data)).toBe(true);
    expect(counts.headersDropped).toBe(0);
    expect(counts.trimmedByFlow.get(0)! + counts.trimmedByFlow.get(1)!).toBe(counts.trimmed);
    expect(pauses).toEqual([]);
    // Two inputs at line rate into one output: about half of what arrives past the first
    // 3000 B is cut (the output takes one packet per us, two arrive).
    expect(counts.trimmed).toBeGreaterThan(PACKETS / 2);
    expect(counts.trimmed).toBeLessThan(PACKETS + 1);
  });

  it("records when each trim happened: the i-th trim before the i-th header reaches D", () => {
    const { sw, d } = fanIn(1);
    const times = sw.trimmingCounts()!.trimTimes;
    const headers = d.arrivals.filter((a) => trimmed(a.packet.transport));
    expect(times).toHaveLength(headers.length);
    // One output, one header FIFO: headers leave in the order they were cut.
    headers.forEach((header, i) => {
      expect(times[i]!).toBeLessThan(header.headerAt);
      if (i > 0) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    });
  });

  it("sends a header ahead of the data queued before it", () => {
    const { d } = fanIn(1);
    const order = d.arrivals.map((a) => a.packet);
    // Some header of H0's packet s reaches D before a whole packet of H0 with a lower sequence number.
    const overtakes = order.some(
      (header, i) =>
        trimmed(header.transport) &&
        order
          .slice(i + 1)
          .some((later) => !trimmed(later.transport) && later.flow === header.flow && later.seq < header.seq),
    );
    expect(overtakes).toBe(true);
  });

  it("drops, and counts, a header the header queue has no room for", () => {
    // Room for no header at all: every trimmed packet is dropped.
    const { sw, d } = fanIn(1, 1);
    const counts = sw.trimmingCounts()!;
    expect(counts.headersDropped).toBe(counts.trimmed);
    expect(counts.trimmed).toBeGreaterThan(0);
    expect(d.arrivals).toHaveLength(2 * PACKETS - counts.trimmed);
    expect(d.arrivals.some((a) => trimmed(a.packet.transport))).toBe(false);
  });

  it("on a degraded output, trims over the threshold times the output's share (uet-htsim's -failed)", () => {
    // 6000 B at a share of 0.5 is the 3000 B queue: the same packets are cut, at the same times;
    // the whole 6000 B (the share ignored) cuts fewer.
    const scaled = fanIn(1, undefined, 0.5, 6000).sw.trimmingCounts()!;
    const reference = fanIn(1).sw.trimmingCounts()!;
    const unscaled = fanIn(1, undefined, undefined, 6000).sw.trimmingCounts()!;
    expect(scaled.trimmed).toBe(reference.trimmed);
    expect(scaled.trimTimes).toEqual(reference.trimTimes);
    expect(unscaled.trimmed).toBeLessThan(reference.trimmed);
    // A share that truncates: 3999 x 0.75 = 2999.25 -> 2999 B holds 2 packets, as 2999 B does.
    const truncated = fanIn(1, undefined, 0.75, 3999).sw.trimmingCounts()!;
    expect(truncated.trimTimes).toEqual(fanIn(1, undefined, undefined, 2999).sw.trimmingCounts()!.trimTimes);
  });

  it("on a degraded output, the header queue's limit scales too", () => {
    // 2 headers' room at a share of 0.5 is room for 1 (and the 3000 B queue 1500 B): it drops
    // what a 64 B limit over a 1500 B queue drops; the 128 B limit unscaled drops fewer.
    const scaled = fanIn(1, 128, 0.5).sw.trimmingCounts()!;
    const reference = fanIn(1, 64, undefined, 1500).sw.trimmingCounts()!;
    expect(scaled.headersDropped).toBeGreaterThan(0);
    expect(scaled.headersDropped).toBe(reference.headersDropped);
    expect(fanIn(1, 128, undefined, 1500).sw.trimmingCounts()!.headersDropped).toBeLessThan(scaled.headersDropped);
  });

  it("on the lossless priority of the same switch: PFC pauses, nothing is trimmed", () => {
    const { sw, d, pauses } = fanIn(0);
    expect(sw.trimmingCounts()!.trimmed).toBe(0);
    expect(pauses.length).toBeGreaterThan(0);
    expect(d.arrivals).toHaveLength(2 * PACKETS);
    expect(d.arrivals.every((a) => a.packet.size === SIZE)).toBe(true);
  });
});

/**
 * H0 -> S1 -> S2 -> D: H0 sends 30 packets back to back on the lossy VL, and S2's link to D
 * runs at half speed, so S2 trims (and with `headerQueueBytes` 1 drops every header). The link
 * S1 -> S2 is half a packet's serialization long: S2 judges a packet while S1 still sends it.
 * Released packets are poisoned, so a read of a freed packet shows.
 */
function shortHop(headerQueueBytes?: number) {
  const engine = new Engine();
  const packets = new PacketStore({ released: "poison" });
  const options = {
    vls: 2,
    inputBufferBytes: 16_000,
    maxPacketBytes: SIZE,
    sharedBufferBytes: 100_000,
    flowControl: { kind: "pause" as const, xoffBytes: 10_000, xonBytes: 5_000, reactionDelay: us(1) },
    lossyPriorities: [1],
    trimThresholdBytes: 3000,
    ...(headerQueueBytes === undefined ? {} : { headerQueueBytes }),
    packets,
  };
  // Hosts: H0 = 0, D = 1; routes by destination.
  const s1 = new SharedBufferSwitch(engine, { ...options, name: "S1", ports: 2, routes: [0, 1] });
  const s2 = new SharedBufferSwitch(engine, { ...options, name: "S2", ports: 2, routes: [0, 1] });
  const h0 = new ScriptedSource(engine, "H0", us(1));
  duplex(engine, h0, 0, s1, 0, LINK);
  const hop = duplex(engine, s1, 1, s2, 0, { bandwidth: LINK.bandwidth, delay: us(0.5) });
  const d = new RecordingSink(engine, "D");
  wire(engine, s2, 1, d, 0, { bandwidth: LINK.bandwidth / 2, delay: LINK.delay });
  for (let seq = 0; seq < PACKETS; seq++) h0.send(lanePacket(packets, 0, 1, 1, seq, SIZE), us(seq));
  engine.run();
  return { s1, s2, d, sent: hop.forward.sent };
}

describe("shared-buffer switch: trimming a packet its sender is still sending", () => {
  // Before, S2 trimmed in place a packet S1 was still sending, or freed a dropped one's slot at
  // once, and S1 freed the trimmed size, or a poisoned record's, when its last byte had left.

  it.each([
    ["trims", undefined],
    ["trims and drops every header", 1],
  ])("S2 %s; S1 frees what it held, and its queues and buffers end empty", (_, headerQueueBytes) => {
    const { s1, s2, d, sent } = shortHop(headerQueueBytes);
    const counts = s2.trimmingCounts()!;
    expect(counts.trimmed).toBeGreaterThan(PACKETS / 4);
    expect(counts.headersDropped).toBe(headerQueueBytes === undefined ? 0 : counts.trimmed);
    // S1 sent every packet whole (its record as it started), and counts nothing left over.
    expect(sent.filter((t) => t.packet.kind === PacketKind.Data).map((t) => t.packet.size)).toEqual(
      new Array(PACKETS).fill(SIZE),
    );
    expect([s1.outputOccupancy(1), s1.inputOccupancy(0), s1.sharedOccupancy()]).toEqual([0, 0, 0]);
    expect([s2.outputOccupancy(1), s2.inputOccupancy(0), s2.sharedOccupancy()]).toEqual([0, 0, 0]);
    // D got each packet once, whole or as its header (unless dropped): no poisoned record.
    expect(new Set(d.arrivals.map((a) => a.packet.seq)).size).toBe(d.arrivals.length);
    expect(d.arrivals).toHaveLength(PACKETS - counts.headersDropped);
    expect(d.arrivals.filter((a) => trimmed(a.packet.transport))).toHaveLength(counts.trimmed - counts.headersDropped);
    expect(d.arrivals.every((a) => a.packet.size === (trimmed(a.packet.transport) ? 64 : SIZE))).toBe(true);
  });
});

describe("HeldBytesMismatch", () => {
  it("is thrown when a queue's byte count disagrees with what it holds", () => {
    // A packet whose record shrinks while queued (as a receiver's trim in place once did):
    // its egress queue frees 64 B of the 1000 B it counted.
    const engine = new Engine();
    const packets = new PacketStore();
    const sw = new SharedBufferSwitch(engine, {
      name: "S",
      ports: 2,
      routes: [0, 1],
      inputBufferBytes: 16_000,
      maxPacketBytes: SIZE,
      sharedBufferBytes: 100_000,
      flowControl: { kind: "pause", xoffBytes: 10_000, xonBytes: 5_000, reactionDelay: us(1) },
      packets,
    });
    const h = new ScriptedSource(engine, "H0", us(1));
    duplex(engine, h, 0, sw, 0, LINK);
    wire(engine, sw, 1, new RecordingSink(engine, "D"), 0, LINK);
    const packet = lanePacket(packets, 0, 1, 0, 0, SIZE);
    h.send(packet, 0);
    engine.run({ until: us(1.5) }); // in S's egress queue, on its link from 1.04 us to 2.04 us
    expect(sw.outputOccupancy(1)).toBe(SIZE);
    packets.trim(packet, 64);
    const run = () => {
      try {
        engine.run();
      } catch (error) {
        return error;
      }
    };
    const error = run();
    expect(error).toBeInstanceOf(HeldBytesMismatch);
    expect((error as Error).message).toMatch(
      /^S: output queue \(output \* vls \+ VL\) 1 counts 936 B while it holds nothing: its accounting is corrupt/,
    );
  });
});
