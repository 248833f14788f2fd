import type { PacketReader } from "@losslab/core";
import type { FlowControlOption } from "./flow-control.js";

/** What a switch's input side is built from: the options every switch has, in model units. */
export interface InputSideContext {
  /** The simulation's packets, read through the store (`SwitchBase.packets`). */
  readonly packets: PacketReader;
  readonly name: string;
  readonly ports: number;
  readonly vls: number;
  /** Bytes of each (input, VL) buffer (`switchParameters`' `inputBufferBytes`). */
  readonly inputBufferBytes: number;
  readonly maxPacketBytes: number;
  readonly creditBytes: number;
  readonly flowControl: FlowControlOption | undefined;
}
