import type { Packet, SwitchView } from "@losslab/core";

/**
 * What a switch's routing may read of the switch: how many packets wait for each output
 * (queued and not yet started on its link, santos-2002's cnt1), the bytes in each output
 * queue (0 for organisations without output queues), and whether a PAUSE from downstream
 * holds an output's priority. Read-only, so an adaptive decision depends only on the
 * simulation's state at that instant and stays deterministic.
 */
export type OutputQueueState = Pick<SwitchView, "waitingFor" | "outputOccupancy"> & {
  /** Whether a PAUSE from the device downstream of `output` holds priority `vl` now (false under credits). */
  outputPaused(output: number, vl: number): boolean;
};

/**
 * Routing that a destination table cannot express, decided per packet as its header arrives:
 * adaptive choices from queue state (UGAL), randomised detours (Valiant) and a VL per hop
 * (the Dragonfly's hop classes, Kim et al. ISCA 2008 sec. 4). A switch given one asks it
 * instead of its forwarding table for the packets it admits; control frames it makes itself
 * still follow the table.
 */
export interface PacketRouter {
  /**
   * The output of `packet`, whose header has just arrived on `input`. May record a decision
   * in the packet for the switches after this one (`PacketStore.setRoute`).
   */
  outputOf(packet: Packet, input: number): number;
  /**
   * When VLs change per hop: the VL `packet`, which arrived on `input` on its current VL, takes
   * on `output`. Leave it out and packets keep their VL.
   */
  laneOf?(packet: Packet, input: number, output: number): number;
}

/** Makes a switch's `PacketRouter`, given the switch's own queue state (option `router`). */
export type PacketRouterFactory = (queues: OutputQueueState) => PacketRouter;
