/**
 * The Dragonfly's per-packet routing (Kim et al., ISCA 2008 sec. 4) walked hop by hop over
 * the topology's geometry: minimal routes of at most 3 router-to-router hops, Valiant routes
 * of at most 5 through a group that is neither end, VLs by hop class, UGAL-L's choice from
 * the queue state, and too few VLs refused naming `vls`.
 */
import { PacketKind, PacketStore } from "@losslab/core";
import { RngStreams } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { DragonflyShape, dragonflyRouterName, dragonflyRouting, type Routing } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { dragonflyRouter, type OutputQueueState, type PacketRouter } from "../src/index.js";

type DragonflyRouting = Extract<Routing, { kind: "dragonfly" }>;

const idle: OutputQueueState = { waitingFor: () => 0, outputOccupancy: () => 0, outputPaused: () => false };

/** A router per switch of the Dragonfly, all reading `queues`. */
function routers(routing: DragonflyRouting, packets: PacketStore, queues: (router: number) => OutputQueueState) {
  const shape = new DragonflyShape(routing);
  const streams = new RngStreams(1);
  const all: PacketRouter[] = [];
  for (let router = 0; router < shape.routers; router++) {
    const name = dragonflyRouterName(shape.groupOf(router), router % routing.a);
    const factory = dragonflyRouter(routing, {
      name,
      packets,
      vls: 3,
      stream: streams.stream(`dragonfly/${name}/valiant`),
      queuesOf: queues,
    });
    all.push(factory(queues(router)));
  }
  return { shape, all };
}

/** The port of router `next` that `port` of `router` arrives on. */
function arrivalPort(shape: DragonflyShape, router: number, port: number, next: number): number {
  if (!shape.isGlobalPort(port)) return shape.localPort(next % shape.a, router % shape.a);
  for (let p = shape.firstGlobalPort; p < shape.ports; p++) if (shape.neighbour(next, p) === router) return p;
  throw new Error("no global link back");
}

/** Walks a packet from host `source` to host `destination`: the routers, and the VL on each router-to-router link. */
function walk(shape: DragonflyShape, all: PacketRouter[], packets: PacketStore, source: number, destination: number) {
  const packet = packets.create({
    kind: PacketKind.Data,
    flow: source,
    source,
    destination,
    size: 64,
    seq: 0,
    createdAt: 0,
  });
  let router = shape.routerOfHost(source);
  let input = source % shape.p;
  const visited = [router];
  const lanes: number[] = [];
  for (let step = 0; step < 10; step++) {
    const output = all[router]!.outputOf(packet, input);
    const lane = all[router]!.laneOf?.(packet, input, output) ?? 0;
    if (output < shape.p) {
      expect(router).toBe(shape.routerOfHost(destination));
      expect(output).toBe(destination % shape.p);
      expect(lane).toBe(0);
      return { visited, lanes };
    }
    lanes.push(lane);
    packets.setVl(packet, lane);
    const next = shape.neighbour(router, output);
    input = arrivalPort(shape, router, output, next);
    router = next;
    visited.push(router);
  }
  throw new Error(`no delivery from H${source} to H${destination}`);
}

const globalHops = (shape: DragonflyShape, visited: number[]) =>
  visited.filter((router, i) => i > 0 && shape.groupOf(router) !== shape.groupOf(visited[i - 1]!)).length;

describe("dragonflyRouter", () => {
  it("minimal: at most 3 router-to-router hops, one global, VL 0 then 1 after it", () => {
    const packets = new PacketStore();
    const { shape, all } = routers(dragonflyRouting({ p: 2 }), packets, () => idle);
    let longest = 0;
    for (let source = 0; source < shape.hosts; source++) {
      for (let destination = 0; destination < shape.hosts; destination += 5) {
        if (source === destination) continue;
        const { visited, lanes } = walk(shape, all, packets, source, destination);
        longest = Math.max(longest, visited.length - 1);
        const crossings = globalHops(shape, visited);
        expect(crossings).toBeLessThanOrEqual(1);
        for (const [i, lane] of lanes.entries()) expect(lane).toBe(globalHops(shape, visited.slice(0, i + 1)));
      }
    }
    expect(longest).toBe(3);
  });

  it("valiant: at most 5 hops (l-g-l-g-l), two globals through a group that is neither end, VLs 0, 1, 2", () => {
    const packets = new PacketStore();
    const { shape, all } = routers(dragonflyRouting({ p: 2, routing: "valiant" }), packets, () => idle);
    let longest = 0;
    const intermediates = new Set<number>();
    for (let source = 0; source < shape.hosts; source += 3) {
      for (let destination = 0; destination < shape.hosts; destination++) {
        const ends = [shape.groupOf(shape.routerOfHost(source)), shape.groupOf(shape.routerOfHost(destination))];
        if (ends[0] === ends[1]) continue;
        const { visited, lanes } = walk(shape, all, packets, source, destination);
        longest = Math.max(longest, visited.length - 1);
        expect(globalHops(shape, visited)).toBe(2);
        const through = visited.map((router) => shape.groupOf(router)).filter((group) => !ends.includes(group));
        expect(new Set(through).size).toBe(1);
        intermediates.add(through[0]!);
        for (const [i, lane] of lanes.entries()) expect(lane).toBe(globalHops(shape, visited.slice(0, i + 1)));
        expect(Math.max(...lanes)).toBeLessThanOrEqual(2);
      }
    }
    expect(longest).toBe(5);
    expect(intermediates.size).toBe(9); // every group serves as an intermediate
  });

  it("ugal-l: minimal on idle queues; Valiant when the minimal output's queue x hops exceeds the detour's", () => {
    const routing = dragonflyRouting({ p: 2, routing: "ugal-l" });
    const shape = new DragonflyShape(routing);
    // H0 on D0.0 to H70 on D8.3: the minimal path leaves D0.0 on a local port to the router holding group 8's link.
    const minimalPort = shape.minimalPort(0, 70, 0);
    const busy: OutputQueueState = { ...idle, waitingFor: (port) => (port === minimalPort ? 10 : 0) };
    for (const [queues, expectedGlobals] of [
      [idle, 1],
      [busy, 2],
    ] as const) {
      const packets = new PacketStore();
      const { all } = routers(routing, packets, (router) => (router === 0 ? queues : idle));
      expect(globalHops(shape, walk(shape, all, packets, 0, 70).visited)).toBe(expectedGlobals);
    }
  });

  it("lanes single keeps every packet on its VL (no laneOf)", () => {
    const packets = new PacketStore();
    const { all } = routers(dragonflyRouting({ p: 2, routing: "valiant", lanes: "single" }), packets, () => idle);
    expect(all[0]!.laneOf).toBeUndefined();
  });

  it("refuses a switch with fewer VLs than the hop classes need, naming vls", () => {
    const make = (routing: DragonflyRouting, vls: number) =>
      dragonflyRouter(routing, {
        name: "D0.0",
        packets: new PacketStore(),
        vls,
        stream: new RngStreams(1).stream("x"),
        queuesOf: () => idle,
      });
    expect(() => make(dragonflyRouting({ p: 2 }), 1)).toThrow(OptionError);
    expect(() => make(dragonflyRouting({ p: 2 }), 1)).toThrow(/vls.*at least 2/);
    expect(() => make(dragonflyRouting({ p: 2, routing: "ugal-g" }), 2)).toThrow(/at least 3/);
    expect(() => make(dragonflyRouting({ p: 2 }), 2)).not.toThrow();
  });
});
