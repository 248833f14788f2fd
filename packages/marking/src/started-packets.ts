import type { Packet, SwitchView } from "@losslab/core";

/**
 * The packets of one switch whose transmission has started (seen by `packetDeparting`).
 * A resident packet that has started is being transmitted: it "cannot be marked anymore"
 * (santos-2002 sec. 5, footnote 5) and is no longer waiting for its output.
 *
 * An output link carries one packet at a time, and a packet that started on it has left the
 * switch's buffers (its input buffer and any output buffer) by the time its last byte has
 * gone, before its output can start the next one (`MarkingPolicy.packetDeparting`). So of
 * the packets still in the switch, the only one that can have started on an output is the
 * last one it started: one slot per output, written per departure. (A set of every packet
 * sent, a `WeakSet`, cost a hash insertion per packet-hop: about 15 % of santos2002-fig4b.)
 */
export class StartedPackets {
  private readonly view: SwitchView;
  /** Per output: the id of the last packet that started on it (ids, not packets: packets are recycled), -1 before any. */
  private readonly lastStarted: Float64Array;

  constructor(view: SwitchView) {
    this.view = view;
    this.lastStarted = new Float64Array(view.portCount).fill(-1);
  }

  /** Records that `packet` started leaving the switch on `output`. */
  add(packet: Packet, output: number): void {
    this.lastStarted[output] = this.view.packets.id(packet);
  }

  /** Whether the transmission of `packet`, held in this switch, has started. */
  has(packet: Packet): boolean {
    const output = this.view.outputOf(packet);
    return output >= 0 && this.lastStarted[output] === this.view.packets.id(packet);
  }

  /** The packets held in input buffer `input` whose transmission has not started, oldest first. */
  waitingIn(input: number): Packet[] {
    return this.view.inputPackets(input).filter((packet) => !this.has(packet));
  }
}
