import type { Time } from "@losslab/engine";
import type { IntRecord } from "./int-record.js";
import type { Packet, PacketKind, PacketRecord } from "./packet.js";

/**
 * How everyone but a packet's owner reads a packet: marking policies (`SwitchView.packets`),
 * listeners of links (`TransmissionListener`, `ArrivalListener`), packet traces and plugins.
 * Read-mostly: the one write is `mark`, the congestion bits a marking policy may set.
 *
 * A `Packet` handed to a hook or a listener is valid only during that call: its slot is
 * recycled once the packet is consumed. Keep its `id`, or copy what you need (`record`).
 * Every read is a typed-array load; nothing allocates but `record` and `telemetry`'s list.
 */
export interface PacketReader {
  /** Unique within one simulation: a counter, independent of the slot. */
  id(packet: Packet): number;
  kind(packet: Packet): PacketKind;
  /** The flow the packet belongs to (an ACK carries its data packet's flow). */
  flow(packet: Packet): number;
  /** Host index of the sender. */
  source(packet: Packet): number;
  /** Host index of the receiver. */
  destination(packet: Packet): number;
  /** Bytes on the wire, header included. */
  size(packet: Packet): number;
  /** Sequence number within the flow (an ACK: the one it acknowledges; a PAUSE: the pause time in quanta). */
  seq(packet: Packet): number;
  /** Virtual lane / priority. */
  vl(packet: Packet): number;
  /** When the packet was generated (latency counts from here). */
  createdAt(packet: Packet): Time;
  /** When its first byte left the source adapter; -1 until then. */
  injectedAt(packet: Packet): Time;
  /** Congestion bits (`CongestionBit`), set by switches and echoed by destinations. */
  bits(packet: Packet): number;
  /** Whether congestion bit `bit` is set. */
  hasBit(packet: Packet, bit: number): boolean;
  /** Whether it is a data packet (`PacketKind.Data`). */
  isData(packet: Packet): boolean;
  /** How many data packets an ACK covers (ACK coalescing); 1 otherwise. */
  covers(packet: Packet): number;
  /** A QCN notification's quantized feedback (0..63); an RCCC data packet's pull target (256 B quanta); 0 otherwise. */
  feedback(packet: Packet): number;
  /** `TransportFlag`s of a data packet; 0 otherwise. */
  transport(packet: Packet): number;
  /** The entropy value (`PacketFields.entropy`); -1 when none. */
  entropy(packet: Packet): number;
  /** An ACK's echo of its data packet's `injectedAt`; -1 otherwise. */
  echoedSendTime(packet: Packet): Time;
  /** INT records (HPCC): on a data packet that asked for them, pushed hop by hop; on its ACK, echoed. null otherwise. */
  telemetry(packet: Packet): readonly IntRecord[] | null;
  /** Sets congestion bits `bits` (`CongestionBit`, or-ed in; a set bit is never cleared): the only write a policy may make. */
  mark(packet: Packet, bits: number): void;
  /** A plain copy of every field, for an observer that keeps what it saw (allocates). */
  record(packet: Packet): PacketRecord;
}
