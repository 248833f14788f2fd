import type { Packet, PacketReader } from "@losslab/core";
import { ecmpPort } from "@losslab/topology";
import type { OutputQueueState, PacketRouter, PacketRouterFactory } from "./packet-router.js";

/** What `adaptiveEcmpRouter` needs: the switch's table (`SwitchOptions.routes` and `ecmp`) and packets. */
export interface AdaptiveEcmpOptions {
  readonly packets: PacketReader;
  readonly routes: ArrayLike<number>;
  readonly groups: Int32Array;
  readonly salt: number;
  /** A member whose priority a PAUSE from downstream holds counts as full: chosen only if every member is paused. */
  readonly pauseAware: boolean;
}

/**
 * Switch adaptive routing within ECMP groups (uet-htsim's `-strat ecmp_ar`, per packet,
 * compared by queue size: dc/fat_tree_switch.cpp:341-380; docs/spec/uec.md sec. 4, choice
 * C13): each packet bound for a group goes to the member whose output queue holds the fewest
 * bytes now, a paused member last when `pauseAware` (htsim's `-ar_method pause`). Ties go to
 * the first member found scanning from the one the packet's hash picks (flow and entropy),
 * instead of htsim's coin: deterministic without a random stream, and a tied group keeps
 * ECMP's spread. Equal bytes are compared by the packets waiting for each output, which is
 * all the input-queued organisations (no output queues: 0 bytes) compare. Entries of one
 * port follow the table. No allocation per packet: the group is read in place.
 */
export function adaptiveEcmpRouter(options: AdaptiveEcmpOptions): PacketRouterFactory {
  const { packets, routes, groups, salt, pauseAware } = options;
  return (queues: OutputQueueState): PacketRouter => ({
    outputOf(packet: Packet): number {
      const destination = packets.destination(packet);
      const entry = routes[destination] ?? -1;
      if (entry >= -1) return entry;
      const hashed = ecmpPort(
        groups,
        entry,
        salt,
        packets.flow(packet),
        packets.source(packet),
        destination,
        packets.entropy(packet),
      );
      // The group's members sit at groups[offset + 1 ..], its count at groups[offset] (ecmp.ts).
      const offset = -2 - entry;
      const count = groups[offset]!;
      let start = 0;
      while (groups[offset + 1 + start] !== hashed) start++;
      const vl = packets.vl(packet);
      let best = hashed;
      let bestPaused = pauseAware && queues.outputPaused(hashed, vl);
      let bestBytes = queues.outputOccupancy(hashed);
      let bestWaiting = queues.waitingFor(hashed);
      for (let k = 1; k < count; k++) {
        const port = groups[offset + 1 + ((start + k) % count)]!;
        const paused = pauseAware && queues.outputPaused(port, vl);
        if (paused && !bestPaused) continue;
        const bytes = queues.outputOccupancy(port);
        const waiting = queues.waitingFor(port);
        if ((bestPaused && !paused) || bytes < bestBytes || (bytes === bestBytes && waiting < bestWaiting)) {
          best = port;
          bestPaused = paused;
          bestBytes = bytes;
          bestWaiting = waiting;
        }
      }
      return best;
    },
  });
}
