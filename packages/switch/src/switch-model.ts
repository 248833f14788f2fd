import type { ClassScheduling, Device, MarkingPolicyFactory, Packet, PacketFactory, SwitchView } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { FlowControl } from "./flow-control.js";
import type { OutputOrder } from "./output-order.js";

/** A switch of any organisation: links connect to it as a `Device`, marking policies read it as a `SwitchView`. */
export interface SwitchModel extends Device, SwitchView {
  /** Virtual lanes per port (`vls`). */
  readonly vls: number;
  /** Capacity in bytes of VL `vl`'s buffer at input `port`; without `vl`, of the whole port. */
  inputCapacity(port: number, vl?: number): number;
  /** Bytes held in VL `vl`'s buffer at input `port`; without `vl`, in the whole port. */
  inputOccupancy(port: number, vl?: number): number;
  /** Packets held at input `port` on VL `vl`, oldest first; without `vl`, of every VL in arrival order. */
  inputPackets(port: number, vl?: number): readonly Packet[];
  /** Capacity in bytes of VL `vl`'s output buffer at `port` (CIOQ; 0 without output buffers); without `vl`, of the whole port. */
  outputCapacity(port: number, vl?: number): number;
  /** Bytes held in VL `vl`'s output buffer at `port`; without `vl`, in the whole port. */
  outputOccupancy(port: number, vl?: number): number;
  /** Packets in VL `vl`'s output buffer at `port`, oldest first; without `vl`, of every VL in the order they entered. */
  outputPackets(port: number, vl?: number): readonly Packet[];
  /**
   * Under PAUSE: whether input `port` has sent XOFF upstream for priority `vl` and not yet
   * XON; without `vl`, for any priority. Always false with credits.
   */
  inputPaused(port: number, vl?: number): boolean;
  /** Sends a congestion notification the switch generated (a QCN CNM) toward its destination, ahead of queued data. */
  sendNotification(frame: Packet): void;
  /** Calls `listener` with every control frame a marking policy sends from this switch (`SwitchView.notify`). */
  onNotification(listener: (frame: Packet) => void): void;
}

/** What every switch model is built from. */
export interface SwitchOptions {
  name: string;
  ports: number;
  /**
   * Output port for each destination host index (-1: unreachable from here), or an entry
   * below -1 naming an equal-cost multipath group of `ecmp` (`Forwarding.ports` of
   * @losslab/topology).
   */
  routes: ArrayLike<number>;
  /**
   * Equal-cost multipath: the groups `routes` entries below -1 name, and this switch's seed
   * of the flow hash that picks a group's member (`Forwarding` of @losslab/topology, e.g. the
   * fat tree's uplinks). Leave it out when every entry is one port.
   */
  ecmp?: { readonly groups: Int32Array; readonly salt: number };
  /**
   * Capacity of each input buffer in bytes (rounded down to whole credit blocks): of each VL's
   * buffer when the port has several (`vls`), so a port holds `vls x inputBufferBytes`.
   */
  inputBufferBytes: number;
  /** The largest packet in the fabric; a buffer with less room than this is "full". */
  maxPacketBytes: number;
  creditBytes?: number;
  /** Minimum delay from a header's arrival to the start of its forwarding (cut-through). Default 40 ns. */
  forwardingDelay?: Time;
  marking?: MarkingPolicyFactory;
  /** Link-level flow control of the input buffers: `{ kind: "credits" }` (default) or PAUSE. */
  flowControl?: FlowControl;
  /**
   * The simulation's packet factory, for the frames the switch makes itself: required with
   * PAUSE flow control (PAUSE frames are packets) and with a marking policy that sends
   * notifications (QCN CNMs, turner-2001's CN packets to the subnet manager).
   */
  packets?: PacketFactory;
  /**
   * Virtual lanes per port, 1..15 (default 1; turner-2001 sec. 2): each input port has one
   * buffer per VL and each output one credit account per VL. A packet travels on VL
   * `packet.vl` on every hop; a "cioq" switch has one output buffer per (output, VL) too.
   * Under PAUSE at most 8, each VL a PFC priority (802.1Qbb) paused on its own.
   */
  vls?: number;
  /**
   * With `vlScheduling` "wrr": the weight of each VL in an output's weighted round-robin VL
   * arbitration, in packets per turn (default all 1).
   */
  vlWeights?: readonly number[];
  /**
   * Push an in-band telemetry record (HPCC's INT: queue bytes, transmitted bytes, time,
   * bandwidth; `IntRecord` of `@losslab/core`) onto every data packet that asks for it
   * (`Packet.telemetry` not null) as it starts on an output (Li et al., SIGCOMM 2019,
   * sec. 3). Default false: the switch then counts nothing for it.
   */
  telemetry?: boolean;
  /**
   * How an output picks among its VLs (`ClassScheduling` of core): "wrr"
   * (default, `vlWeights`), "strict" (the highest VL first, 802.1Q) or "dwrr" (deficit
   * weighted round robin in bytes, `vlQuantaBytes`; Shreedhar and Varghese 1995).
   */
  vlScheduling?: ClassScheduling;
  /** With `vlScheduling` "dwrr": each VL's quantum in bytes (default all `maxPacketBytes`). */
  vlQuantaBytes?: readonly number[];
}

/** The common options of every model plus each organisation's own. */
export interface SwitchModelOptions extends SwitchOptions {
  /** "input-buffered" only: how often an output's FIFO head may be bypassed. Default 4. */
  maxBypass?: number;
  /** "input-buffered" only: the order free outputs are offered a packet in (`OutputOrder`). Default "rotate". */
  outputOrder?: OutputOrder;
  /** "voq", and "cioq" with `inputQueues: "voq"`: iSLIP iterations per arbitration. Default 1. */
  islipIterations?: number;
  /** "cioq" only: crossbar speedup (>= 1). Default 2. */
  speedup?: number;
  /** "cioq" only, and required there: bytes per output buffer, at least one maximum-size packet. */
  outputBufferBytes?: number;
  /** "cioq" only: "fifo" (default, HOL blocking at inputs) or "voq" (iSLIP). */
  inputQueues?: "fifo" | "voq";
}
