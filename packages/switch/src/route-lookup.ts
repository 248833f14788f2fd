import type { OutboundLink, Packet, PacketReader } from "@losslab/core";
import { ecmpPort, entropyHash, flowHash } from "@losslab/topology";
import type { PacketRouter } from "./packet-router.js";

/**
 * A switch's forwarding table: the output port of each destination host (-1: unreachable),
 * or, for an entry below -1, an ECMP group whose member the packet's flow hashes to with this
 * switch's salt (`ecmpPort` of @losslab/topology), so every packet of a flow keeps one path;
 * with its entropy value when it carries one, so a source may spray a flow's packets.
 * A member whose link has failed (`OutboundLink.failed`) is left out: a packet hashed to it
 * hashes again over the members that remain (the others keep their paths); with none left, or
 * a single-port entry failed, the packet goes to the failed port and is lost there.
 */
export class RouteLookup implements PacketRouter {
  /** Whether a link out of this switch may fail (`avoidFailures`): only then does a lookup read `failed`. */
  private failover = false;

  /** What it forwards by: the table it was built with, or routes recomputed after failures (`reroute`). */
  private routes: ArrayLike<number>;
  private ecmpGroups: Int32Array;

  constructor(
    private readonly packets: PacketReader,
    private readonly table: ArrayLike<number>,
    /** The ECMP groups the entries below -1 name (empty without multipath). */
    private readonly tableGroups: Int32Array,
    private readonly ecmpSalt: number,
    /** The switch's output links, by port, read for `failed`. */
    private readonly links: readonly (OutboundLink | undefined)[],
  ) {
    this.routes = table;
    this.ecmpGroups = tableGroups;
  }

  /** Forwards by `routes` and the groups they name from now on; without them, by the table it was built with again. */
  reroute(routes?: ArrayLike<number>, groups?: Int32Array): void {
    this.routes = routes ?? this.table;
    this.ecmpGroups = groups ?? this.tableGroups;
  }

  /** From now on an ECMP member whose link has failed is left out (a link of this switch may fail during the run). */
  avoidFailures(): void {
    this.failover = true;
  }

  /** The output of `packet` at this switch; -1 if its destination is unreachable from here. */
  outputOf(packet: Packet): number {
    const packets = this.packets;
    const destination = packets.destination(packet);
    const entry = this.routes[destination] ?? -1;
    if (entry >= -1) return entry;
    const port = ecmpPort(
      this.ecmpGroups,
      entry,
      this.ecmpSalt,
      packets.flow(packet),
      packets.source(packet),
      destination,
      packets.entropy(packet),
    );
    // Kept small: the lookup of every packet inlines into the switch's arrival.
    return this.failover && this.links[port]?.failed === true ? this.remaining(packet, entry, port) : port;
  }

  /** The member of group `entry` a packet hashed to failed port `port` takes instead: its hash over the live members. */
  private remaining(packet: Packet, entry: number, port: number): number {
    const groups = this.ecmpGroups;
    const offset = -2 - entry;
    const count = groups[offset]!;
    let live = 0;
    for (let i = 1; i <= count; i++) if (this.links[groups[offset + i]!]?.failed !== true) live++;
    if (live === 0) return port;
    const packets = this.packets;
    const flow = packets.flow(packet);
    const source = packets.source(packet);
    const destination = packets.destination(packet);
    const entropy = packets.entropy(packet);
    const hash =
      entropy < 0
        ? flowHash(this.ecmpSalt, flow, source, destination)
        : entropyHash(this.ecmpSalt, flow, source, destination, entropy);
    let pick = hash % live;
    for (let i = 1; i <= count; i++) {
      const member = groups[offset + i]!;
      if (this.links[member]?.failed === true) continue;
      if (pick-- === 0) return member;
    }
    return port;
  }
}
