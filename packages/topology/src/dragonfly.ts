import { KindError, MAX_HOSTS } from "@losslab/kinds";
import { checkCount } from "./check-count.js";
import { dragonflyDependencyCycle } from "./dragonfly-dependencies.js";
import {
  DRAGONFLY_ARRANGEMENTS,
  type DragonflyArrangement,
  DragonflyShape,
  dragonflyRouterName,
} from "./dragonfly-shape.js";
import { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS } from "./link-options.js";
import type { DragonflyLanes, DragonflyRoutingAlgorithm, Routing } from "./routing.js";
import type { Topology } from "./topology.js";
import { TopologyBuilder } from "./topology-builder.js";
import { defineTopology } from "./topology-definition.js";
import { TopologyError } from "./topology-error.js";

/** Options of `dragonfly`. */
export interface DragonflyOptions {
  /** Hosts per router. */
  p: number;
  /** Routers per group (all-to-all local links). Default 2p (the balanced a = 2p = 2h). */
  a?: number;
  /** Global links per router. Default p. */
  h?: number;
  /** Groups: at most a·h + 1 (the default), and g - 1 must divide a·h so every pair of groups has as many links. */
  g?: number;
  /** How groups' global links are paired (`DragonflyShape`). Default "consecutive". */
  arrangement?: DragonflyArrangement;
  /** How switches route: "minimal" (default), "valiant", "ugal-l", "ugal-g". */
  routing?: DragonflyRoutingAlgorithm;
  /** VLs by hop class ("hop-class", the default) or every packet on VL 0 ("single", which deadlocks). */
  lanes?: DragonflyLanes;
  /** UGAL's bias toward the minimal path, in packets x hops (0 by default). */
  ugalThreshold?: number;
  bandwidth?: number;
  delayPs?: number;
}

/** The parameters after defaults, checked; throws a `TopologyError` naming the field. */
export function dragonflySize(options: Pick<DragonflyOptions, "p" | "a" | "h" | "g">): {
  p: number;
  a: number;
  h: number;
  g: number;
} {
  const { p } = options;
  checkCount("dragonfly", "p", p, 1);
  const a = options.a ?? 2 * p;
  const h = options.h ?? p;
  checkCount("dragonfly", "a", a, 1);
  checkCount("dragonfly", "h", h, 1);
  const g = options.g ?? a * h + 1;
  checkCount("dragonfly", "g", g, 2);
  if (g > a * h + 1) {
    throw new TopologyError(
      `dragonfly: g must be at most a·h + 1 = ${a * h + 1} (each group has a·h = ${a * h} global links), got ${g}`,
      "g",
    );
  }
  if ((a * h) % (g - 1) !== 0) {
    throw new TopologyError(
      `dragonfly: g - 1 must divide a·h = ${a * h} so every pair of groups has as many global links, got g = ${g}`,
      "g",
    );
  }
  const hosts = a * p * g;
  if (hosts > MAX_HOSTS) {
    throw new TopologyError(`dragonfly: a·p·g must be at most ${MAX_HOSTS} hosts, got ${hosts}`, "p");
  }
  return { p, a, h, g };
}

/**
 * The Dragonfly of Kim, Dally, Scott and Abts ("Technology-Driven, Highly-Scalable Dragonfly
 * Topology", ISCA 2008, sec. 3.1): g groups of a routers, each router with p hosts, a - 1
 * local links to the other routers of its group (all-to-all) and h global links to other
 * groups; a·p·g hosts. Defaults give the balanced a = 2p = 2h and g = a·h + 1.
 *
 * Ids: router `D<G>.<r>`, host `H<n>` with n = (G·a + r)·p + i on port i of its router. Ports
 * and the pairing of global links: `DragonflyShape`. Links: host links in host order (host
 * as end `a`), local links per group by pair (lower router as end `a`), then global links
 * once per pair, from the lower group's side in its link order.
 *
 * Routing: `routing` is `{ kind: "dragonfly", ... }`; the tables hold the minimal paths
 * (with ECMP where a pair of groups has several links), and the switches route each packet by
 * `algorithm` (@losslab/switch's `dragonflyRouter`).
 *
 * @example
 * const topology = dragonfly({ p: 2 }); // a = 4, h = 2, g = 9: 72 hosts, 36 routers
 */
export function dragonfly(options: DragonflyOptions): Topology {
  const { p, a, h, g } = dragonflySize(options);
  const arrangement = options.arrangement ?? "consecutive";
  if (!DRAGONFLY_ARRANGEMENTS.includes(arrangement)) {
    throw new TopologyError(
      `dragonfly: arrangement must be one of ${DRAGONFLY_ARRANGEMENTS.map((name) => JSON.stringify(name)).join(", ")}, got ${JSON.stringify(arrangement)}`,
      "arrangement",
    );
  }
  const shape = new DragonflyShape({ p, a, h, g, arrangement });
  const builder = new TopologyBuilder({
    bandwidth: options.bandwidth ?? DEFAULT_BANDWIDTH,
    delayPs: options.delayPs ?? DEFAULT_DELAY_PS,
  });
  for (let group = 0; group < g; group++) {
    for (let r = 0; r < a; r++) builder.switch(dragonflyRouterName(group, r), shape.ports);
  }
  for (let n = 0; n < shape.hosts; n++) builder.host(`H${n}`);
  for (let n = 0; n < shape.hosts; n++) {
    const router = shape.routerOfHost(n);
    const group = shape.groupOf(router);
    builder.link({ node: `H${n}`, port: 0 }, { node: dragonflyRouterName(group, router - group * a), port: n % p });
  }
  for (let group = 0; group < g; group++) {
    for (let r = 0; r < a; r++) {
      for (let other = r + 1; other < a; other++) {
        builder.link(
          { node: dragonflyRouterName(group, r), port: shape.localPort(r, other) },
          { node: dragonflyRouterName(group, other), port: shape.localPort(other, r) },
        );
      }
    }
  }
  for (let group = 0; group < g; group++) {
    for (let k = 0; k < a * h; k++) {
      const target = shape.globalTarget(group, k);
      if (target < group) continue; // the lower group's side adds it
      const peer = shape.globalPeer(group, k);
      builder.link(
        { node: dragonflyRouterName(group, Math.floor(k / h)), port: shape.firstGlobalPort + (k % h) },
        { node: dragonflyRouterName(target, Math.floor(peer / h)), port: shape.firstGlobalPort + (peer % h) },
      );
    }
  }
  return { ...builder.build(), routing: dragonflyRouting(options) };
}

/** The `routing` of `dragonfly(options)`, its defaults filled in. */
export function dragonflyRouting(options: DragonflyOptions): Extract<Routing, { kind: "dragonfly" }> {
  return {
    kind: "dragonfly",
    ...dragonflySize(options),
    arrangement: options.arrangement ?? "consecutive",
    algorithm: options.routing ?? "minimal",
    lanes: options.lanes ?? "hop-class",
    ugalThreshold: options.ugalThreshold ?? 0,
  };
}

const count = (description: string) => ({ type: "integer", min: 1, max: 4096, optional: true, description }) as const;

/** Registry entry (topologies.ts): `topology: { kind: "dragonfly", p, a?, h?, g?, arrangement?, routing?, lanes? }`. */
export const dragonflyDefinition = defineTopology({
  kind: "dragonfly",
  description:
    "Kim et al.'s Dragonfly (ISCA 2008 sec. 3.1): g groups of a all-to-all routers, p hosts and h global links per router; minimal, Valiant or UGAL routing; hosts H0..",
  parameters: {
    p: { type: "integer", min: 1, max: 4096, default: 2, description: "p: hosts per router" },
    a: count("a: routers per group, default 2p (balanced a = 2p = 2h)"),
    h: count("h: global links per router, default p"),
    g: {
      type: "integer",
      min: 2,
      max: MAX_HOSTS,
      optional: true,
      description: "g: groups, default a·h + 1 (the most); g - 1 must divide a·h",
    },
    arrangement: {
      type: "choice",
      values: ["consecutive", "palmtree"],
      default: "consecutive",
      description:
        "how the groups' global links pair up: consecutive (Kim et al. sec. 3.1, BookSim2's dragonflynew) or palmtree (Camarero et al., TACO 2014)",
    },
    routing: {
      type: "choice",
      values: ["minimal", "valiant", "ugal-l", "ugal-g"],
      default: "minimal",
      description:
        "minimal (local-global-local), valiant (random intermediate group), ugal-l (source router's queues), ugal-g (every queue on both paths: an ideal bound)",
    },
    lanes: {
      type: "choice",
      values: ["hop-class", "single"],
      default: "hop-class",
      description:
        "VL after v global hops is v (needs switch.vls 2 for minimal, 3 otherwise); single keeps VL 0 and can deadlock",
    },
    ugalThreshold: {
      type: "number",
      min: -1e6,
      max: 1e6,
      default: 0,
      description: "UGAL takes the minimal path if queue x hops is at most the Valiant one's plus this",
    },
  },
  check: (values) => {
    try {
      dragonflySize(values);
    } catch (error) {
      if (error instanceof TopologyError) {
        throw new KindError(`topology.${error.path}`, `topology.${error.message.slice("dragonfly: ".length)}`);
      }
      throw error;
    }
  },
  create: ({ p, a, h, g, arrangement, routing, lanes, ugalThreshold }, { bandwidth, delayPs }) =>
    dragonfly({ p, a, h, g, arrangement, routing, lanes, ugalThreshold, bandwidth, delayPs }),
  size: (values) => {
    const p = values.p;
    const a = values.a ?? 2 * p;
    const h = values.h ?? p;
    const g = values.g ?? a * h + 1;
    const switches = a * g;
    const ports = p + a - 1 + h;
    return {
      hosts: switches * p,
      switches,
      links: switches * p + (g * a * (a - 1)) / 2 + (g * a * h) / 2,
      switchPorts: switches * ports,
      portPairs: switches * ports * ports,
    };
  },
  describe: (values) => {
    const p = values.p;
    const a = values.a ?? 2 * p;
    const h = values.h ?? p;
    const g = values.g ?? a * h + 1;
    return `Dragonfly p=${p} a=${a} h=${h} g=${g} (${values.arrangement}), ${a * p * g} hosts, ${values.routing} routing`;
  },
  hostCount: "a x p x g",
  dependencyCycle: ({ p, a, h, g, arrangement, routing, lanes, ugalThreshold }) =>
    dragonflyDependencyCycle(dragonflyRouting({ p, a, h, g, arrangement, routing, lanes, ugalThreshold })),
});
