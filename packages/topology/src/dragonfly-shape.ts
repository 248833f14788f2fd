/** How the global links of a Dragonfly's groups are paired (docs/spec/dragonfly.md "Sources"). */
export type DragonflyArrangement = "consecutive" | "palmtree";

/** The global-link arrangements, in the order the docs list them. */
export const DRAGONFLY_ARRANGEMENTS: readonly DragonflyArrangement[] = ["consecutive", "palmtree"];

/** A Dragonfly's parameters: p hosts per router, a routers per group, h global links per router, g groups. */
export interface DragonflySize {
  readonly p: number;
  readonly a: number;
  readonly h: number;
  readonly g: number;
  readonly arrangement: DragonflyArrangement;
}

/** Switch id of router `router` of group `group`. */
export const dragonflyRouterName = (group: number, router: number): string => `D${group}.${router}`;

/**
 * The geometry of a Dragonfly (Kim, Dally, Scott and Abts, ISCA 2008, sec. 3.1), on numbers:
 * routers R = group·a + r, hosts n = R·p + i (host n on router floor(n/p), port n mod p).
 * Router ports: 0..p-1 hosts, p..p+a-2 the other routers of its group in increasing order
 * (skipping itself), p+a-1..p+a+h-2 its global links. A group's global links are numbered
 * k = r·h + j (router r, global port j); with m = g - 1 other groups, link k is in round
 * floor(k/m) and reaches the group `offset` = k mod m names:
 * - "consecutive": the offset-th other group in increasing order (skipping the group itself),
 *   the arrangement of the paper's sec. 3.1 example and of BookSim2's dragonflynew;
 * - "palmtree": group (G - offset - 1) mod g (Camarero, Vallejo and Beivide, TACO 2014).
 * Both pair round j of G's links to T with round j of T's links to G, so every pair of groups
 * is joined by a·h/m links (one when g = a·h + 1).
 */
export class DragonflyShape {
  readonly p: number;
  readonly a: number;
  readonly h: number;
  readonly g: number;
  readonly routers: number;
  readonly hosts: number;
  /** First global port of every router: p + a - 1. */
  readonly firstGlobalPort: number;
  /** Ports of every router: p + a - 1 + h. */
  readonly ports: number;
  private readonly arrangement: DragonflyArrangement;
  /**
   * gateways[G·g + T]: the global link numbers k of group G that reach group T (empty for
   * T = G), in increasing order.
   */
  private readonly gateways: number[][];

  constructor({ p, a, h, g, arrangement }: DragonflySize) {
    this.p = p;
    this.a = a;
    this.h = h;
    this.g = g;
    this.arrangement = arrangement;
    this.routers = a * g;
    this.hosts = this.routers * p;
    this.firstGlobalPort = p + a - 1;
    this.ports = this.firstGlobalPort + h;
    this.gateways = Array.from({ length: g * g }, () => []);
    if (g > 1) {
      for (let group = 0; group < g; group++) {
        for (let k = 0; k < a * h; k++) this.gateways[group * g + this.globalTarget(group, k)]!.push(k);
      }
    }
  }

  /** The group global link k of group `group` reaches. */
  globalTarget(group: number, k: number): number {
    const offset = k % (this.g - 1);
    if (this.arrangement === "palmtree") return (((group - offset - 1) % this.g) + this.g) % this.g;
    return offset < group ? offset : offset + 1;
  }

  /** The far end of global link k of group `group`: the link number there, same round, back to `group`. */
  globalPeer(group: number, k: number): number {
    const target = this.globalTarget(group, k);
    const round = Math.floor(k / (this.g - 1));
    return (this.gateways[target * this.g + group] as number[])[round] as number;
  }

  /** The group of router R. */
  groupOf(router: number): number {
    return Math.floor(router / this.a);
  }

  /** The router of host n. */
  routerOfHost(host: number): number {
    return Math.floor(host / this.p);
  }

  /** The port of router `router` (index r in its group) toward router index `other` of the same group. */
  localPort(r: number, other: number): number {
    return this.p + (other < r ? other : other - 1);
  }

  /** The router index in the group that local port `port` of router index r leads to. */
  localNeighbour(r: number, port: number): number {
    const other = port - this.p;
    return other < r ? other : other + 1;
  }

  /** Whether `port` of a router is one of its global links. */
  isGlobalPort(port: number): boolean {
    return port >= this.firstGlobalPort;
  }

  /** Global link numbers of group G toward group T (T != G). */
  gatewaysOf(group: number, target: number): readonly number[] {
    return this.gateways[group * this.g + target] as number[];
  }

  /**
   * The outputs router `router` may take toward group `target` (not its own) on a minimal
   * path: its own global links to it if it has any, else the local ports to the routers of its
   * group that have one. One port when g = a·h + 1.
   */
  portsTowardGroup(router: number, target: number): number[] {
    const group = this.groupOf(router);
    const r = router - group * this.a;
    const links = this.gatewaysOf(group, target);
    const own = links.filter((k) => Math.floor(k / this.h) === r).map((k) => this.firstGlobalPort + (k % this.h));
    if (own.length > 0) return own;
    return [...new Set(links.map((k) => this.localPort(r, Math.floor(k / this.h))))];
  }

  /** One of `portsTowardGroup`, picked by `hash` (a flow hash) so a flow keeps its path. */
  portTowardGroup(router: number, target: number, hash: number): number {
    const ports = this.portsTowardGroup(router, target);
    return ports[hash % ports.length] as number;
  }

  /**
   * The output of router `router` on the minimal (local-global-local) path to host
   * `destination`; `hash` picks among equal global links when a pair of groups has several.
   */
  minimalPort(router: number, destination: number, hash: number): number {
    const target = this.routerOfHost(destination);
    if (target === router) return destination % this.p;
    const group = this.groupOf(router);
    const targetGroup = this.groupOf(target);
    if (targetGroup === group) return this.localPort(router - group * this.a, target - group * this.a);
    return this.portTowardGroup(router, targetGroup, hash);
  }

  /** The router a global port leads to: the far end's router, in group `globalTarget`. */
  globalNeighbour(router: number, port: number): number {
    const group = this.groupOf(router);
    const k = (router - group * this.a) * this.h + (port - this.firstGlobalPort);
    const target = this.globalTarget(group, k);
    return target * this.a + Math.floor(this.globalPeer(group, k) / this.h);
  }

  /** The router `port` of `router` leads to (a local or global port). */
  neighbour(router: number, port: number): number {
    if (this.isGlobalPort(port)) return this.globalNeighbour(router, port);
    const group = this.groupOf(router);
    return group * this.a + this.localNeighbour(router - group * this.a, port);
  }
}
