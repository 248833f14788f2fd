/**
 * scenarioFabric wires real devices: one 2068 B packet from H0 across two switches to H1 and
 * its 20 B ACK back, to the picosecond (santos-2002 Table 1: 1 GB/s, 40 ns forwarding;
 * Scenario S: 10 ns per link).
 */
import { PacketStore } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import type { Controller } from "@losslab/response";
import { buildRoutes, TopologyBuilder } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { builtInKinds, parseScenario } from "../src/index.js";
import { scenarioFabric } from "../src/scenario-fabric.js";

// H0 -- S1 -- S2 -- H1. Ports: S1 0 = H0, 1 = S2; S2 0 = S1, 1 = H1. Host indices H0 = 0, H1 = 1.
function build() {
  const topology = new TopologyBuilder({ bandwidth: 1e9, delayPs: 10_000 })
    .switch("S1")
    .switch("S2")
    .host("H0")
    .host("H1")
    .link("H0", "S1")
    .link("S1", "S2")
    .link("S2", "H1")
    .build();
  const routes = buildRoutes(topology);
  // Only the switch and packet settings of the scenario are used: the Table 1 defaults.
  const scenario = parseScenario({
    durationMs: 1,
    topology: { kind: "single-switch", hosts: 2 },
    flows: [{ source: "H0", destination: "H1" }],
  });
  const engine = new Engine();
  const fabric = scenarioFabric(engine, topology, routes, scenario, builtInKinds, new PacketStore());
  const sent = new Map<string, Array<[Time, Time]>>();
  for (const [name, link] of fabric.links) {
    const list: Array<[Time, Time]> = [];
    sent.set(name, list);
    link.onTransmit((_packets, _packet, start, end) => list.push([start, end]));
  }
  return { engine, fabric, sent, routes };
}

describe("buildFabric", () => {
  it("creates a device per node and two named links per topology link", () => {
    const { fabric, routes } = build();
    expect([...fabric.hosts.keys()]).toEqual(["H0", "H1"]);
    expect([...fabric.switches.keys()]).toEqual(["S1", "S2"]);
    expect([...fabric.links.keys()].sort()).toEqual(["H0->S1", "H1->S2", "S1->H0", "S1->S2", "S2->H1", "S2->S1"]);
    expect(fabric.hosts.get("H1")!.host).toBe(routes.nodeIndex("H1"));
    expect(fabric.links.get("S1->S2")!.bandwidth).toBe(1e9);
    expect(fabric.links.get("S1->S2")!.delay).toBe(10_000);
  });

  it("gives every sender the credits of the buffer at the far end", () => {
    const { fabric } = build();
    const s1 = fabric.switches.get("S1")!;
    // 4 packets x ceil(2068 / 64) = 33 blocks = 132 blocks = 8448 B per input buffer.
    expect(s1.inputCapacity(0)).toBe(8448);
    expect(s1.outputCredits(1)).toBe(132); // towards S2's input buffer
    expect(s1.outputCredits(0)).toBe(Number.POSITIVE_INFINITY); // towards host H0, which drains at link rate
  });

  it("carries one packet H0 -> S1 -> S2 -> H1 and its ACK back at the exact times", () => {
    const { engine, fabric, sent } = build();
    const acks: Time[] = [];
    const controller: Controller = {
      rate: Number.POSITIVE_INFINITY,
      window: Number.POSITIVE_INFINITY,
      wakeAt: undefined,
      onSend: () => {},
      onAck: () => acks.push(engine.now),
      onCnp: () => {},
      onTimer: () => {},
    };
    const delivered: Time[] = [];
    fabric.hosts.get("H1")!.onDeliver((_packets, _packet, time) => delivered.push(time));
    fabric.hosts.get("H0")!.addFlow({ id: 0, destination: 1, packetBytes: 2068, start: 0, packets: 1, controller });
    engine.run();
    // Data: 2,068,000 ps per hop. Header at S1 10,000, forwarded 40 ns later; same at S2.
    expect(sent.get("H0->S1")).toEqual([[0, 2_068_000]]);
    expect(sent.get("S1->S2")).toEqual([[50_000, 2_118_000]]);
    expect(sent.get("S2->H1")).toEqual([[100_000, 2_168_000]]);
    // H1 has the last byte at 2,168,000 + 10,000 (= 2,068,000 + 3 x 10 ns + 2 x 40 ns).
    expect(delivered).toEqual([2_178_000]);
    // The ACK (20 B = 20,000 ps) leaves H1 at once. S2: header 2,188,000, forwarded at
    // 2,228,000 (40 ns rules: the tail came at 2,208,000). S1: header 2,238,000, forwarded at 2,278,000.
    expect(sent.get("H1->S2")).toEqual([[2_178_000, 2_198_000]]);
    expect(sent.get("S2->S1")).toEqual([[2_228_000, 2_248_000]]);
    expect(sent.get("S1->H0")).toEqual([[2_278_000, 2_298_000]]);
    // H0 has the whole ACK at 2,298,000 + 10,000: round trip 2.308 us.
    expect(acks).toEqual([2_308_000]);
  });
});
