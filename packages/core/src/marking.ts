import type { Packet } from "./packet.js";
import type { PacketReader } from "./packet-reader.js";

/**
 * What a marking policy may see of a switch: read-only occupancy, counters and credit
 * state (DESIGN.md "Modelling rules"). Byte counts include packets whose header has
 * arrived and whose last byte has not yet left the buffer.
 */
export interface SwitchView {
  readonly name: string;
  readonly portCount: number;
  /** The largest packet the fabric carries, in bytes ("full" is judged against it). */
  readonly maxPacketBytes: number;
  /** Bytes per credit block: `outputCredits` counts blocks of this size. */
  readonly creditBytes: number;
  /**
   * The simulation's packets: the hooks hand a policy a `Packet` (a slot number), valid only
   * during the call, and the policy reads it here (`packets.size(packet)`) and may set its
   * congestion bits (`packets.mark(packet, bit)`), nothing else.
   */
  readonly packets: PacketReader;
  /** Capacity of input buffer `port` in bytes. */
  inputCapacity(port: number): number;
  /** Bytes held in input buffer `port`. */
  inputOccupancy(port: number): number;
  /** Packets held in input buffer `port`, oldest first (including one being forwarded). */
  inputPackets(port: number): readonly Packet[];
  /** Output port a packet held by this switch will leave on. */
  outputOf(packet: Packet): number;
  /** Packets in the switch that will leave on `output` and have not started on its link (santos-2002 cnt1). */
  waitingFor(output: number): number;
  /**
   * Credit blocks output VL `vl` of `output` may still send downstream (Infinity toward a
   * receiver that always drains). Switches with one VL per port ignore `vl`.
   */
  outputCredits(output: number, vl?: number): number;
  /** Capacity of output buffer `port` in bytes; 0 for a switch without output buffers. */
  outputCapacity(port: number): number;
  /** Bytes held in output buffer `port`: from the start of a packet's crossbar transfer until its last byte has left onto the link. */
  outputOccupancy(port: number): number;
  /** Packets held in output buffer `port`, oldest first (including one on the link); empty without output buffers. */
  outputPackets(port: number): readonly Packet[];
  /**
   * The port a policy sends control frames through (a QCN CNM, turner-2001's CN packet to the
   * subnet manager): a `PacketKind.Cnp` of `bytes` to host `destination` about `about`'s flow
   * and sequence number, carrying `feedback` (QCN's QntzFb) when given, sent by this switch
   * ahead of the data waiting for its output.
   */
  notify(destination: number, about: Packet, bytes: number, feedback?: number): void;
}

/**
 * A congestion point attached to a switch. Every hook is optional; hooks may only set
 * congestion bits on packets (`SwitchView.packets.mark`; never clear them) and update the
 * policy's own state. A `Packet` a hook receives is valid only during the call: keep its id
 * (`packets.id(packet)`), never the packet.
 */
export interface MarkingPolicy {
  /** A packet's header entered input `input`; it will leave on `output`. */
  packetArrived?(packet: Packet, input: number, output: number): void;
  /**
   * A packet's last byte arrived and left the buffer of input `input`, VL `vl`, "full": less
   * than one maximum-size packet of room (santos-2002 sec. 5). Switches with one VL per port
   * omit `vl` (VL 0).
   */
  bufferFull?(input: number, vl?: number): void;
  /**
   * `packet` starts crossing the crossbar from `input` into output buffer `output`. Only
   * switches with output buffers (CIOQ) call it; an output-side congestion point (MVCM's
   * validation, ferrer-2012 sec. 4.1; QCN at outputs) sees the buffer it joins here.
   */
  packetEnteredOutput?(packet: Packet, input: number, output: number): void;
  /** `packet` starts leaving on the link of `output` (from `input`): the last chance to mark it. */
  packetDeparting?(packet: Packet, input: number, output: number): void;
  /**
   * Output VL `vl` of `output` blocks for want of credits: a packet of that VL could start on
   * the free link but the buffer downstream lacks credits for all of it (turner-2001 sec.
   * 4.b.ii, "the VL runs out of credits and blocks"). Called each time the switch finds it so,
   * possibly several times per instant; not for a PAUSE.
   */
  outputBlocked?(output: number, vl: number): void;
}

/** Builds one policy instance per switch. */
export type MarkingPolicyFactory = (view: SwitchView) => MarkingPolicy;
