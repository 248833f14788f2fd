/**
 * Switch adaptive routing in an ECMP group (`adaptiveEcmpRouter`; uet-htsim's `ecmp_ar`,
 * docs/spec/uec.md choice C13), and the entropy in ECMP's hash: read from a scripted queue
 * state, so each choice is checked against the state it saw.
 */
import { PacketKind, PacketStore } from "@losslab/core";
import { ecmpPort } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { adaptiveEcmpRouter, type OutputQueueState } from "../src/index.js";

// Destination host 0 is reached through the group of ports 1, 2, 3 (offset 0); host 1 through port 4.
const groups = new Int32Array([3, 1, 2, 3]);
const routes = [-2, 4]; // -2: the group at offset 0 (a table entry below -1 names a group)
const salt = 12345;

function queues(bytes: Record<number, number>, paused: number[] = []): OutputQueueState {
  return {
    waitingFor: () => 0,
    outputOccupancy: (port) => bytes[port] ?? 0,
    outputPaused: (port) => paused.includes(port),
  };
}

function packet(packets: PacketStore, flow: number, destination = 0, entropy?: number) {
  return packets.create({
    kind: PacketKind.Data,
    flow,
    source: 5,
    destination,
    size: 1000,
    seq: 0,
    createdAt: 0,
    entropy,
  });
}

describe("adaptiveEcmpRouter", () => {
  const packets = new PacketStore();
  const router = (pauseAware: boolean, state: OutputQueueState) =>
    adaptiveEcmpRouter({ packets, routes, groups, salt, pauseAware })(state);

  it("sends a packet to the member with the fewest bytes queued", () => {
    expect(router(false, queues({ 1: 9000, 2: 100, 3: 5000 })).outputOf(packet(packets, 1), 0)).toBe(2);
    expect(router(false, queues({ 1: 0, 2: 100, 3: 5000 })).outputOf(packet(packets, 1), 0)).toBe(1);
  });

  it("pause-aware: a paused member counts as full, unless every member is paused", () => {
    const state = queues({ 1: 9000, 2: 100, 3: 5000 }, [2]);
    expect(router(true, state).outputOf(packet(packets, 1), 0)).toBe(3);
    expect(router(false, state).outputOf(packet(packets, 1), 0)).toBe(2);
    expect(router(true, queues({ 1: 9000, 2: 100, 3: 5000 }, [1, 2, 3])).outputOf(packet(packets, 1), 0)).toBe(2);
  });

  it("on a tie keeps the member the hash picks, and follows the table outside groups", () => {
    for (let flow = 0; flow < 20; flow++) {
      const p = packet(packets, flow);
      expect(router(false, queues({})).outputOf(p, 0)).toBe(ecmpPort(groups, routes[0]!, salt, flow, 5, 0));
    }
    expect(router(false, queues({ 4: 1e6 })).outputOf(packet(packets, 1, 1), 0)).toBe(4);
  });
});

describe("ECMP with entropy", () => {
  it("a packet without entropy hashes as before; entropies spread one flow over every member", () => {
    expect(ecmpPort(groups, routes[0]!, salt, 7, 5, 0)).toBe(ecmpPort(groups, routes[0]!, salt, 7, 5, 0, -1));
    const members = new Set<number>();
    for (let entropy = 0; entropy < 64; entropy++) members.add(ecmpPort(groups, routes[0]!, salt, 7, 5, 0, entropy));
    expect([...members].sort()).toEqual([1, 2, 3]);
    // Deterministic: the same (flow, entropy) always takes the same member.
    expect(ecmpPort(groups, routes[0]!, salt, 7, 5, 0, 11)).toBe(ecmpPort(groups, routes[0]!, salt, 7, 5, 0, 11));
  });
});
