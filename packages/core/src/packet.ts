import type { Time } from "@losslab/engine";
import type { IntRecord } from "./int-record.js";

/** What a packet is. Numbers, not strings: the kind is read on every hop. */
export const PacketKind = {
  /** Payload of a flow. */
  Data: 0,
  /** Acknowledgment returned by the destination; echoes the data packet's congestion bits. */
  Ack: 1,
  /** Congestion notification packet (turner-2001 sec. 3 CN, InfiniBand CNP, QCN CNM). */
  Cnp: 2,
  /**
   * An 802.3x PAUSE / 802.1Qbb PFC frame: link-local (never forwarded or delivered), `seq`
   * holds the pause time in quanta (0: XON, resume), `vl` the priority it applies to.
   */
  Pause: 3,
  /**
   * An RDMA READ request (turner-2001 sec. 3): asks its destination, the responder, to send
   * the read responses of flow `flow`. Not a data packet: never marked.
   */
  ReadRequest: 4,
  /**
   * A pull (Ultra Ethernet's RCCC credit, docs/spec/uec.md sec. 3): the destination of flow
   * `flow` grants its source credit; `seq` is the cumulative credit granted so far, in
   * 256 B quanta. Control-sized, not a data packet.
   */
  Pull: 5,
  /**
   * A negative acknowledgment: the destination received the trimmed header of data packet
   * `seq` of `flow` (its payload was cut on a lossy priority) and asks for it again
   * (uet-htsim `uec.cpp:2741-2793`, the receiver's NACK). ACK-sized.
   */
  Nack: 6,
  /**
   * A credit-update frame of credit-based flow control on Ethernet (UEC's CBFC): link-local
   * like PAUSE, `seq` holds the cumulative credit blocks its sender's buffer has freed on
   * priority `vl`, modulo `CREDIT_COUNTER_MODULO` (`credit-update-frame.ts`).
   */
  CreditUpdate: 7,
  /**
   * A request to send (Ultra Ethernet's RTS, uet-htsim `uec.cpp:2173-2203`): a source with
   * receiver credits that timed out without credit asks the destination of `flow` for some;
   * `seq` is the flow's last pull target (256 B quanta), `covers` 0. The destination answers
   * with an Rts of `covers` 1, its acknowledgment (uet-htsim's ACK with `is_rts`,
   * `uec.cpp:2861-2863`). ACK-sized, not a data packet.
   */
  Rts: 8,
} as const;
export type PacketKind = (typeof PacketKind)[keyof typeof PacketKind];

/** Congestion bits carried in a packet header, as a bit set. A set bit is never cleared. */
export const CongestionBit = {
  /** ECN / FECN: set by a switch on a packet that contributes to congestion. */
  Ecn: 1,
  /** BECN: set on an ACK or CNP returning an ECN mark to the source. */
  Becn: 2,
  /** MVCM "marked" bit (ferrer-2012 sec. 3): set at an input buffer above its threshold. */
  Marked: 4,
  /** MVCM "validated" bit: set at an output buffer above its threshold, only if marked. */
  Validated: 8,
} as const;
export type CongestionBit = (typeof CongestionBit)[keyof typeof CongestionBit];

/**
 * Transport-header flags a source CA sets on its data packets (InfiniBand's Base Transport
 * Header), as a bit set.
 */
export const TransportFlag = {
  /**
   * AckReq: acknowledge this packet now (turner-2001 sec. 5.1: "a source CA has to request
   * an explicit acknowledgement for at least one data packet in a set of data packets that
   * exhaust the congestion window, by setting its AckReq bit").
   */
  AckRequest: 1,
  /** An unreliable transport service: the destination returns no ACK, only CN packets (sec. 3). */
  Unreliable: 2,
  /**
   * An RDMA READ response: not acknowledged, so the destination (the requester) answers a
   * marked one with a CN packet, as for unreliable service (sec. 3 case 3).
   */
  ReadResponse: 4,
  /**
   * A switch on a lossy priority cut this data packet's payload and forwarded its header
   * (packet trimming, uet-htsim `compositequeue.cpp:161-229`): the destination NACKs it
   * instead of delivering it.
   */
  Trimmed: 8,
  /**
   * With `Trimmed`: the cut was at the egress toward the packet's destination host, its last
   * hop (uet-htsim tells it from the hop count saved at the trim, `uec.cpp:2745-2749`).
   */
  TrimmedLastHop: 16,
} as const;
export type TransportFlag = (typeof TransportFlag)[keyof typeof TransportFlag];

/**
 * One packet, as the hot path handles it: its slot in the simulation's `PacketStore`, a small
 * integer. A packet's fields live in the store's typed arrays, read through `PacketReader`
 * (`packets.size(packet)`, ...), so a packet in flight is no JS object and queues hold plain
 * numbers.
 *
 * Slots are recycled: once the device a packet is addressed to has consumed it (a host has
 * delivered or processed it, a device has acted on a PAUSE frame) it goes back to
 * `PacketStore.release`, and a store that reuses slots (runScenario's) hands the slot out
 * again to a new packet with a new `id`. So a listener, a marking policy or any other observer
 * must not keep a packet beyond the call that hands it over: keep its `id` or copy the fields
 * it needs (`PacketReader.record`).
 */
export type Packet = number;

/** A packet's fields as a plain object: what `PacketStore.create` takes. */
export interface PacketFields {
  kind: PacketKind;
  flow: number;
  source: number;
  destination: number;
  size: number;
  seq: number;
  vl?: number;
  createdAt: Time;
  bits?: number;
  covers?: number;
  feedback?: number;
  transport?: number;
  /**
   * The entropy value ECMP switches hash with the flow (UEC's EV, docs/spec/uec.md sec. 4): a
   * data packet's is its source's choice, an ACK echoes its data packet's. Default -1: none,
   * so the flow alone picks the path.
   */
  entropy?: number;
  /** A data packet that asks for INT records: an empty list; an ACK: the records of the data packet it echoes. */
  telemetry?: IntRecord[] | null;
  /** An ACK: the send time (`injectedAt`) of the data packet it acknowledges. */
  echoedSendTime?: Time;
}

/**
 * A copy of every field of one packet, taken at one moment (`PacketReader.record`): for
 * observers that keep what they saw (tests, traces that print later). Not for the hot path:
 * it allocates.
 */
export interface PacketRecord {
  /** Unique within one simulation: a counter, independent of the slot. */
  readonly id: number;
  readonly kind: PacketKind;
  /** The flow this packet belongs to (an ACK carries its data packet's flow). */
  readonly flow: number;
  /** Host index of the sender of this packet. */
  readonly source: number;
  /** Host index of the receiver of this packet. */
  readonly destination: number;
  /** Bytes on the wire, header included. */
  readonly size: number;
  /** Sequence number within the flow (for an ACK: the sequence number it acknowledges; for a PAUSE: the pause time in quanta). */
  readonly seq: number;
  /** Virtual lane / priority. */
  readonly vl: number;
  /** When the packet was generated (latency counts from here, including the wait at the source). */
  readonly createdAt: Time;
  /** When its first byte left the source adapter; -1 until then. */
  readonly injectedAt: Time;
  /** Congestion bits (`CongestionBit`), set by switches and echoed by destinations. */
  readonly bits: number;
  /** How many data packets an ACK covers (ACK coalescing, turner-2001 sec. 3); 1 otherwise. */
  readonly covers: number;
  /**
   * A QCN congestion notification's quantized feedback QntzFb (0..63, 802.1Qau); a data packet
   * of a flow under receiver credits (RCCC): its pull target, cumulative, in 256 B quanta; 0 otherwise.
   */
  readonly feedback: number;
  /** `TransportFlag`s of a data packet (AckReq, unreliable service); 0 otherwise. */
  readonly transport: number;
  /**
   * An ACK's echo of the send time (`injectedAt`) of the data packet it acknowledges, the
   * last one it covers (TIMELY's RTT, Mittal et al., SIGCOMM 2015, sec. 4); -1 otherwise.
   */
  readonly echoedSendTime: Time;
  /**
   * In-band telemetry (HPCC's INT, Li et al., SIGCOMM 2019, sec. 3): on a data packet whose
   * source asked for it, the records the switches' egress ports pushed, in path order; on
   * its ACK, the same records echoed. null when not asked for.
   */
  readonly telemetry: readonly IntRecord[] | null;
}
