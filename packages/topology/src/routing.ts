import { formatValue } from "@losslab/kinds";
import { DRAGONFLY_ARRANGEMENTS, type DragonflyArrangement } from "./dragonfly-shape.js";
import { expectRecord } from "./record.js";
import { TopologyError } from "./topology-error.js";

/**
 * How `buildRoutes` fills the routing tables of a topology: plain JSON-compatible data kept
 * in `Topology.routing` (absent means `{ kind: "shortest-path" }`).
 *
 * - `shortest-path`: a shortest path in hops, ties to the lowest port (any topology).
 * - `k-ary-n-tree`: destination-digit up*\/down* routing of `kAryNTree({ k, n })`.
 * - `spine-leaf`: destination-mod-spines routing of `spineLeaf({ leaves, spines, hostsPerLeaf })`.
 * - `k-ary-n-fly`: destination-tag routing of the butterfly `kAryNFly({ k, n })`.
 * - `fat-tree`: up*\/down* with ECMP of the 3-tier fat tree `fatTree({ k, hostsPerTor })`.
 * - `dragonfly`: the minimal paths of `dragonfly({ p, a, h, g, arrangement })` in the tables;
 *   switches route each packet by `algorithm` and put it on a VL by `lanes` (@losslab/switch's
 *   `dragonflyRouter`).
 *
 * The rule-based kinds need exactly the wiring their builder makes (ids, kinds, ports and
 * links; bandwidths and delays may differ); `buildRoutes` checks it.
 */
export type Routing =
  | { kind: "shortest-path" }
  | { kind: "k-ary-n-tree"; k: number; n: number }
  | { kind: "spine-leaf" | "spine-leaf-ecmp"; leaves: number; spines: number; hostsPerLeaf: number }
  | { kind: "k-ary-n-fly"; k: number; n: number }
  | { kind: "fat-tree"; k: number; hostsPerTor: number }
  | {
      kind: "dragonfly";
      p: number;
      a: number;
      h: number;
      g: number;
      arrangement: DragonflyArrangement;
      algorithm: DragonflyRoutingAlgorithm;
      lanes: DragonflyLanes;
      ugalThreshold: number;
    };

/** How a Dragonfly's switches route each packet (docs/spec/dragonfly.md). */
export type DragonflyRoutingAlgorithm = "minimal" | "valiant" | "ugal-l" | "ugal-g";

/** A Dragonfly's VLs: by hop class (VL = global hops so far) or all on VL 0. */
export type DragonflyLanes = "hop-class" | "single";

/**
 * A routing field: a count (least value, whether it must be even), one of some names, or any
 * finite number.
 */
type Field =
  | readonly [name: string, minimum: number, even?: "even"]
  | readonly [name: string, names: readonly string[]]
  | readonly [name: string, kind: "number"];

/** Each routing kind's fields, in canonical (JSON) order, with their least allowed value and whether it must be even. */
const FIELDS: { readonly [K in Routing["kind"]]: readonly Field[] } = {
  "shortest-path": [],
  "k-ary-n-tree": [
    ["k", 2],
    ["n", 1],
  ],
  "spine-leaf": [
    ["leaves", 1],
    ["spines", 1],
    ["hostsPerLeaf", 1],
  ],
  "spine-leaf-ecmp": [
    ["leaves", 1],
    ["spines", 1],
    ["hostsPerLeaf", 1],
  ],
  "k-ary-n-fly": [
    ["k", 2],
    ["n", 1],
  ],
  "fat-tree": [
    ["k", 2, "even"],
    ["hostsPerTor", 1],
  ],
  dragonfly: [
    ["p", 1],
    ["a", 1],
    ["h", 1],
    ["g", 2],
    ["arrangement", DRAGONFLY_ARRANGEMENTS],
    ["algorithm", ["minimal", "valiant", "ugal-l", "ugal-g"]],
    ["lanes", ["hop-class", "single"]],
    ["ugalThreshold", "number"],
  ],
};

const KINDS = Object.keys(FIELDS) as Routing["kind"][];

/** The field names of routing kind `kind`, `kind` first, in canonical order; `undefined` for an unknown kind. */
export function routingFields(kind: unknown): string[] | undefined {
  if (typeof kind !== "string" || !(KINDS as string[]).includes(kind)) return undefined;
  return ["kind", ...FIELDS[kind as Routing["kind"]].map(([field]) => field)];
}

/**
 * Checks a routing description at field path `path` and returns a copy with its fields in
 * canonical order (fields outside the kind's are not copied). Throws a `TopologyError`
 * naming the field and the allowed values: `routing.kind must be one of "shortest-path",
 * "k-ary-n-tree", "spine-leaf", "spine-leaf-ecmp", "k-ary-n-fly", "fat-tree", got "torus"`; `routing.k must be an
 * integer >= 2, got 1`.
 */
export function checkRouting(value: unknown, path: string): Routing {
  const routing = expectRecord(value, path);
  const { kind } = routing;
  if (routingFields(kind) === undefined) {
    throw new TopologyError(
      `${path}.kind must be one of ${KINDS.map((name) => JSON.stringify(name)).join(", ")}, got ${formatValue(kind)}`,
      `${path}.kind`,
    );
  }
  const checked: Record<string, unknown> = { kind };
  for (const [field, minimum, even] of FIELDS[kind as Routing["kind"]]) {
    const count = routing[field];
    if (minimum === "number") {
      if (typeof count !== "number" || !Number.isFinite(count)) {
        throw new TopologyError(
          `${path}.${field} must be a finite number, got ${formatValue(count)}`,
          `${path}.${field}`,
        );
      }
      checked[field] = count;
      continue;
    }
    if (typeof minimum !== "number") {
      if (typeof count !== "string" || !minimum.includes(count)) {
        throw new TopologyError(
          `${path}.${field} must be one of ${minimum.map((name) => JSON.stringify(name)).join(", ")}, got ${formatValue(count)}`,
          `${path}.${field}`,
        );
      }
      checked[field] = count;
      continue;
    }
    if (typeof count !== "number" || !Number.isSafeInteger(count) || count < minimum || (even && count % 2 !== 0)) {
      throw new TopologyError(
        `${path}.${field} must be an ${even ? "even " : ""}integer >= ${minimum}, got ${formatValue(count)} (routing kind ${formatValue(kind)})`,
        `${path}.${field}`,
      );
    }
    checked[field] = count;
  }
  return checked as Routing;
}
