import type { Packet, SwitchView } from "@losslab/core";

/**
 * The packets of one switch whose transmission has started (seen by `packetDeparting`).
 * A resident packet that has started is being transmitted: it "cannot be marked anymore"
 * (santos-2002 sec. 5, footnote 5) and is no longer waiting for its output. A `WeakSet`, so
 * it never holds a packet the simulation has let go of.
 */
export class StartedPackets {
  private readonly started = new WeakSet<Packet>();

  /** Records that `packet` started leaving the switch. */
  add(packet: Packet): void {
    this.started.add(packet);
  }

  /** Whether `packet`'s transmission from this switch has started. */
  has(packet: Packet): boolean {
    return this.started.has(packet);
  }

  /** The packets held in input buffer `input` whose transmission has not started, oldest first. */
  waitingIn(view: SwitchView, input: number): Packet[] {
    return view.inputPackets(input).filter((packet) => !this.started.has(packet));
  }
}
