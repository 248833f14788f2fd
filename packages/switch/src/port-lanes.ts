import type { Packet, PacketReader } from "@losslab/core";
import type { InputPause } from "./input-pause.js";

/*
 * Reading per-(port, VL) state kept at `port * vls + vl`: one VL's, or the whole port's
 * (the view's readings without `vl`). Shared by the input sides and the output queues.
 */

/** VL `vl`'s value at `port`; without `vl`, the sum over the port's VLs. */
export function laneSum(values: Float64Array, port: number, vls: number, vl: number | undefined): number {
  if (vl !== undefined) return values[port * vls + vl]!;
  if (vls === 1) return values[port]!;
  let sum = 0;
  for (let v = 0; v < vls; v++) sum += values[port * vls + v]!;
  return sum;
}

/** Whether input `port` last signalled XOFF for priority `vl`; without `vl`, for any. False with credits (no `pause`). */
export function laneStopped(pause: InputPause | undefined, port: number, vls: number, vl: number | undefined): boolean {
  if (pause === undefined) return false;
  if (vl !== undefined) return pause.stopped(port * vls + vl);
  for (let v = 0; v < vls; v++) if (pause.stopped(port * vls + v)) return true;
  return false;
}

/** The packets of `held` on VL `vl` (read in `packets`), in their order; all of them without `vl` or with one VL. */
export function onLane(
  packets: PacketReader,
  held: readonly Packet[],
  vls: number,
  vl: number | undefined,
): readonly Packet[] {
  return vl === undefined || vls === 1 ? held : held.filter((packet) => packets.vl(packet) === vl);
}
