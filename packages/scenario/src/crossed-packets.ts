import type { Packet, PacketStore } from "@losslab/core";
import type { Time } from "@losslab/engine";

/**
 * The packets a part sent across a cut link (docs/spec/parallel.md sec. 6), which the part
 * that receives one copies into its own store: the sender's slot is the sender's to free once
 * it is done with the packet, when its last byte has left. Freed at a window's end (after the
 * window's ids and fingerprint steps are settled), so that a part's store holds what its own
 * devices hold, not every frame it ever sent across.
 */
export class CrossedPackets {
  private slots: Packet[] = [];
  private tails: Time[] = [];

  add(packet: Packet, tailLeaves: Time): void {
    this.slots.push(packet);
    this.tails.push(tailLeaves);
  }

  /** Frees the packets whose last byte left by `time` (the end of a window every event of which has run). */
  releaseUntil(time: Time, store: PacketStore): void {
    const { slots, tails } = this;
    let kept = 0;
    for (let index = 0; index < slots.length; index++) {
      if (tails[index]! <= time) store.release(slots[index]!);
      else {
        slots[kept] = slots[index]!;
        tails[kept++] = tails[index]!;
      }
    }
    slots.length = kept;
    tails.length = kept;
  }
}
