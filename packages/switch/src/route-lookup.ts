import type { Packet, PacketReader } from "@losslab/core";
import { ecmpPort } from "@losslab/topology";

/**
 * A switch's forwarding table: the output port of each destination host (-1: unreachable),
 * or, for an entry below -1, an ECMP group whose member the packet's flow hashes to with this
 * switch's salt (`ecmpPort` of @losslab/topology), so every packet of a flow keeps one path;
 * with its entropy value when it carries one, so a source may spray a flow's packets.
 */
export class RouteLookup {
  constructor(
    private readonly packets: PacketReader,
    private readonly routes: ArrayLike<number>,
    /** The ECMP groups the entries below -1 name (empty without multipath). */
    private readonly ecmpGroups: Int32Array,
    private readonly ecmpSalt: number,
  ) {}

  /** The output of `packet` at this switch; -1 if its destination is unreachable from here. */
  outputOf(packet: Packet): number {
    const packets = this.packets;
    const destination = packets.destination(packet);
    const entry = this.routes[destination] ?? -1;
    if (entry >= -1) return entry;
    return ecmpPort(
      this.ecmpGroups,
      entry,
      this.ecmpSalt,
      packets.flow(packet),
      packets.source(packet),
      destination,
      packets.entropy(packet),
    );
  }
}
