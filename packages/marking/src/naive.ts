import type { Packet, PacketReader, SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { StartedPackets } from "./started-packets.js";

/**
 * santos-2002 sec. 5, Fig. 4(a): "a naive packet marking mechanism that simply mark[s] the
 * packets in a full buffer". When input buffer `input` becomes full it marks every data
 * packet resident there, except a packet whose transmission has already started: such a
 * packet "is being transmitted and cannot be marked anymore" (footnote 5).
 */
class NaivePolicy implements CountedMarkingPolicy {
  readonly switchName: string;
  marked = 0;
  private readonly started: StartedPackets;
  private readonly packets: PacketReader;
  /** Ids of the packets in this switch this policy has marked, so a packet in a buffer that fills twice counts once. */
  private readonly markedHere = new Set<number>();

  constructor(view: SwitchView) {
    this.switchName = view.name;
    this.started = new StartedPackets(view);
    this.packets = view.packets;
  }

  bufferFull(input: number): void {
    for (const packet of this.started.waitingIn(input)) {
      if (this.markedHere.has(this.packets.id(packet)) || !markPacket(this.packets, packet)) continue;
      this.markedHere.add(this.packets.id(packet));
      this.marked++;
    }
  }

  packetDeparting(packet: Packet, _input: number, output: number): void {
    this.started.add(packet, output);
    if (this.markedHere.size > 0) this.markedHere.delete(this.packets.id(packet));
  }
}

/**
 * The naive policy (santos-2002 sec. 5): on a full input buffer, mark the data packets in
 * it that have not started transmission. Unfair to flows sharing an input port; kept as
 * the paper's baseline.
 *
 * @example
 * const marking = naive();
 * new InputBufferedSwitch(engine, { ...options, marking });
 */
export function naive(): CountedMarkingFactory {
  return countedFactory("naive", (view) => new NaivePolicy(view));
}

/** Registry entry (marking-policies.ts). */
export const naiveDefinition = defineMarkingPolicy({
  kind: "naive",
  description: "santos-2002 sec. 5: marks every data packet in a full input buffer",
  parameters: {},
  create: () => naive(),
});
