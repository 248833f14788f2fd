import type { Packet, PacketStore } from "@losslab/core";
import type { PacketRouter } from "./packet-router.js";

/**
 * Where a switch's router changes VLs per hop (`PacketRouter.laneOf`, the Dragonfly's hop
 * classes): the VL each packet that has started on its next link held at its input here,
 * until its input frees it (its own VL field is by then the next link's); -1 for a packet its
 * input freed before it started (CIOQ's crossing into an output buffer). A switch whose
 * packets keep their VL has none, so its per-packet path never looks here.
 */
export class InputLanes {
  private readonly held = new Map<Packet, number>();

  constructor(
    private readonly packets: PacketStore,
    /** The switch's router, which has `laneOf`. */
    private readonly router: PacketRouter,
  ) {}

  /** `packet`, admitted at `input` for `output`, gets the VL the router chose for its next link. */
  arrived(packet: Packet, input: number, output: number): void {
    this.packets.setNextVl(packet, this.router.laneOf!(packet, input, output));
  }

  /** The VL whose input buffer `packet` leaves now. */
  released(packet: Packet): number {
    const held = this.held.get(packet);
    if (held === undefined) {
      this.held.set(packet, -1);
      return this.packets.vl(packet);
    }
    this.held.delete(packet);
    return held;
  }

  /** `packet` starts on its next link, on VL `vl`; its input here is freed by the old one. */
  started(packet: Packet, vl: number): void {
    if (this.held.get(packet) === -1) this.held.delete(packet);
    else this.held.set(packet, this.packets.vl(packet));
    this.packets.setVl(packet, vl);
  }
}
