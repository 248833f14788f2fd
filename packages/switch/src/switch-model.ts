import type { Device, MarkingPolicyFactory, Packet, PacketStore, SwitchView } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { Forwarding } from "@losslab/topology";
import type { FlowControlOption } from "./flow-control.js";
import type { FlowControl } from "./flow-controls.js";
import type { PacketRouterFactory } from "./packet-router.js";
import type { VlOptions } from "./vl-parameters.js";

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
  /** Whether a PAUSE from the device downstream of `output` holds priority `vl` now; always false with credits. */
  outputPaused(output: number, vl: number): boolean;
  /** Sends a congestion notification the switch generated (a QCN CNM) toward its destination, ahead of queued data. */
  sendNotification(frame: Packet): void;
  /** Calls `listener` with every control frame a marking policy sends from this switch (`SwitchView.notify`). */
  onNotification(listener: (frame: Packet) => void): void;
  /** Bytes drawn from the switch's shared pool (the shared-buffer organisation); absent without one. */
  sharedOccupancy?(): number;
  /**
   * Forwards by `forwarding` from now on (routes recomputed after link failures), or by the
   * table it was built with again when undefined. Throws when the switch routes each packet
   * itself (`SwitchOptions.router`).
   */
  reroute(forwarding: Pick<Forwarding, "ports" | "groups"> | undefined): void;
}

/**
 * What every switch model is built from: its wiring (name, ports, routes, packets, marking),
 * the fields every switch has (`switchParameters`, here in model units) and its VLs
 * (`vlParameters`). An organisation's own options are its definition's parameters.
 */
export interface SwitchOptions extends VlOptions {
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
   * Routing decided per packet instead of by `routes` (a Dragonfly's Valiant and UGAL routes,
   * its VLs by hop class: @losslab/switch's `dragonflyRouter`), made with the switch's queue
   * state. Leave it out to forward by the table.
   */
  router?: PacketRouterFactory;
  /** Outputs whose link leads to a host: a packet trimmed there is trimmed at its last hop (`TransportFlag.TrimmedLastHop`). */
  hostOutputs?: readonly number[];
  /** Bytes of each (input, VL) buffer, rounded down to whole credit blocks (`switchParameters`' `bufferPackets` or `inputBufferBytes`). */
  inputBufferBytes: number;
  /** The largest packet in the fabric; a buffer with less room than this is "full". */
  maxPacketBytes: number;
  /** Bytes of a credit block (`switchParameters.creditBytes`). */
  creditBytes?: number;
  /** From a header's arrival to the earliest start of its forwarding, ps (`switchParameters.forwardingDelayNs`). */
  forwardingDelay?: Time;
  marking?: MarkingPolicyFactory;
  /** Link-level flow control of the input buffers: a kind of `flowControls` (`CreditFlowControl`, the default, or `PauseFlowControl`). */
  flowControl?: FlowControl | FlowControlOption;
  /**
   * The simulation's packets (`PacketStore`): every packet the switch handles is a slot of
   * it, and the frames it makes itself (PAUSE frames, the marking policy's notifications)
   * are created there. One store per simulation, shared by every device and link.
   */
  packets: PacketStore;
  /**
   * Push an in-band telemetry record (HPCC's INT: queue bytes, transmitted bytes, time,
   * bandwidth; `IntRecord` of `@losslab/core`) onto every data packet that asks for it
   * (`PacketReader.telemetry` not null) as it starts on an output (Li et al., SIGCOMM 2019,
   * sec. 3). Default false: the switch then counts nothing for it.
   */
  telemetry?: boolean;
  /**
   * Outputs whose link runs at a share of its speed (a degraded link, docs/spec/uec.md C14),
   * with that share: the per-output thresholds sized for a full-speed link scale by it, as
   * uet-htsim scales a degraded link's queue (`dc/fat_tree_topology.cpp:1174-1177`). The
   * shared-buffer switch scales a lossy priority's trim threshold and header queue; the link
   * itself carries the speed. Default none.
   */
  degradedOutputs?: ReadonlyMap<number, number>;
}
