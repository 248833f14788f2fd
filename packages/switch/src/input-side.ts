import type { InboundLink, OutboundLink, Packet } from "@losslab/core";
import type { PauseSettings } from "./flow-control.js";
import type { InputHoldings } from "./input-holdings.js";
import type { InputPause } from "./input-pause.js";

/**
 * The input side of a switch as `SwitchBase` uses it: what each (input, VL) holds, the
 * lossless checks on arrival, credits returned upstream on release or, under PAUSE, the
 * XOFF/XON state whose frames `ControlFrames` sends. Per (input, VL) at `port * vls + vl`.
 * `InputBuffers` is the fixed input buffers of the input-queued organisations; the shared
 * buffer's ingress accounting (`SharedBufferMmu`) is the other.
 */
export interface InputSide {
  /** Bytes of one (input, VL) buffer: the most it may hold. */
  readonly capacityBytes: number;
  /** PAUSE settings of the inputs; undefined with credits. */
  readonly settings: PauseSettings | undefined;
  /** The XOFF/XON state of every (input, VL) under PAUSE; undefined with credits. */
  readonly pause: InputPause | undefined;
  /** What a sender may hold for one VL buffer: its credit blocks; Infinity under PAUSE. */
  readonly credits: number;
  /** The link into `port`, over which credits return. */
  connect(port: number, link: InboundLink): void;
  /** The flow control's rule for the link into `port`, once both directions are connected. */
  checkHeadroom(port: number, outbound: OutboundLink | undefined): void;
  /**
   * Holds `packet`, whose header has just arrived at `input` and will leave on `output`; true
   * if its (input, VL) now owes a PAUSE frame. Throws `LosslessViolation` if it would be dropped.
   */
  admit(packet: Packet, input: number, output: number): boolean;
  /**
   * The last byte of `packet`, held on VL `vl` of `input`, has left the switch: frees it,
   * returns credits; true if a PAUSE frame (XON) is now owed. `vl` is given because a switch
   * that changes VLs per hop has already put the packet on its next link's VL.
   */
  remove(packet: Packet, input: number, vl: number): boolean;
  /** What each (input, VL) holds (the view's occupancy and packets, "full"). */
  readonly held: InputHoldings;
}
